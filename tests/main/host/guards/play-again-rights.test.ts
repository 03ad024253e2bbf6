// Play again hands nobody a right they did not have: the owner whose phone blinked as the game
// ended still owns the new table (its settings stay theirs), and a player who left the finished
// game on purpose is not put back into the new one through their old token. Each device is a
// client bound to its own loopback address (127.0.0.x).
import { describe, expect, it } from 'vitest';
import type { Resumed, Seated, TableInfo } from '../../../../src/shared/protocol';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { devicesOf } from '../../../kit/clients/devices';
import type { Player } from '../../../kit/clients/player';

let host: TestHost;
const device = devicesOf(() => host);

const latest = (p: Player) =>
  p.inbox
    .filter((m) => m.event === 'table:updated')
    .map((m) => m.payload as TableInfo)
    .at(-1);

/** Mum (127.0.0.2, owner, chose a 120 s wait for dropped seats), Gus (127.0.0.3) and a bot, played to the end. */
async function finishedGame(): Promise<{ mum: Player; gus: Player; tableId: string }> {
  const mum = await device('127.0.0.2', 2);
  const created = await mum.request<Seated>('table:create', { name: 'Family', players: 3, playerName: 'Mum' });
  if (!created.ok) throw new Error(created.code);
  mum.seated(created);
  const gus = await device('127.0.0.3', 3);
  expect(await gus.join(created.tableId, 'Gus')).toMatchObject({ ok: true, seat: 1 });
  expect(await mum.request('table:addBot', { seat: 2 })).toEqual({ ok: true });
  expect(await mum.request('table:autoBot', { afterS: 120 })).toEqual({ ok: true });
  expect(await mum.request('table:start')).toEqual({ ok: true });
  mum.startAutoplay();
  gus.startAutoplay();
  await Promise.all([mum.waitOver(30_000), gus.waitOver(30_000)]);
  mum.stopAutoplay();
  gus.stopAutoplay();
  return { mum, gus, tableId: created.tableId };
}

describe('Play again', () => {
  it('keeps the owner the owner when their phone blinks as the game ends: a guest who taps it changes nothing of theirs', async () => {
    host = await startHost({ graceMs: 30_000 });
    const { mum, gus, tableId } = await finishedGame();
    mum.socket.disconnect();
    await waitFor(() => latest(gus)?.seats[0]?.connected === false, 'Gus to see Mum gone');

    const again = await gus.request<Seated>('table:rematch');
    if (!again.ok) throw new Error(again.code);
    gus.seated(again);
    expect(again.table.owner).toBe(0);
    expect(await gus.request('table:autoBot', { afterS: 30 })).toMatchObject({ ok: false, code: 'NOT_OWNER' });
    expect(host.tables.get(again.tableId)?.model.autoBotAfterS).toBe(120);

    // Mum's phone comes back with the finished table's token: into the new game, still its owner.
    const back = await device('127.0.0.2', 5);
    const r = await back.request<Resumed>('table:resume', { tableId, token: mum.token });
    expect(r).toMatchObject({ ok: true, tableId: again.tableId, seat: 0, table: { owner: 0 } });
    expect(await back.request('table:autoBot', { afterS: 60 })).toEqual({ ok: true });
  }, 60_000);

  it('does not put back a player who left the finished game on purpose: a bot takes their seat, their token leads nowhere new', async () => {
    host = await startHost();
    const { mum, gus, tableId } = await finishedGame();
    expect(await gus.request('table:leave')).toEqual({ ok: true });
    gus.socket.disconnect();

    const again = await mum.request<Seated>('table:rematch');
    if (!again.ok) throw new Error(again.code);
    expect(again.table.seats.map((s) => s.kind)).toEqual(['human', 'bot', 'bot']);
    // Gus's old token: back at the finished table he left, not seated in the new game.
    const back = await device('127.0.0.3', 6);
    const r = await back.request<Resumed>('table:resume', { tableId, token: gus.token });
    if (r.ok) expect(r.tableId).toBe(tableId);
    expect(host.tables.get(again.tableId)?.model.seats[1]?.tokenHash).toBeNull();
  }, 60_000);
});
