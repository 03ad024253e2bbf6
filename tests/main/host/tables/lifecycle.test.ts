// Table lifecycle: abandoned lobbies are removed (also after a restart), games nobody is
// connected to are parked to disk and come back with any seat token, one address cannot fill
// the host's table limit.
import { afterEach, describe, expect, it } from 'vitest';
import type { Resumed, Seated, TableInfo } from '../../../../src/shared/protocol';
import { type TestHost, connectFrom, startHost, tempDir, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { startedGame } from '../../../kit/host/tables';
import { rm } from 'node:fs/promises';

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

async function start(): Promise<TestHost> {
  const h = await startHost({ dataDir, clock, maxTables: 64, lifecycle });
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
