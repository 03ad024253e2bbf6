// The lobby: create (name, seats, options, PIN), list, join, leave, bots, start, spectate.
import { afterEach, describe, expect, it } from 'vitest';
import type { Seated, TableInfo } from '../../../../src/shared/protocol';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { seatPlayers } from '../../../kit/host/tables';

let host: TestHost;
afterEach(async () => host?.dispose());

const tablesOf = async (p: Player) => ((await p.request<{ tables: TableInfo[] }>('table:list')) as { tables: TableInfo[] }).tables;

describe('the lobby', () => {
  it('creates a table with options and a PIN, cleans the names, and lists it without secrets', async () => {
    host = await startHost();
    const owner = new Player(await host.connect());
    const r = await owner.request<Seated>('table:create', {
      name: '  Friday\u0000 night \u202e ',
      players: 5,
      options: { twoHistoryCards: true },
      pin: '1234',
      playerName: '<b>Ann</b>\u200b\u0007 with a very long name indeed',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.seat).toBe(0);
    expect(r.table).toMatchObject({
      name: 'Friday night',
      players: 5,
      hasPin: true,
      phase: 'lobby',
      owner: 0,
      options: { themeCardOpens: true, twoHistoryCards: true, prolongedGame: false },
    });
    expect(r.table.seats[0]).toMatchObject({ kind: 'human', name: '<b>Ann</b> with a very l', connected: true });
    const listed = (await tablesOf(new Player(await host.connect()))).find((t) => t.id === r.tableId)!;
    expect(listed).toEqual(r.table);
    expect(JSON.stringify(listed)).not.toMatch(/1234|token|seed/);
  });

  it('refuses bad table requests', async () => {
    host = await startHost();
    const p = new Player(await host.connect());
    for (const bad of [
      { name: 'x', players: 2, playerName: 'A' },
      { name: 'x', players: 7, playerName: 'A' },
      { name: '\u0000\u0001', players: 4, playerName: 'A' },
      { name: 'x', players: 4, playerName: '   ' },
      { name: 'x', players: 4, playerName: 'A', options: { unknown: true } },
    ]) {
      expect(await p.request('table:create', bad)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    }
    expect(await tablesOf(p)).toEqual([]);
  });

  it('checks the PIN to join or watch', async () => {
    host = await startHost();
    const { tableId } = await seatPlayers(host, 3, { pin: '4321' });
    const p = new Player(await host.connect());
    expect(await p.request('table:join', { tableId, name: 'Eve' })).toMatchObject({ ok: false, code: 'PIN_REQUIRED' });
    expect(await p.request('table:join', { tableId, name: 'Eve', pin: '0000' })).toMatchObject({ ok: false, code: 'WRONG_PIN' });
    expect(await p.request('table:spectate', { tableId, pin: '0000' })).toMatchObject({ ok: false, code: 'WRONG_PIN' });
    expect(await p.request('table:spectate', { tableId, pin: '4321' })).toMatchObject({ ok: true });
  });

  it('says a PIN table needs its PIN when none is given, and does not count that as a guess', async () => {
    host = await startHost();
    const { tableId } = await seatPlayers(host, 3, { pin: '4321' });
    const p = new Player(await host.connect());
    // Far more than the table's and the address's guessing limits (a burst of 8 and a reserve of 2).
    for (let i = 0; i < 25; i++) {
      expect(await p.request('table:join', { tableId, name: 'Eve' })).toMatchObject({ ok: false, code: 'PIN_REQUIRED' });
      expect(await p.request('table:spectate', { tableId })).toMatchObject({ ok: false, code: 'PIN_REQUIRED' });
    }
    // Not one of those was a guess: the right PIN is let in at once (a full table: watched).
    expect(await p.request('table:spectate', { tableId, pin: '4321' })).toMatchObject({ ok: true });
  });

  it('seats, full tables, bots, ownership and the start', async () => {
    host = await startHost();
    const t = await seatPlayers(host, 4);
    const [owner, p1] = t.players;
    const watcher = new Player(await host.connect());
    await tablesOf(watcher); // subscribes to table:updated
    expect(await p1!.request('table:start')).toMatchObject({ ok: false, code: 'NOT_OWNER' });
    const late = new Player(await host.connect());
    expect(await late.request('table:join', { tableId: t.tableId, name: 'Late' })).toMatchObject({ ok: false, code: 'TABLE_FULL' });
    expect(await p1!.request('table:addBot', { seat: 3 })).toMatchObject({ ok: false, code: 'NOT_OWNER' });

    // Seat 3 leaves; a bot takes it; the owner removes it again; a human sits in that very seat.
    expect(await t.players[3]!.request('table:leave')).toEqual({ ok: true });
    expect(await owner!.request('table:start')).toMatchObject({ ok: false, code: 'SEATS_NOT_FILLED' });
    expect(await owner!.request('table:addBot', { seat: 0 })).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(await owner!.request('table:addBot', { seat: 3 })).toEqual({ ok: true });
    expect(await owner!.request('table:removeBot', { seat: 2 })).toMatchObject({ ok: false, code: 'NOT_A_BOT_SEAT' });
    expect(await late.request('table:join', { tableId: t.tableId, name: 'Late', seat: 3 })).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(await owner!.request('table:removeBot', { seat: 3 })).toEqual({ ok: true });
    expect(await late.join(t.tableId, 'Late', { seat: 3 })).toMatchObject({ ok: true, seat: 3 });
    await waitFor(() => watcher.inbox.some((m) => m.event === 'table:updated' && (m.payload as TableInfo).seats[3]!.name === 'Late'), 'lobby update');

    // The owner leaves: the lowest seated player owns the table now and may start it.
    expect(await owner!.request('table:leave')).toEqual({ ok: true });
    expect((await tablesOf(watcher)).find((x) => x.id === t.tableId)!.owner).toBe(1);
    expect(await p1!.request('table:addBot', { seat: 0 })).toEqual({ ok: true });
    expect(await p1!.request('table:start')).toEqual({ ok: true });
    expect(await p1!.request('table:start')).toMatchObject({ ok: false, code: 'ALREADY_STARTED' });
    expect(await new Player(await host.connect()).request('table:join', { tableId: t.tableId, name: 'X', seat: 0 })).toMatchObject({ ok: false, code: 'ALREADY_STARTED' });
    await waitFor(() => p1!.view !== null && late.view !== null, 'first views');
  });

  it('the owner removes another player before the start: told, seat free, token no longer valid', async () => {
    host = await startHost();
    const t = await seatPlayers(host, 3);
    const [owner, p1, p2] = t.players as [Player, Player, Player];
    expect(await p1.request('table:removePlayer', { seat: 2 })).toMatchObject({ ok: false, code: 'NOT_OWNER' });
    expect(await owner.request('table:removePlayer', { seat: 0 })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await owner.request('table:removePlayer', { seat: 2 })).toEqual({ ok: true });
    await waitFor(() => p2.inbox.some((m) => m.event === 'table:removed' && m.payload === t.tableId), 'the removed player to be told');
    const info = (await tablesOf(owner)).find((x) => x.id === t.tableId)!;
    expect(info.seats[2]!.kind).toBe('free');
    expect(await p2.request('table:start')).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(await new Player(await host.connect()).request('table:resume', { tableId: t.tableId, token: p2.token })).toMatchObject({ ok: false });
    // A bot in the free seat; then the game starts and nobody can be removed any more.
    expect(await owner.request('table:addBot', { seat: 2 })).toEqual({ ok: true });
    expect(await owner.request('table:removePlayer', { seat: 2 })).toMatchObject({ ok: false, code: 'NOT_HUMAN_SEAT' });
    expect(await owner.request('table:start')).toEqual({ ok: true });
    expect(await owner.request('table:removePlayer', { seat: 1 })).toMatchObject({ ok: false, code: 'ALREADY_STARTED' });
  });

  it('a spectator sees the spectator view: no hand, no legal actions', async () => {
    host = await startHost();
    const t = await seatPlayers(host, 3);
    const s = new Player(await host.connect());
    expect(await s.request('table:spectate', { tableId: t.tableId })).toMatchObject({ ok: true });
    expect(await t.players[0]!.request('table:start')).toEqual({ ok: true });
    await waitFor(() => s.view !== null, 'the spectator view');
    expect(s.view).toMatchObject({ viewer: 'spectator', hand: null, legalActions: [], version: 0 });
    expect((await tablesOf(s)).find((x) => x.id === t.tableId)!.spectators).toBe(1);
  });

  it('an emptied lobby closes (its file goes); the default table stays', async () => {
    host = await startHost();
    const kept = await host.tables.create({ name: 'Default', players: 4, persistent: true });
    const t = await seatPlayers(host, 3);
    const watcher = new Player(await host.connect());
    await tablesOf(watcher);
    for (const p of t.players) expect(await p.request('table:leave')).toEqual({ ok: true });
    await waitFor(() => watcher.inbox.some((m) => m.event === 'table:closed' && m.payload === t.tableId), 'table:closed');
    expect((await tablesOf(watcher)).map((x) => x.id)).toEqual([kept.id]);
    const p = new Player(await host.connect());
    expect(await p.join(kept.id, 'A')).toMatchObject({ ok: true });
    expect(await p.request('table:leave')).toEqual({ ok: true });
    expect((await tablesOf(watcher)).map((x) => x.id)).toEqual([kept.id]);
  });

  it('finished games leave memory for the archive once nobody is at them, making room for new tables', async () => {
    host = await startHost({ maxTables: 1 });
    const p = new Player(await host.connect(), 3);
    const r = await p.request<Seated>('table:create', { name: 'Quick', players: 3, playerName: 'Solo' });
    if (!r.ok) throw new Error(r.code);
    p.seated(r);
    for (const seat of [1, 2]) expect(await p.request('table:addBot', { seat })).toEqual({ ok: true });
    const other = new Player(await host.connect());
    expect(await other.request('table:create', { name: 'Next', players: 3, playerName: 'B' })).toMatchObject({ ok: false, code: 'TOO_MANY_TABLES' });
    p.startAutoplay();
    expect(await p.request('table:start')).toEqual({ ok: true });
    await p.waitOver();
    p.socket.disconnect(); // the player leaves the game-over screen
    await waitFor(() => host.tables.get(r.tableId) === undefined, 'the finished table to leave memory');
    expect(await other.request('table:create', { name: 'Next', players: 3, playerName: 'B' })).toMatchObject({ ok: true });
    expect((await tablesOf(other)).map((t) => t.name)).toEqual(['Next']);
    const archived = await other.request<{ games: { id: string; name: string }[] }>('archive:list');
    expect(archived).toMatchObject({ ok: true, games: [{ id: r.tableId, name: 'Quick' }] });
  });
});
