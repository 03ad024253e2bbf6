// Table lifecycle: abandoned lobbies are removed (also after a restart), games nobody is
// connected to are parked to disk and come back with any seat token, one address cannot fill
// the host's table limit; parked games nobody comes back to for weeks, or past the host's
// bound, are retired (kept a while as files in abandoned/), one device's flood never a friend's game.
import { afterEach, describe, expect, it } from 'vitest';
import type { Resumed, Seated, TableInfo } from '../../../../src/shared/protocol';
import { type TestHost, connectFrom, startHost, tempDir, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { startedGame } from '../../../kit/host/tables';
import { existsSync } from 'node:fs';
import { rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_LIFECYCLE, type Lifecycle } from '../../../../src/main/host/tables/lifecycle';

let hosts: TestHost[] = [];
let dataDir: string | undefined;
afterEach(async () => {
  for (const h of hosts) await h.dispose();
  hosts = [];
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

const clock = { t: 1_000_000, now: () => clock.t };
const MINUTE = 60_000;
const lifecycle = { lobbyIdleMs: 3 * MINUTE, parkAfterMs: 10 * MINUTE, sweepMs: 3_600_000 };

async function start(more: Partial<Lifecycle> = {}): Promise<TestHost> {
  const h = await startHost({ dataDir, clock, maxTables: 64, lifecycle: { ...lifecycle, ...more } });
  hosts.push(h);
  return h;
}

const create = (p: Player, name: string) => p.request<Seated>('table:create', { name, players: 3, playerName: 'P' });

describe('abandoned lobbies', () => {
  it('63 clients that create a table and vanish do not fill the host for good, not even across a restart', async () => {
    dataDir = await tempDir();
    let h = await start();
    await h.tables.create({ name: 'Default', players: 4, persistent: true });
    for (let i = 0; i < 63; i++) {
      const s = await connectFrom(h.url, `127.0.${4 + (i >> 6)}.${(i % 64) + 2}`);
      const r = await create(new Player(s), `Abandoned ${i}`);
      expect(r.ok).toBe(true);
      s.disconnect();
    }
    // The host is full, but of lobbies nobody is at: the oldest gives way to a real player.
    const real = new Player(await h.connect());
    expect(await create(real, 'Real')).toMatchObject({ ok: true });
    expect(h.tables.size).toBe(64);
    expect(h.tables.all().map((t) => t.model.header.name)).not.toContain('Abandoned 0');
    // A restart reloads the lobbies; nobody is connected to them.
    await h.close();
    h = await start();
    expect(h.tables.size).toBe(64);
    clock.t += 2 * MINUTE;
    await h.tables.sweep();
    expect(h.tables.size).toBe(64); // not yet: a few minutes
    clock.t += 2 * MINUTE;
    await h.tables.sweep();
    expect(h.tables.all().map((t) => t.model.header.name)).toEqual(['Default']);
    const back = new Player(await h.connect());
    expect(await create(back, 'Real')).toMatchObject({ ok: true });
  });

  it('a lobby someone sits at stays; one address cannot open more than its share', async () => {
    dataDir = await tempDir();
    const h = await start();
    const p = new Player(await h.connect());
    const created = await create(p, 'Kept');
    expect(created.ok).toBe(true);
    clock.t += 60 * MINUTE;
    await h.tables.sweep();
    expect(h.tables.size).toBe(1);
    for (let i = 1; i < 6; i++) expect((await create(new Player(await h.connect()), `Mine ${i}`)).ok).toBe(true);
    const refused = await create(new Player(await h.connect()), 'One too many');
    expect(refused).toMatchObject({ ok: false, code: 'TOO_MANY_TABLES_HERE' });
    expect(h.tables.size).toBe(6); // far from the global limit of 64
    // Another address still may.
    expect((await create(new Player(await connectFrom(h.url, '127.0.9.9')), 'Theirs')).ok).toBe(true);
  });
});

describe('idle games', () => {
  it('are parked to disk when nobody is connected, and come back with any seat token', async () => {
    dataDir = await tempDir();
    const h = await start();
    const t = await startedGame(h, 3);
    for (const p of t.players) p.startAutoplay();
    await waitFor(() => t.players.some((p) => (p.view?.version ?? 0) >= 10), 'ten moves');
    for (const p of t.players) p.stopAutoplay();
    await h.tables.get(t.tableId)!.idle();
    const version = h.tables.get(t.tableId)!.model.state!.version;
    for (const p of t.players) p.socket.disconnect();
    await waitFor(() => !h.tables.get(t.tableId)!.hasConnections(), 'everyone gone');
    clock.t += 9 * MINUTE;
    await h.tables.sweep();
    expect(h.tables.get(t.tableId)).toBeDefined();
    clock.t += 2 * MINUTE;
    await h.tables.sweep();
    expect(h.tables.get(t.tableId)).toBeUndefined();
    expect(h.tables.parkedIds).toEqual([t.tableId]);
    // Still listed, as a game in play with everyone away.
    const watcher = new Player(await h.connect());
    const listed = await watcher.request<{ tables: TableInfo[] }>('table:list');
    expect(listed).toMatchObject({ ok: true, tables: [{ id: t.tableId, phase: 'playing' }] });
    // The last seat's token brings it back, exactly where it was; the others follow and finish.
    const players: Player[] = [];
    for (const old of [...t.players].reverse()) {
      const p = new Player(await h.connect(), 40 + old.seat);
      const r = await p.request<Resumed>('table:resume', { tableId: t.tableId, token: old.token });
      if (!r.ok) throw new Error(r.code);
      Object.assign(p, { seat: r.seat, token: old.token, tableId: t.tableId, seq: r.lastSeq });
      players.push(p);
    }
    expect(h.tables.get(t.tableId)!.model.state!.version).toBe(version);
    await waitFor(() => players.every((p) => p.view !== null), 'views');
    for (const p of players) p.startAutoplay();
    await Promise.all(players.map((p) => p.waitOver()));
    for (const p of players) expect(p.errors).toEqual([]);
    for (const p of players) p.socket.disconnect();
    await waitFor(() => h.tables.get(t.tableId) === undefined, 'the finished game to leave memory');
  });
});

const DAY = 24 * 60 * MINUTE;

/** A 3-seat game created from `address` against two bots, started, left by its player and parked. */
async function abandonedGame(h: TestHost, address: string): Promise<{ id: string; token: string }> {
  const p = new Player(await connectFrom(h.url, address));
  const created = await create(p, `From ${address}`);
  if (!created.ok) throw new Error(created.code);
  p.seated(created);
  for (const seat of [1, 2]) expect(await p.request('table:addBot', { seat })).toMatchObject({ ok: true });
  expect(await p.request('table:start')).toMatchObject({ ok: true });
  await waitFor(() => p.view !== null, 'the first view');
  p.socket.disconnect();
  await waitFor(() => !h.tables.get(created.tableId)!.hasConnections(), 'nobody at it');
  clock.t += 11 * MINUTE;
  await h.tables.sweep();
  expect(h.tables.get(created.tableId)).toBeUndefined();
  return { id: created.tableId, token: p.token };
}

const listed = async (h: TestHost) => ((await new Player(await h.connect()).request<{ tables: TableInfo[] }>('table:list')) as { tables: TableInfo[] }).tables.map((t) => t.id);
const abandonedFile = (h: TestHost, id: string) => join(h.dataDir, 'abandoned', `${id}.jsonl`);

describe('parked games nobody comes back to', () => {
  it('are retired after 30 days: listed no more, their file kept in abandoned/, their seat tokens refused', async () => {
    dataDir = await tempDir();
    const h = await start({ abandonAfterMs: DEFAULT_LIFECYCLE.abandonAfterMs });
    const { id, token } = await abandonedGame(h, '127.0.20.1');
    clock.t += 29 * DAY;
    await h.tables.sweep();
    expect(h.tables.parkedIds).toEqual([id]); // a game paused for weeks is still there
    clock.t += 2 * DAY;
    await h.tables.sweep();
    expect(h.tables.parkedIds).toEqual([]);
    expect(await listed(h)).not.toContain(id);
    expect(existsSync(abandonedFile(h, id))).toBe(true);
    expect(existsSync(join(h.dataDir, 'tables', `${id}.jsonl`))).toBe(false);
    const back = new Player(await h.connect());
    expect(await back.request('table:resume', { tableId: id, token })).toMatchObject({ ok: false, code: 'NO_TABLE' });
  });

  it("past the host's bound, the device that parked the most retires its own newest, never a friend's game", async () => {
    dataDir = await tempDir();
    const h = await start({ maxParked: 2 });
    const friend = (await abandonedGame(h, '127.0.20.1')).id;
    const flood: string[] = [];
    for (let i = 0; i < 3; i++) flood.push((await abandonedGame(h, '127.0.20.2')).id);
    expect(h.tables.parkedIds.sort()).toEqual([friend, flood[0]!].sort());
    expect(await listed(h)).toEqual(expect.arrayContaining([friend, flood[0]]));
    for (const id of flood.slice(1)) {
      expect(await listed(h)).not.toContain(id);
      expect(existsSync(abandonedFile(h, id))).toBe(true);
    }
  });

  it('a game whose file nobody has touched for 30 days is retired at start, not loaded; a recent one is', async () => {
    dataDir = await tempDir();
    clock.t = Date.now(); // file times are the machine's
    let h = await start({ abandonAfterMs: DEFAULT_LIFECYCLE.abandonAfterMs });
    const old = (await abandonedGame(h, '127.0.20.1')).id;
    const recent = (await abandonedGame(h, '127.0.20.2')).id;
    await h.close();
    hosts = hosts.filter((x) => x !== h);
    const monthAgo = (Date.now() - 31 * DAY) / 1000;
    await utimes(join(dataDir, 'tables', `${old}.jsonl`), monthAgo, monthAgo);
    h = await start({ abandonAfterMs: DEFAULT_LIFECYCLE.abandonAfterMs });
    expect(h.tables.get(old)).toBeUndefined();
    expect(h.tables.get(recent)).toBeDefined();
    expect(existsSync(abandonedFile(h, old))).toBe(true);
    expect(await listed(h)).not.toContain(old);
  });
});
