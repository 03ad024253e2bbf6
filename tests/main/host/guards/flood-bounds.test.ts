// Bounded per device and in total, whatever the games' state: a device that starts game after
// game and walks away keeps only its share of unfinished tables (in the lobby and on disk); past
// the host's bound on parked games, a flood spread over many addresses retires its own games,
// never a family's paused one; retired files in abandoned/ are deleted past their number. Each
// device is a client bound to its own loopback address (127.0.x.y); the host's clock is moved by hand.
import { readdirSync } from 'node:fs';
import { rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Reply, Resumed, Seated, TableInfo } from '../../../../src/shared/protocol';
import { currentDecider } from '../../../../src/shared/rules/engine';
import { DEFAULT_LIFECYCLE, type Lifecycle } from '../../../../src/main/host/tables/lifecycle';
import { type TestHost, manualClock, startHost, tempDir, waitFor } from '../../../kit/host/host';
import { devicesOf } from '../../../kit/clients/devices';
import { seatOf } from '../../../../src/shared/ids';

let host: TestHost;
const device = devicesOf(() => host);

const MINUTE = 60_000;
const clock = manualClock();
const start = (more: Partial<Lifecycle> = {}) => startHost({ clock, lifecycle: { sweepMs: 3_600_000, ...more } });
const files = (dir: string): string[] => {
  try {
    return readdirSync(join(host.dataDir, dir));
  } catch {
    return [];
  }
};
const listed = async (): Promise<TableInfo[]> => {
  const r = await (await device('127.0.9.9')).request<{ tables: TableInfo[] }>('table:list');
  return r.ok ? r.tables : [];
};

/** From `address`: a 3-seat game against two bots, started and walked away from. */
async function startAndWalkAway(address: string): Promise<Reply<Seated>> {
  const p = await device(address);
  const created = await p.request<Seated>('table:create', { name: `From ${address}`, players: 3, playerName: 'X' });
  if (!created.ok) return created;
  p.seated(created);
  for (const seat of [1, 2]) expect(await p.request('table:addBot', { seat })).toMatchObject({ ok: true });
  expect(await p.request('table:start')).toMatchObject({ ok: true });
  p.socket.disconnect();
  await waitFor(() => !host.tables.get(created.tableId)?.hasConnections(), 'nobody at it');
  return created;
}

describe('one device starting game after game and walking away', () => {
  it(`keeps ${DEFAULT_LIFECYCLE.maxUnfinishedPerDevice} unfinished tables, in the lobby and on disk; other devices still may create`, async () => {
    host = await start();
    const replies = [];
    for (let i = 0; i < 20; i++) replies.push(await startAndWalkAway('127.0.3.2'));
    const kept = DEFAULT_LIFECYCLE.maxUnfinishedPerDevice;
    expect(replies.filter((r) => r.ok)).toHaveLength(kept);
    expect(replies.slice(kept)).toEqual(Array(20 - kept).fill(expect.objectContaining({ ok: false, code: 'TOO_MANY_TABLES_HERE' })));
    // Parked to disk, they still count.
    clock.t += 11 * MINUTE;
    await host.tables.sweep();
    expect(host.tables.parkedIds).toHaveLength(kept);
    expect(await startAndWalkAway('127.0.3.2')).toMatchObject({ ok: false, code: 'TOO_MANY_TABLES_HERE' });
    expect((await listed()).filter((t) => t.name === 'From 127.0.3.2')).toHaveLength(kept);
    expect(files('tables')).toHaveLength(kept);
    expect(await startAndWalkAway('127.0.3.3')).toMatchObject({ ok: true });
  }, 60_000);
});

describe('a flood spread over many addresses', () => {
  it('retires its own games past the bound, never the family’s paused game; abandoned/ keeps only its number of files', async () => {
    host = await start({ maxParked: 5, maxAbandoned: 4 });
    // The family plays a while (twenty minutes, a few moves each), then pauses: everyone leaves.
    const mum = await device('127.0.4.2', 3);
    const created = await mum.request<Seated>('table:create', { name: 'Family', players: 3, playerName: 'Mum' });
    if (!created.ok) throw new Error(created.code);
    mum.seated(created);
    for (const seat of [1, 2]) expect(await mum.request('table:addBot', { seat })).toMatchObject({ ok: true });
    expect(await mum.request('table:start')).toMatchObject({ ok: true });
    mum.startAutoplay();
    await waitFor(() => mum.seq >= 3, 'three of Mum’s moves');
    mum.stopAutoplay();
    clock.t += 20 * MINUTE;
    mum.socket.disconnect();
    await waitFor(() => !host.tables.get(created.tableId)?.hasConnections(), 'the family gone');
    clock.t += 11 * MINUTE;
    await host.tables.sweep();
    expect(host.tables.parkedIds).toEqual([created.tableId]);

    // Thirty addresses, each starting a game and walking away, each parked in turn.
    for (let i = 0; i < 30; i++) {
      expect(await startAndWalkAway(`127.0.5.${i + 2}`)).toMatchObject({ ok: true });
      clock.t += 11 * MINUTE;
      await host.tables.sweep();
    }
    expect(host.tables.parkedIds).toHaveLength(5);
    expect(host.tables.parkedIds).toContain(created.tableId);
    expect(files('abandoned').length).toBeLessThanOrEqual(4);
    expect(files('tables')).toHaveLength(5);

    // Mum comes back to her game, where it was.
    const back = await device('127.0.4.2', 4);
    const r = await back.request<Resumed>('table:resume', { tableId: created.tableId, token: mum.token });
    expect(r).toMatchObject({ ok: true, seat: 0, table: { phase: 'playing' } });
  }, 60_000);
});

describe('retired files', () => {
  it(`are deleted ${DEFAULT_LIFECYCLE.abandonedKeepMs / (24 * 60 * MINUTE)} days after their retirement`, async () => {
    host = await start({ maxParked: 1 });
    const parkOne = async (address: string) => {
      expect(await startAndWalkAway(address)).toMatchObject({ ok: true });
      clock.t += 11 * MINUTE;
      await host.tables.sweep();
    };
    await parkOne('127.0.6.2');
    await parkOne('127.0.6.3'); // one too many: retired
    expect(files('abandoned')).toHaveLength(1);
    const first = files('abandoned')[0];
    clock.t += DEFAULT_LIFECYCLE.abandonedKeepMs - 30 * MINUTE;
    await parkOne('127.0.6.4');
    expect(files('abandoned')).toHaveLength(2); // not yet two weeks
    clock.t += 30 * MINUTE;
    await parkOne('127.0.6.5');
    expect(files('abandoned')).toHaveLength(2);
    expect(files('abandoned')).not.toContain(first);
  }, 30_000);
});

describe('games bots finish for devices that walked away', () => {
  it('do not fill the finished-games archive past its bound; the family’s finished game stays', async () => {
    // A dropped seat goes to a bot after 60 "seconds" of 1 ms: walked-away games finish at once.
    host = await startHost({ clock, secondMs: 1, lifecycle: { sweepMs: 3_600_000, maxFinished: 2 } });
    const mum = await device('127.0.12.2', 12);
    const created = await mum.request<Seated>('table:create', { name: 'Family', players: 3, playerName: 'Mum' });
    if (!created.ok) throw new Error(created.code);
    mum.seated(created);
    for (const seat of [1, 2]) expect(await mum.request('table:addBot', { seat })).toMatchObject({ ok: true });
    expect(await mum.request('table:start')).toMatchObject({ ok: true });
    mum.startAutoplay();
    await mum.waitOver(60_000);
    mum.socket.disconnect();
    await waitFor(() => files('finished').length === 1, 'the family’s game archived', 10_000);

    for (let i = 0; i < 3; i++) {
      const r = await startAndWalkAway(`127.0.13.${i + 2}`);
      if (!r.ok) throw new Error(r.code);
      await waitFor(() => host.tables.get(r.tableId) === undefined, 'the walked-away game finished by bots and archived', 20_000);
    }
    expect(files('finished')).toHaveLength(2);
    expect(files('finished')).toContain(`${created.tableId}.jsonl`);
    const back = await device('127.0.12.2', 13);
    const exported = await back.request<{ record: unknown }>('archive:export', { tableId: created.tableId, token: mum.token });
    expect(exported).toMatchObject({ ok: true });
  }, 120_000);
});

describe('parked games after a restart', () => {
  it('are ranked by how long they were played, from their files, not by when the host loaded them', async () => {
    const dataDir = await tempDir();
    try {
      clock.t = Date.now(); // file times are the machine's
      host = await startHost({ clock, dataDir, lifecycle: { sweepMs: 3_600_000, maxParked: 1 } });
      /** From `address`: a game against two bots, `moves` of its player's moves, then everyone gone. */
      const played = async (address: string, moves: number) => {
        const p = await device(address, 7);
        const created = await p.request<Seated>('table:create', { name: `From ${address}`, players: 3, playerName: 'P' });
        if (!created.ok) throw new Error(created.code);
        p.seated(created);
        for (const seat of [1, 2]) expect(await p.request('table:addBot', { seat })).toMatchObject({ ok: true });
        expect(await p.request('table:start')).toMatchObject({ ok: true });
        p.startAutoplay();
        await waitFor(() => (host.tables.get(created.tableId)?.model.humanMoves ?? 0) >= moves, `${moves} moves taken`);
        p.stopAutoplay();
        p.socket.disconnect();
        // The bots play on to its turn, then wait for it: nothing moves while nobody is there. A
        // move of the player's may still have been on its way when it stopped: it is its turn
        // again only once the queue has run and it still is (else the bots' moves would still
        // come, and the restarted host would play them, writing to the file the test dates).
        const table = host.tables.get(created.tableId)!;
        for (;;) {
          await waitFor(() => !table.hasConnections() && currentDecider(table.model.state!) === 0, 'its turn again, nobody at it');
          await table.idle();
          if (currentDecider(table.model.state!) === 0) break;
        }
        return { ...created, token: p.token };
      };
      // A flood's games (a move each, then left), then, later, a family's evening of twenty minutes.
      const flood = [await played('127.0.15.2', 1), await played('127.0.15.3', 1)];
      clock.t += 25 * MINUTE;
      const family = await played('127.0.14.2', 3);
      await host.close();
      const evening = (clock.t + 20 * MINUTE) / 1000; // its last move, twenty minutes after it began
      await utimes(join(dataDir, 'tables', `${family.tableId}.jsonl`), evening, evening);
      clock.t += 30 * MINUTE;

      // Restarted: every game is loaded back, nobody comes, they are parked; one may stay.
      host = await startHost({ clock, dataDir, lifecycle: { sweepMs: 3_600_000, maxParked: 1 } });
      clock.t += 11 * MINUTE;
      await host.tables.sweep();
      expect(host.tables.parkedIds).toEqual([family.tableId]);
      for (const f of flood) expect(host.tables.parkedIds).not.toContain(f.tableId);
      const back = await device('127.0.14.2', 8);
      expect(await back.request('table:resume', { tableId: family.tableId, token: family.token })).toMatchObject({ ok: true, seat: 0 });
    } finally {
      await host.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
