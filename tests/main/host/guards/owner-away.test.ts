// The owner's rights move only after the owner has been away as long as their own choice for a
// dropped seat (never less than the grace period; five minutes at a table that waits), never on
// a blip; and what the owner chose for dropped seats is theirs alone. Each device is a client
// bound to its own loopback address (127.0.0.x); the host's clock is moved by hand.
import { describe, expect, it } from 'vitest';
import type { Resumed, Seated, TableInfo } from '../../../../src/shared/protocol';
import { OWNER_WAIT_S } from '../../../../src/main/host/table/move-checks';
import { type TestHost, manualClock, startHost, waitFor } from '../../../kit/host/host';
import { devicesOf } from '../../../kit/clients/devices';
import { Player } from '../../../kit/clients/player';

let host: TestHost;
const device = devicesOf(() => host);

const latest = (p: Player) =>
  p.inbox
    .filter((m) => m.event === 'table:updated')
    .map((m) => m.payload as TableInfo)
    .at(-1);

/** The owner (127.0.0.2) and two guests (.3, .4) at a 4-seat lobby; the owner chose `afterS` for dropped seats. */
async function lobbyOfThree(afterS: 30 | 60 | 120 | null) {
  const owner = await device('127.0.0.2', 2);
  const created = await owner.request<Seated>('table:create', { name: 'Family', players: 4, playerName: 'Mum' });
  if (!created.ok) throw new Error(created.code);
  owner.seated(created);
  const [guest, other] = [await device('127.0.0.3', 3), await device('127.0.0.4', 4)];
  expect(await guest.join(created.tableId, 'Gus')).toMatchObject({ ok: true, seat: 1 });
  expect(await other.join(created.tableId, 'Ola')).toMatchObject({ ok: true, seat: 2 });
  expect(await owner.request('table:autoBot', { afterS })).toEqual({ ok: true });
  await waitFor(() => latest(guest)?.autoBotAfterS === afterS, 'the guest to see the owner’s choice');
  return { owner, guest, other, tableId: created.tableId };
}

/** Everything a guest tried on the owner's table 0.3 s after the owner's phone dropped. */
async function guestTakesOver(guest: Player) {
  return {
    autoBot: await guest.request('table:autoBot', { afterS: null }),
    remove: await guest.request('table:removePlayer', { seat: 2 }),
    addBot: await guest.request('table:addBot', { seat: 3 }),
    start: await guest.request('table:start'),
  };
}

describe('the owner’s rights while the owner is away', () => {
  it('do not move on a blip: 0.3 s after the owner drops, a guest changes nothing; the owner comes back to their own table', async () => {
    const clock = manualClock();
    host = await startHost({ clock, graceMs: 30_000 });
    const { owner, guest, other, tableId } = await lobbyOfThree(120);
    owner.socket.disconnect();
    await waitFor(() => latest(guest)?.seats[0]?.connected === false, 'the guest to see the owner gone');
    clock.t += 300;
    const tried = await guestTakesOver(guest);
    for (const reply of Object.values(tried)) expect(reply).toMatchObject({ ok: false, code: 'NOT_OWNER' });
    // Still not after the grace period: the owner's own choice (2 min) is what counts.
    clock.t += 60_000;
    expect(await guest.request('table:addBot', { seat: 3 })).toMatchObject({ ok: false, code: 'NOT_OWNER' });

    const back = await device('127.0.0.2', 5);
    const r = await back.request<Resumed>('table:resume', { tableId, token: owner.token });
    expect(r).toMatchObject({ ok: true, seat: 0, table: { owner: 0, phase: 'lobby', autoBotAfterS: 120 } });
    expect(r.ok && r.table.seats.map((s) => s.kind)).toEqual(['human', 'human', 'human', 'free']);
    expect(other.inbox.some((m) => m.event === 'table:removed')).toBe(false);
  });

  it('move after the owner’s own dropped-seat time, except the owner’s settings, which no guest changes', async () => {
    const clock = manualClock();
    host = await startHost({ clock, graceMs: 30_000 });
    const { owner, guest } = await lobbyOfThree(120);
    owner.socket.disconnect();
    await waitFor(() => latest(guest)?.seats[0]?.connected === false, 'the guest to see the owner gone');
    clock.t += 120_000;
    expect(await guest.request('table:autoBot', { afterS: 30 })).toMatchObject({ ok: false, code: 'NOT_OWNER' });
    expect(await guest.request('table:addBot', { seat: 3 })).toEqual({ ok: true });
    expect(await guest.request('table:start')).toEqual({ ok: true });
    expect(host.tables.get(latest(guest)!.id)!.model.autoBotAfterS).toBe(120);
  });

  it('at a table that waits for dropped players, move after the stated five minutes', async () => {
    const clock = manualClock();
    host = await startHost({ clock, graceMs: 30_000 });
    const { owner, guest } = await lobbyOfThree(null);
    owner.socket.disconnect();
    await waitFor(() => latest(guest)?.seats[0]?.connected === false, 'the guest to see the owner gone');
    clock.t += OWNER_WAIT_S * 1000 - 1;
    expect(await guest.request('table:addBot', { seat: 3 })).toMatchObject({ ok: false, code: 'NOT_OWNER' });
    clock.t += 1;
    expect(await guest.request('table:addBot', { seat: 3 })).toEqual({ ok: true });
    expect(await guest.request('table:autoBot', { afterS: 30 })).toMatchObject({ ok: false, code: 'NOT_OWNER' });
  });
});
