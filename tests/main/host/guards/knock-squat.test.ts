// Nobody can squat a PIN table's door: look-alike knocks from many addresses neither keep the
// real friend out of line nor hide her from the owner. Her screen shows her knock's code, the
// owner sees it beside her name, and finds her by it among any number of "Dana"s. Each device is
// a client bound to its own loopback address (127.0.x.y).
import { describe, expect, it } from 'vitest';
import type { Knock, Seated } from '../../../../src/shared/protocol';
import { MAX_KNOCKS_PER_ADDRESS } from '../../../../src/main/host/table/knocks';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { deviceId, devicesOf } from '../../../kit/clients/devices';
import type { Player } from '../../../kit/clients/player';

let host: TestHost;
const device = devicesOf(() => host);

const knocksSeen = (p: Player): Knock[] =>
  p.inbox
    .filter((m) => m.event === 'table:knocks')
    .map((m) => (m.payload as { knocks: Knock[] }).knocks)
    .at(-1) ?? [];

/** Mum's 6-seat PIN table, in its lobby. */
async function pinTable(): Promise<{ tableId: string; mum: Player }> {
  const mum = await device('127.0.0.2', 2);
  const r = await mum.request<Seated>('table:create', { name: 'Family', players: 6, playerName: 'Mum', pin: '2580' });
  if (!r.ok) throw new Error(r.code);
  mum.seated(r);
  return { tableId: r.tableId, mum };
}

/** `addresses` squatters knocking as "Dana", `each` devices per address (127.0.<a>.<d>). */
async function squat(tableId: string, addresses: number, each: number, firstNet: number): Promise<void> {
  for (let a = 0; a < addresses; a++) {
    const net = firstNet + Math.floor(a / 200);
    for (let d = 0; d < each; d++) {
      const p = await device(`127.0.${net}.${(a % 200) + 2}`, d, deviceId(`s${net}x${a}x${d}`));
      await p.request('table:knock', { tableId, name: 'Dana' });
    }
  }
}

/** Dana knocks from her own address; the owner finds her by the code on her screen and lets her in; ms from knock to seat. */
async function danaGetsIn(tableId: string, mum: Player, squatting: () => Promise<void>): Promise<number> {
  const dana = await device('127.0.99.2', 9, deviceId('dana'));
  const began = Date.now();
  const knocked = await dana.request<{ code: string }>('table:knock', { tableId, name: 'Dana' });
  if (!knocked.ok) throw new Error(`Dana's knock: ${knocked.code}`);
  await squatting(); // more look-alikes arrive while she waits
  await waitFor(() => knocksSeen(mum).some((k) => k.code === knocked.code), 'Mum to see Dana’s code');
  const mine = knocksSeen(mum).filter((k) => k.code === knocked.code);
  expect(mine).toHaveLength(1);
  expect(await mum.request('table:answerKnock', { id: mine[0]!.id, admit: true })).toEqual({ ok: true });
  await waitFor(() => dana.inbox.some((m) => m.event === 'table:admitted'), 'Dana let in');
  return Date.now() - began;
}

describe('look-alike knocks', () => {
  it('from 4 addresses do not fill the door: the real Dana is in line, found by her code, let in', async () => {
    host = await startHost();
    const { tableId, mum } = await pinTable();
    await squat(tableId, 4, 1, 20);
    await waitFor(() => knocksSeen(mum).length === 4, 'the look-alikes waiting');
    // Turned away, they come back from fresh addresses: Dana stays in line all the same.
    for (const k of knocksSeen(mum)) expect(await mum.request('table:answerKnock', { id: k.id, admit: false })).toEqual({ ok: true });
    await squat(tableId, 4, 1, 21);
    const ms = await danaGetsIn(tableId, mum, () => squat(tableId, 4, 1, 22));
    console.log(`4 look-alike addresses: Dana seated ${ms} ms after knocking, ${knocksSeen(mum).length} look-alikes still waiting`);
  }, 60_000);

  it(`from 100 addresses, ${MAX_KNOCKS_PER_ADDRESS} devices each, neither push the real Dana out nor hide her`, async () => {
    host = await startHost();
    const { tableId, mum } = await pinTable();
    await squat(tableId, 100, MAX_KNOCKS_PER_ADDRESS, 30);
    const ms = await danaGetsIn(tableId, mum, () => squat(tableId, 100, MAX_KNOCKS_PER_ADDRESS, 31));
    const dana = knocksSeen(mum).filter((k) => k.name === 'Dana');
    console.log(`100 look-alike addresses: Dana seated ${ms} ms after knocking, ${dana.length} look-alikes still waiting`);
    expect(dana.length).toBeGreaterThan(100); // the door was crowded the whole time
  }, 180_000);
});
