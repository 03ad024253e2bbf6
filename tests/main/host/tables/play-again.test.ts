// Play again takes every seated player along: a player whose phone dropped before the end is in
// the new game in their own seat (a bot plays it meanwhile if one played it at the end), and
// their old token brings them there in one step, whether the finished table is still open or
// already archived. Whoever watched the finished table (a TV board) is told the new one.
import { afterEach, describe, expect, it } from 'vitest';
import type { Resumed, Seated, TableInfo, WatchNext } from '../../../../src/shared/protocol';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { seatPlayers } from '../../../kit/host/tables';

let host: TestHost | undefined;
afterEach(async () => host?.dispose());

const lastInfo = (p: Player) =>
  p.inbox
    .filter((m) => m.event === 'table:updated')
    .map((m) => m.payload as TableInfo)
    .at(-1);

/** A 3-seat PIN table (P0 owns it) whose seat 2 dropped mid-game and went to a bot, played to its end; a board watches it. */
async function droppedAtTheEnd(h: TestHost) {
  const t = await seatPlayers(h, 3, { pin: '2468' });
  const [owner, stays, drops] = t.players as [Player, Player, Player];
  const board = new Player(await h.connect(), 50);
  expect(await board.request('table:spectate', { tableId: t.tableId, pin: '2468' })).toMatchObject({ ok: true });
  expect(await owner.request('table:autoBot', { afterS: 30 })).toEqual({ ok: true });
  expect(await owner.request('table:start')).toEqual({ ok: true });
  await waitFor(() => t.players.every((p) => p.view !== null), 'first views');
  drops.socket.disconnect();
  await waitFor(() => lastInfo(owner)?.seats[2]?.botPlaying === true, 'a bot in the dropped seat');
  owner.startAutoplay();
  stays.startAutoplay();
  await Promise.all([owner, stays].map((p) => p.waitOver(30_000)));
  return { t, owner, stays, drops, board };
}

describe('Play again with a dropped seat', () => {
  it('seats the dropped player in the new game, and their old token brings them there, played by themselves', async () => {
    // One "second" of the table's choice lasts 1 ms here: the bot takes the dropped seat at once.
    host = await startHost({ secondMs: 1, botDelayMs: 0 });
    const { t, owner, stays, drops, board } = await droppedAtTheEnd(host);

    const again = await owner.request<Seated>('table:rematch');
    if (!again.ok) throw new Error(again.code);
    owner.stopAutoplay();
    stays.stopAutoplay();
    expect(again.table.from).toBe(t.tableId);
    // Every player in their seat, none replaced; the away player's seat played by a bot for now.
    expect(again.table.seats.map((s) => [s.kind, s.name, s.botPlaying])).toEqual([
      ['human', 'P0', false],
      ['human', 'P1', false],
      ['human', 'P2', true],
    ]);
    await waitFor(() => stays.inbox.some((m) => m.event === 'table:rematch'), 'the present player told');
    // The board is told which table to watch next, with what lets it in there.
    await waitFor(() => board.inbox.some((m) => m.event === 'table:next'), 'the board told');
    const next = board.inbox.find((m) => m.event === 'table:next')!.payload as WatchNext;
    expect(next.tableId).toBe(again.tableId);
    expect(await board.request('table:spectate', { tableId: next.tableId, invite: next.invite })).toMatchObject({ ok: true, table: { id: again.tableId } });

    // The dropped phone comes back with the finished table's token: one step, into the new game.
    const back = new Player(await host.connect(), 9);
    const r = await back.request<Resumed>('table:resume', { tableId: t.tableId, token: drops.token });
    expect(r).toMatchObject({ ok: true, tableId: again.tableId, seat: 2 });
    expect(r.ok && r.table.seats[2]).toMatchObject({ name: 'P2', botPlaying: false, connected: true });
    await waitFor(() => back.view?.viewer === 2, 'the new game’s view of seat 2');
  });

  it('tells a board that comes back to the finished table after Play again which table to watch', async () => {
    host = await startHost({ secondMs: 1, botDelayMs: 0 });
    const { t, owner, stays, board } = await droppedAtTheEnd(host);
    board.socket.disconnect(); // the TV's Wi-Fi blinks as the owner plays again
    const again = await owner.request<Seated>('table:rematch');
    if (!again.ok) throw new Error(again.code);
    owner.stopAutoplay();
    stays.stopAutoplay();
    const tv = new Player(await host.connect(), 51);
    const watched = await tv.request<{ next?: WatchNext }>('table:spectate', { tableId: t.tableId, pin: '2468' });
    expect(watched).toMatchObject({ ok: true, next: { tableId: again.tableId } });
    if (!watched.ok || !watched.next) throw new Error('no next table');
    const next = watched.next;
    expect(await tv.request('table:spectate', { tableId: next.tableId, invite: next.invite })).toMatchObject({ ok: true });
  });

  it('brings the dropped player to the new game after the finished table went to the archive', async () => {
    host = await startHost({ secondMs: 1, botDelayMs: 0 });
    const { t, owner, stays, drops, board } = await droppedAtTheEnd(host);
    const again = await owner.request<Seated>('table:rematch');
    if (!again.ok) throw new Error(again.code);
    owner.stopAutoplay();
    stays.stopAutoplay();
    // Everyone else follows; the finished table, with nobody at it, leaves memory for the archive.
    await waitFor(() => stays.inbox.some((m) => m.event === 'table:rematch'), 'the present player told');
    const told = stays.inbox.find((m) => m.event === 'table:rematch')!.payload as Seated;
    expect(await stays.request('table:resume', { tableId: told.tableId, token: told.token })).toMatchObject({ ok: true });
    board.socket.disconnect();
    await waitFor(() => host!.tables.get(t.tableId) === undefined, 'the finished table archived', 10_000);

    // The lobby lists the new game as the one after the finished table: the phone finds its seat there.
    const back = new Player(await host.connect(), 9);
    const listed = await back.request<{ tables: TableInfo[] }>('table:list');
    expect(listed.ok && listed.tables.find((x) => x.id === again.tableId)?.from).toBe(t.tableId);
    const r = await back.request<Resumed>('table:resume', { tableId: t.tableId, token: drops.token });
    expect(r).toMatchObject({ ok: true, tableId: again.tableId, seat: 2 });
    // Its token opens the new table by that table's id too (what the page keeps from now on).
    const other = new Player(await host.connect(), 10);
    expect(await other.request('table:resume', { tableId: again.tableId, token: drops.token })).toMatchObject({ ok: true, seat: 2 });
  });

  it('lets a player who dropped just before the end come back to a seat that waits for them (no bot yet)', async () => {
    host = await startHost({ secondMs: 1000, botDelayMs: 0 });
    const t = await seatPlayers(host, 3);
    const [owner, stays, drops] = t.players as [Player, Player, Player];
    expect(await owner.request('table:autoBot', { afterS: 30 })).toEqual({ ok: true });
    expect(await owner.request('table:start')).toEqual({ ok: true });
    for (const p of t.players) p.startAutoplay();
    // P2's phone drops as the game ends: no bot has taken the seat by Play again.
    await Promise.all(t.players.map((p) => p.waitOver(30_000)));
    drops.socket.disconnect();
    await waitFor(() => lastInfo(owner)?.seats[2]?.connected === false, 'P2 seen gone');
    // No countdown on a finished game's seats: nothing is left for a bot to take.
    expect(lastInfo(owner)?.seats[2]?.handoverInMs).toBeNull();
    const again = await owner.request<Seated>('table:rematch');
    if (!again.ok) throw new Error(again.code);
    // The seat is P2's and waits for them, with the table's 30 s running from the new start.
    expect(again.table.seats[2]).toMatchObject({ kind: 'human', name: 'P2', botPlaying: false, connected: false });
    expect(again.table.seats[2]?.handoverInMs).toBeGreaterThan(25_000);
    expect(again.table.seats[2]?.handoverInMs).toBeLessThanOrEqual(30_000);
    stays.stopAutoplay();
  });
});
