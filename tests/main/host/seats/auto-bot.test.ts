// Absent players don't stall the table: the owner's choice of "a bot after N seconds" (or wait)
// is checked by the schema, written to the table file (it survives a restart), shown to every
// seat, and a dropped player's seat goes to a bot with nobody clicking, at the owner's time, with
// the countdown everyone sees running to that same moment; the player has it back as they return.
import { rm } from 'node:fs/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Resumed, TableInfo } from '../../../../src/shared/protocol';
import { type TestHost, sleep, startHost, tempDir, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { readLines } from '../../../kit/host/records';
import { seatPlayers } from '../../../kit/host/tables';

let host: TestHost | undefined;
afterEach(async () => host?.dispose());
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
const dirs: string[] = [];

const lastInfo = (p: Player) =>
  p.inbox
    .filter((m) => m.event === 'table:updated')
    .map((m) => m.payload as TableInfo)
    .at(-1);

describe('a bot after N seconds', () => {
  it('is a checked table option kept in the table file and shown to every seat', async () => {
    const dataDir = await tempDir();
    dirs.push(dataDir);
    host = await startHost({ dataDir });
    const t = await seatPlayers(host, 3);
    const [owner, guest] = t.players as [Player, Player];
    expect(lastInfo(guest)?.autoBotAfterS).toBe(60); // the default
    for (const bad of [45, 0, '30', -1]) expect(await owner.request('table:autoBot', { afterS: bad })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await guest.request('table:autoBot', { afterS: 30 })).toMatchObject({ ok: false, code: 'NOT_OWNER' });
    expect(await owner.request('table:autoBot', { afterS: 120 })).toEqual({ ok: true });
    await waitFor(() => lastInfo(guest)?.autoBotAfterS === 120, 'the guest to see 2 min');
    expect(await owner.request('table:autoBot', { afterS: null })).toEqual({ ok: true });
    await waitFor(() => lastInfo(guest)?.autoBotAfterS === null, 'the guest to see "wait"');
    expect(readLines(host.dataDir, t.tableId).filter((l) => (l as { t: string }).t === 'autoBot')).toEqual([
      { t: 'autoBot', afterS: 120 },
      { t: 'autoBot', afterS: null },
    ]);

    // A restart reads it back from the file.
    expect(await owner.request('table:start')).toEqual({ ok: true });
    await host.dispose();
    host = await startHost({ dataDir });
    const again = new Player(await host.connect(), 7);
    const listed = await again.request<{ tables: TableInfo[] }>('table:list');
    expect(listed.ok && listed.tables.find((x) => x.id === t.tableId)?.autoBotAfterS).toBeNull();
  });

  it('hands a dropped seat to a bot when the time is up, and the returning player plays it again at once', async () => {
    // One "second" of the option lasts 5 ms here: 30 s are 150 ms.
    host = await startHost({ secondMs: 5, graceMs: 60_000 });
    const t = await seatPlayers(host, 3);
    const [owner, gone, other] = t.players as [Player, Player, Player];
    expect(await owner.request('table:autoBot', { afterS: 30 })).toEqual({ ok: true });
    expect(await owner.request('table:start')).toEqual({ ok: true });
    await waitFor(() => t.players.every((p) => p.view !== null), 'first views');

    gone.socket.disconnect();
    await waitFor(() => lastInfo(owner)?.seats[1]?.connected === false, 'seat 1 seen gone');
    expect(lastInfo(owner)?.seats[1]?.botPlaying).toBe(false);
    await waitFor(() => lastInfo(owner)?.seats[1]?.botPlaying === true, 'a bot in seat 1 with nobody clicking', 3000);
    expect(readLines(host.dataDir, t.tableId)).toContainEqual({ t: 'control', seat: 1, bot: true });

    // The game goes on around the bot; the player comes back: one step, the seat is theirs.
    owner.startAutoplay();
    other.startAutoplay();
    const back = new Player(await host.connect(), 9);
    const r = await back.request<Resumed>('table:resume', { tableId: t.tableId, token: gone.token });
    expect(r).toMatchObject({ ok: true, seat: 1 });
    expect(r.ok && r.table.seats[1]?.botPlaying).toBe(false);
    Object.assign(back, { seat: 1, seq: r.ok ? r.lastSeq : 0 });
    back.startAutoplay();
    await Promise.all([owner, other, back].map((p) => p.waitOver()));
    for (const p of [owner, other, back]) expect(p.errors).toEqual([]);
  });

  it('counts down to the owner’s time, not the host’s grace period: the countdown, the hand-over and the bot agree', async () => {
    // One "second" lasts 5 ms: the owner's 30 s are 150 ms; the host's own grace is a minute.
    host = await startHost({ secondMs: 5, graceMs: 60_000 });
    const t = await seatPlayers(host, 3);
    const [owner, gone] = t.players as [Player, Player];
    expect(await owner.request('table:autoBot', { afterS: 30 })).toEqual({ ok: true });
    expect(await owner.request('table:start')).toEqual({ ok: true });
    await waitFor(() => t.players.every((p) => p.view !== null), 'first views');
    gone.socket.disconnect();
    await waitFor(() => lastInfo(owner)?.seats[1]?.connected === false, 'seat 1 seen gone');
    const seen = lastInfo(owner)!;
    expect(seen.graceMs).toBe(150);
    expect(seen.seats[1]?.handoverInMs).toBeGreaterThan(0);
    expect(seen.seats[1]?.handoverInMs).toBeLessThanOrEqual(150);
    // When the countdown ends, the bot has the seat (and the owner's button would have had it too).
    await waitFor(() => lastInfo(owner)?.seats[1]?.botPlaying === true, 'a bot in seat 1 at the end of the countdown', 3000);
    expect(lastInfo(owner)?.seats[1]?.handoverInMs).toBeNull();
  });

  it('counts down to the host’s grace period at a table that waits, when the owner may hand the seat over', async () => {
    const clock = { t: 0, now: () => clock.t };
    host = await startHost({ clock, secondMs: 5, graceMs: 4000 });
    const t = await seatPlayers(host, 3);
    const [owner, gone] = t.players as [Player, Player];
    expect(await owner.request('table:autoBot', { afterS: null })).toEqual({ ok: true });
    expect(await owner.request('table:start')).toEqual({ ok: true });
    gone.socket.disconnect();
    await waitFor(() => lastInfo(owner)?.seats[1]?.connected === false, 'seat 1 seen gone');
    expect(lastInfo(owner)?.seats[1]?.handoverInMs).toBe(4000);
    expect(await owner.request('seat:giveToBot', { seat: 1 })).toMatchObject({ ok: false, code: 'GRACE_NOT_OVER' });
    clock.t += 4000;
    expect(await owner.request('seat:giveToBot', { seat: 1 })).toEqual({ ok: true });
  });

  it('waits for the player when the owner chose to wait', async () => {
    host = await startHost({ secondMs: 1, graceMs: 60_000 });
    const t = await seatPlayers(host, 3);
    const [owner, gone] = t.players as [Player, Player];
    expect(await owner.request('table:autoBot', { afterS: null })).toEqual({ ok: true });
    expect(await owner.request('table:start')).toEqual({ ok: true });
    gone.socket.disconnect();
    await waitFor(() => lastInfo(owner)?.seats[1]?.connected === false, 'seat 1 seen gone');
    await sleep(300); // ten times the shortest choice at this scale
    expect(lastInfo(owner)?.seats[1]?.botPlaying).toBe(false);
  });

  it('gives the seat back to a player who left on purpose as they resume', async () => {
    host = await startHost({ graceMs: 60_000 });
    const t = await seatPlayers(host, 3);
    const [owner, leaver] = t.players as [Player, Player];
    expect(await owner.request('table:start')).toEqual({ ok: true });
    expect(await leaver.request('table:leave')).toEqual({ ok: true });
    await waitFor(() => lastInfo(owner)?.seats[1]?.botPlaying === true, 'a bot in the leaver’s seat');
    const back = new Player(await host.connect(), 9);
    expect(await back.request('table:resume', { tableId: t.tableId, token: leaver.token })).toMatchObject({ ok: true, seat: 1 });
    await waitFor(() => lastInfo(owner)?.seats[1]?.botPlaying === false, 'the seat handed back');
  });
});
