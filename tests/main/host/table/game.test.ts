// Whole games over real sockets: every client plays from its own view only, a spectator
// watches, and everything any client received is checked against the record on disk.
import { afterEach, describe, expect, it } from 'vitest';
import type { FinishedGame, Seated, TableInfo } from '../../../../src/shared/protocol';
import { parseRecord, replay } from '../../../../src/shared/rules/record/record';
import { viewFor } from '../../../../src/shared/rules/view';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { hiddenByVersion, leaksIn } from '../../../kit/host/leak';
import { Player } from '../../../kit/clients/player';
import { readLines, statesFromDisk } from '../../../kit/host/records';
import { seatOf } from '../../../../src/shared/ids';

let host: TestHost;
afterEach(async () => host?.dispose());

/** A table with `humans` players seated (the first creates it) and bots in the other seats. */
async function seatTable(h: TestHost, players: number, humans: number, seed: number) {
  const creator = new Player(await h.connect(), seed);
  const created = await creator.request<Seated>('table:create', { name: 'Test table', players, playerName: 'Ann' });
  if (!created.ok) throw new Error(created.code);
  creator.seated(created);
  const all = [creator];
  for (let i = 1; i < humans; i++) {
    const p = new Player(await h.connect(), seed * 10 + i);
    const r = await p.join(created.tableId, `Player ${i}`);
    expect(r.ok).toBe(true);
    all.push(p);
  }
  for (let seat = humans; seat < players; seat++) expect((await creator.request('table:addBot', { seat })).ok).toBe(true);
  const spectator = new Player(await h.connect(), 0);
  expect((await spectator.request('table:spectate', { tableId: created.tableId })).ok).toBe(true);
  return { tableId: created.tableId, players: all, spectator };
}

async function playToTheEnd(players: Player[], spectator: Player) {
  for (const p of players) p.startAutoplay();
  expect((await players[0]!.request('table:start')).ok).toBe(true);
  await Promise.all([...players, spectator].map((p) => p.waitOver(30_000)));
  for (const p of players) expect(p.errors).toEqual([]);
}

function checkWire(dataDir: string, tableId: string, players: Player[], spectator: Player) {
  const states = statesFromDisk(dataDir, tableId);
  const final = states.at(-1)!;
  expect(final.over).toBe(true);
  const header = readLines(dataDir, tableId)[0] as { seed: string };
  const tokens = players.map((p) => p.token);
  for (const p of players) {
    // Each seat saw every version, in order, and each view is exactly viewFor of the recorded state.
    const views = p.inbox.filter((m) => m.event === 'game:view').map((m) => m.payload as ReturnType<typeof viewFor>);
    expect(views.map((v) => v.version)).toEqual(states.map((s) => s.version));
    for (const v of views) expect(v).toEqual(viewFor(states[v.version]!, seatOf(p.seat)));
    const secrets = { seed: header.seed, foreignTokens: tokens.filter((t) => t !== p.token) };
    expect(leaksIn(p.inbox, seatOf(p.seat), states, secrets)).toEqual([]);
  }
  const watched = spectator.inbox.filter((m) => m.event === 'game:view').map((m) => m.payload as ReturnType<typeof viewFor>);
  expect(watched.at(-1)).toEqual(viewFor(final, 'spectator'));
  for (const v of watched) expect(v).toEqual(viewFor(states[v.version]!, 'spectator'));
  expect(leaksIn(spectator.inbox, 'spectator', states, { seed: header.seed, foreignTokens: tokens })).toEqual([]);
}

describe('the wire leak check', () => {
  it('catches a view of another seat, a seed and a token', async () => {
    host = await startHost();
    const { tableId, players, spectator } = await seatTable(host, 3, 3, 3);
    await playToTheEnd(players, spectator);
    const states = statesFromDisk(host.dataDir, tableId);
    const hidden = hiddenByVersion(states, seatOf(0));
    const mid = states.find((st) => st.hands[1]!.some((c) => hidden[st.version]!.has(c)))!; // seat 1 holds a secret
    const secrets = { seed: 'the-seed', foreignTokens: ['tok'] };
    expect(leaksIn([{ event: 'game:view', payload: viewFor(mid, seatOf(1)) }], seatOf(0), states, secrets).length).toBeGreaterThan(0);
    expect(leaksIn([{ event: 'game:view', payload: viewFor(mid, seatOf(1)) }], 'spectator', states, secrets).length).toBeGreaterThan(0);
    expect(leaksIn([{ event: 'game:view', payload: viewFor(mid, seatOf(0)) }], seatOf(0), states, secrets)).toEqual([]);
    expect(leaksIn([{ event: 'table:updated', payload: { x: 'the-seed' } }], seatOf(0), states, secrets)).toHaveLength(1);
    expect(leaksIn([{ event: 'reply:table:join', payload: { x: 'tok' } }], seatOf(0), states, secrets)).toHaveLength(1);
    expect(leaksIn([{ event: 'game:error', payload: { x: 'king' } }], seatOf(0), states, secrets)).toHaveLength(1);
  });
});

describe('whole games over real sockets', () => {
  it('four clients play a game to the end while a spectator watches', async () => {
    host = await startHost();
    const { tableId, players, spectator } = await seatTable(host, 4, 4, 7);
    await playToTheEnd(players, spectator);
    checkWire(host.dataDir, tableId, players, spectator);
    // The finished game's record (record-format.md), exported from the archive, replays to the same end.
    const exported = await players[0]!.request<{ record: unknown }>('archive:export', { tableId });
    if (!exported.ok) throw new Error(exported.code);
    const parsed = parseRecord(JSON.parse(JSON.stringify(exported.record)));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const replayed = replay(parsed.value.record, parsed.value.cardSet);
    if (!replayed.ok) throw new Error(replayed.error.message);
    const end = statesFromDisk(host.dataDir, tableId).at(-1)!;
    const { deals, fame, winners } = replayed.value.state;
    expect({ deals, fame, winners }).toEqual({ deals: end.deals, fame: end.fame, winners: end.winners });
    expect(viewFor(replayed.value.state, seatOf(0))).toEqual(viewFor(end, seatOf(0)));
    const info = (await spectator.request<{ tables: TableInfo[] }>('table:list')) as { tables: TableInfo[] };
    expect(info.tables.find((t) => t.id === tableId)?.phase).toBe('over');
    // Once nobody is at it, the game leaves memory for the finished-games archive.
    for (const p of players) p.socket.disconnect();
    const left = await spectator.request('table:leave');
    expect(left.ok).toBe(true);
    await waitFor(() => host.tables.get(tableId) === undefined, 'the finished game to leave memory');
    const archive = await spectator.request<{ games: FinishedGame[] }>('archive:list');
    expect(archive).toMatchObject({ ok: true, games: [{ id: tableId, winners: winners, fame: fame }] });
  });

  it.each([
    [3, 3],
    [5, 3],
    [6, 6],
  ])('nothing hidden reaches any client over a whole %i-player game (%i humans, bots in the rest)', async (n, humans) => {
    host = await startHost();
    const { tableId, players, spectator } = await seatTable(host, n, humans, n * 31);
    await playToTheEnd(players, spectator);
    checkWire(host.dataDir, tableId, players, spectator);
  });
});
