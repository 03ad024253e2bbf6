// A page's connection over a fake socket, in its parts: the lobby feed lists and follows the
// tables; the game session's intents carry a rising seq and the view's version, its seat tokens
// are kept per table and used to resume after a drop; the replay client finds this device's
// finished games; a refusal from any part becomes the one notice.
import { describe, expect, it, vi } from 'vitest';
import type { ClientEvent, ServerToClientEvents } from '../../../../src/shared/protocol/events';
import { connect } from '../../../../src/renderer/src/lib/connection/connect';
import { localSeatStore } from '../../../../src/renderer/src/lib/connection/seat-store';
import { MAX_KEPT, keepGame, keptGames } from '../../../../src/renderer/src/lib/connection/finished-store';
import type { ClientSocket, SocketLifecycle } from '../../../../src/renderer/src/lib/connection/socket';
import { MAX_MESSAGE_BYTES } from '../../../../src/shared/protocol/limits';
import { tableInfo } from '../../../kit/dom/fake-client.svelte';
import { startGame } from '../../../kit/game/playout';
import { viewFor } from '../../../../src/shared/rules/view';
import { cardIdOf, seatOf, seatTokenOf, tableIdOf } from '../../../../src/shared/ids';

const TOKEN = 'a'.repeat(43);

class FakeSocket implements ClientSocket {
  readonly sent: { event: ClientEvent; payload: unknown }[] = [];
  readonly listeners = new Map<string, ((...args: never[]) => void)[]>();
  readonly lifecycles: ((what: SocketLifecycle, detail: string) => void)[] = [];
  /** The host's answers, by event. */
  answers: Partial<Record<ClientEvent, (payload: unknown) => unknown>> = {};

  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  onLifecycle(listener: (what: SocketLifecycle, detail: string) => void): void {
    this.lifecycles.push(listener);
  }
  lifecycle(what: SocketLifecycle, detail: string): void {
    for (const listener of this.lifecycles) listener(what, detail);
  }
  request(event: ClientEvent, payload: unknown): Promise<never> {
    this.sent.push({ event, payload });
    const answer = this.answers[event];
    if (!answer) return Promise.reject(new Error('operation has timed out'));
    return Promise.resolve(answer(payload) as never);
  }
  reconnects = 0;
  reconnect(): void {
    this.reconnects += 1;
  }
  close(): void {}
  push<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

/** A fresh page connected to a host with a table in play. */
async function connectedToSeatedHost() {
  localStorage.clear();
  const socket = new FakeSocket();
  const table = seatedHost(socket);
  const c = connect(socket);
  socket.lifecycle('connect', '');
  await flush();
  return { socket, table, c };
}

function seatedHost(socket: FakeSocket, phase: 'lobby' | 'playing' = 'playing') {
  const table = tableInfo(3, phase);
  socket.answers['table:list'] = () => ({ ok: true, tables: [table] });
  socket.answers['table:join'] = () => ({ ok: true, tableId: table.id, seat: 0, token: TOKEN, table });
  socket.answers['table:resume'] = () => ({ ok: true, tableId: table.id, seat: 0, table, lastSeq: 7 });
  socket.answers['game:sync'] = () => ({ ok: true, view: viewFor(startGame(3), seatOf(0)) });
  socket.answers['game:act'] = () => ({ ok: true, version: 1 });
  return table;
}

describe('the connection', () => {
  it('lists tables when connected and follows updates', async () => {
    const socket = new FakeSocket();
    const table = seatedHost(socket);
    const c = connect(socket, { store: localSeatStore() });
    expect(c.session.status).toBe('connecting');
    socket.lifecycle('connect', '');
    await flush();
    expect(c.session.status).toBe('live');
    expect(c.lobby.tables.map((t) => t.id)).toEqual([table.id]);
    socket.push('table:updated', { ...table, name: 'Renamed' });
    expect(c.lobby.tables[0]!.name).toBe('Renamed');
    socket.lifecycle('disconnect', 'transport close');
    expect(c.session.status).toBe('lost');
  });

  it('keeps the seat token per table and sends intents with seq and the view version', async () => {
    const { socket, table, c } = await connectedToSeatedHost();
    expect(await c.session.join(table.id, 'Ada')).toBe(true);
    await flush();
    expect(JSON.parse(localStorage.getItem(`chronicle.seat.${table.id}`)!)).toEqual({ seat: 0, token: TOKEN });
    expect(c.session.hasSeatToken(table.id)).toBe(true);
    expect(c.session.view?.version).toBe(0);
    const card = c.session.view!.legalActions.find((a) => 'play' in a) as { play: string };
    await c.session.act({ play: cardIdOf(card.play) });
    await c.session.act({ play: cardIdOf(card.play) });
    const acts = socket.sent.filter((s) => s.event === 'game:act').map((s) => s.payload);
    expect(acts).toEqual([
      { action: { play: card.play }, seq: 1, version: 0 },
      { action: { play: card.play }, seq: 2, version: 0 },
    ]);
  });

  it('leaves the table, forgetting its token, when the owner removes this player before the start', async () => {
    localStorage.clear();
    const socket = new FakeSocket();
    const table = seatedHost(socket, 'lobby');
    const c = connect(socket);
    socket.lifecycle('connect', '');
    await flush();
    expect(await c.session.join(table.id, 'Ada')).toBe(true);
    socket.push('table:removed', tableIdOf('some-other-table'));
    expect(c.session.table?.id).toBe(table.id);
    socket.push('table:removed', table.id);
    expect(c.session.table).toBeNull();
    expect(c.session.seat).toBeNull();
    expect(c.session.hasSeatToken(table.id)).toBe(false);
    expect(c.notices.error?.key).toBe('error.removed');
  });

  it('resumes the seat with its token after a drop, continuing above the last seq', async () => {
    const { socket, table, c } = await connectedToSeatedHost();
    await c.session.join(table.id, 'Ada');
    await flush();
    socket.lifecycle('disconnect', 'ping timeout');
    socket.lifecycle('connect', '');
    await flush();
    await flush();
    expect(socket.sent.find((s) => s.event === 'table:resume')?.payload).toEqual({ tableId: table.id, token: TOKEN });
    await c.session.act({ play: cardIdOf('x') });
    expect(socket.sent.filter((s) => s.event === 'game:act').at(-1)?.payload).toMatchObject({ seq: 8 });
  });

  it('resumes the table of the join link on a reload', async () => {
    localStorage.clear();
    localStorage.setItem('chronicle.seat.table-0001', JSON.stringify({ seat: 0, token: TOKEN }));
    const socket = new FakeSocket();
    seatedHost(socket);
    const c = connect(socket, { resumeTable: tableIdOf('table-0001') });
    socket.lifecycle('connect', '');
    await flush();
    await flush();
    expect(c.session.seat).toBe(0);
    expect(c.session.table?.id).toBe('table-0001');
    expect(c.session.view).not.toBeNull();
  });

  it('lands at the table that played again while it was away, keeping the same token for it', async () => {
    localStorage.clear();
    localStorage.setItem('chronicle.seat.table-0001', JSON.stringify({ seat: 1, token: TOKEN }));
    const socket = new FakeSocket();
    seatedHost(socket);
    const next = { ...tableInfo(3, 'playing', 'table-0002'), from: 'table-0001' };
    socket.answers['table:resume'] = () => ({ ok: true, tableId: next.id, seat: 1, table: next, lastSeq: 0 });
    const c = connect(socket, { resumeTable: tableIdOf('table-0001') });
    socket.lifecycle('connect', '');
    await flush();
    await flush();
    expect(c.session.table?.id).toBe('table-0002');
    expect(c.session.seat).toBe(1);
    // The seat there is this device's from now on: a drop resumes it by the new table's id.
    expect(c.session.heldSeat('table-0002')).toBe(1);
    socket.lifecycle('disconnect', 'ping timeout');
    socket.lifecycle('connect', '');
    await flush();
    expect(socket.sent.filter((s) => s.event === 'table:resume').at(-1)?.payload).toEqual({ tableId: 'table-0002', token: TOKEN });
  });

  it('watches the table that plays again after the one it watched, with the invite the host gives', async () => {
    const { socket, c } = await connectedToSeatedHost();
    const next = tableInfo(3, 'playing', 'table-0002');
    socket.answers['table:spectate'] = (p) => ({ ok: true, table: (p as { tableId: string }).tableId === next.id ? next : tableInfo(3, 'over') });
    expect(await c.session.spectate(tableIdOf('table-0001'), '1234')).toBe(true);
    const invite = 'i'.repeat(43);
    socket.push('table:next', { tableId: next.id, invite });
    await flush();
    expect(socket.sent.filter((s) => s.event === 'table:spectate').at(-1)?.payload).toEqual({ tableId: next.id, invite });
    expect(c.session.table?.id).toBe(next.id);
    expect(c.session.seat).toBeNull();
    expect(c.session.nextInvite).toBe(invite);
  });

  it('a board opened on a finished table that played again watches the new one', async () => {
    const { socket, c } = await connectedToSeatedHost();
    const next = tableInfo(3, 'playing', 'table-0002');
    socket.answers['table:spectate'] = (p) =>
      (p as { tableId: string }).tableId === next.id ? { ok: true, table: next } : { ok: true, table: tableInfo(3, 'over'), next: { tableId: next.id } };
    expect(await c.session.spectate(tableIdOf('table-0001'), '1234')).toBe(true);
    expect(socket.sent.filter((s) => s.event === 'table:spectate').at(-1)?.payload).toEqual({ tableId: next.id, pin: '1234' });
    expect(c.session.table?.id).toBe(next.id);
  });

  it('turns refusals and timeouts into notices, and forgets a rejected token', async () => {
    localStorage.clear();
    localStorage.setItem('chronicle.seat.table-0001', JSON.stringify({ seat: 0, token: TOKEN }));
    const socket = new FakeSocket();
    socket.answers['table:resume'] = () => ({ ok: false, code: 'BAD_TOKEN', message: 'no' });
    const c = connect(socket);
    expect(await c.session.resume(tableIdOf('table-0001'))).toBe(false);
    expect(c.notices.error).toEqual({ code: 'BAD_TOKEN', key: 'error.notSeated' });
    expect(c.session.hasSeatToken(tableIdOf('table-0001'))).toBe(false);
    expect(await c.session.start()).toBe(false); // no answer: a timeout
    expect(c.notices.error?.code).toBe('TIMEOUT');
  });

  it('ignores an older view than the one it has', async () => {
    localStorage.clear();
    const socket = new FakeSocket();
    const table = seatedHost(socket);
    const c = connect(socket);
    await c.session.join(table.id, 'Ada');
    await flush();
    const v0 = c.session.view!;
    socket.push('game:view', { ...v0, version: 5 }, []);
    socket.push('game:view', { ...v0, version: 3 }, []);
    expect(c.session.view!.version).toBe(5);
  });

  it('does not send a message larger than the host takes, and says so with both sizes', async () => {
    localStorage.clear();
    const socket = new FakeSocket();
    socket.answers['replay:open'] = () => ({ ok: true, players: 3, last: 0, actors: [], failure: null });
    const c = connect(socket);
    const huge = { format: 'chronicle-record', padding: 'x'.repeat(MAX_MESSAGE_BYTES) };
    expect(await c.replays.openReplay(huge)).toBeNull();
    expect(c.notices.error).toMatchObject({ code: 'TOO_LARGE', key: 'error.tooLarge', params: { max: MAX_MESSAGE_BYTES / 1024 } });
    expect(c.notices.error?.params?.['size']).toBeGreaterThan(MAX_MESSAGE_BYTES / 1024);
    expect(socket.sent, 'nothing went to the host').toEqual([]);
    expect(await c.replays.openReplay({ format: 'chronicle-record' })).not.toBeNull();
  });

  it('waits for the player after its seat was opened elsewhere, and takes it back on Play here', async () => {
    const { socket, table, c } = await connectedToSeatedHost();
    await c.session.join(table.id, 'Ada');
    await flush();
    socket.push('game:error', { code: 'SUPERSEDED', message: 'this seat was resumed from another connection' });
    socket.lifecycle('disconnect', 'io server disconnect');
    expect(c.session.status).toBe('closed');
    expect(c.session.seat).toBeNull();
    expect(socket.reconnects, 'no tug of war between two tabs').toBe(0);
    c.session.playHere();
    expect(socket.reconnects).toBe(1);
    socket.sent.length = 0;
    socket.lifecycle('connect', '');
    await flush();
    expect(socket.sent.map((s) => s.event)).toContain('table:resume');
    expect(c.session.status).toBe('live');
  });

  it('connects again by itself after the host cut it off for a burst, and takes its seat back', async () => {
    const { socket, table, c } = await connectedToSeatedHost();
    await c.session.join(table.id, 'Ada');
    await flush();
    vi.useFakeTimers();
    try {
      socket.push('game:error', { code: 'RATE_LIMITED', message: 'too many messages' });
      socket.lifecycle('disconnect', 'io server disconnect');
      expect(c.session.status).toBe('lost');
      expect(socket.reconnects).toBe(0);
      await vi.advanceTimersByTimeAsync(3000);
      expect(socket.reconnects).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    socket.sent.length = 0;
    socket.lifecycle('connect', '');
    await flush();
    expect(socket.sent.map((s) => s.event)).toContain('table:resume');
    expect(c.session.seat).toBe(0);
  });
});

describe('PIN tables and their invite', () => {
  it('joins with the link’s invite instead of the PIN, keeps the invite the host gives its players, forgets it on leaving', async () => {
    const { socket, table, c } = await connectedToSeatedHost();
    const invite = 'i'.repeat(43);
    socket.answers['table:join'] = () => ({ ok: true, tableId: table.id, seat: 1, token: TOKEN, table, invite });
    expect(await c.session.join(table.id, 'Bob', '1234', invite)).toBe(true);
    expect(socket.sent.find((m) => m.event === 'table:join')!.payload).toEqual({ tableId: table.id, name: 'Bob', invite });
    expect(c.session.invite).toBe(invite);
    await c.session.leave();
    expect(c.session.invite).toBeNull();
  });

  it('tells how long to wait after too many wrong PINs, in seconds or minutes', async () => {
    const { socket, table, c } = await connectedToSeatedHost();
    socket.answers['table:join'] = () => ({ ok: false, code: 'TOO_MANY_ATTEMPTS', message: 'try again in 30 s', retryAfterMs: 29_500 });
    expect(await c.session.join(table.id, 'Bob', '1234')).toBe(false);
    expect(c.notices.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', key: 'error.waitSeconds', params: { n: 30 } });
    socket.answers['table:join'] = () => ({ ok: false, code: 'TOO_MANY_ATTEMPTS', message: 'try again in 1700 s', retryAfterMs: 1_700_000 });
    expect(await c.session.join(table.id, 'Bob', '1234')).toBe(false);
    expect(c.notices.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', key: 'error.waitMinutes', params: { n: 29 } });
  });
  it('keeps a finished game’s token when its table closes, lists and exports with it, and drops what the host no longer has', async () => {
    const { socket, table, c } = await connectedToSeatedHost();
    expect(await c.session.join(table.id, 'Ada')).toBe(true);
    await flush();
    const view = viewFor(startGame(3), seatOf(0));
    socket.push('game:view', { ...view, version: view.version + 1, over: true }, []);
    socket.push('table:closed', table.id); // archived at once
    expect(localStorage.getItem(`chronicle.seat.${table.id}`)).toBeNull();
    expect(JSON.parse(localStorage.getItem('chronicle.finished')!)).toMatchObject([{ tableId: table.id, token: TOKEN, name: table.name }]);

    const summary = { id: table.id, name: table.name, players: 3, seats: [], fame: [], winners: [], createdAt: 1, finishedAt: 2, actions: 0 };
    const other = { ...summary, id: 'other0000001' }; // the host's own machine sees others’ games too
    socket.answers['archive:list'] = () => ({ ok: true, games: [other, summary] });
    expect((await c.replays.finishedGames()).map((g) => g.id)).toEqual([table.id]);
    expect(socket.sent.filter((s) => s.event === 'archive:list').map((s) => s.payload)).toEqual([{ tokens: [TOKEN] }]);
    socket.answers['archive:export'] = () => ({ ok: true, record: { format: 'chronicle-record' } });
    expect(await c.replays.finishedRecord(table.id)).toEqual({ format: 'chronicle-record' });
    expect(socket.sent.at(-1)).toEqual({ event: 'archive:export', payload: { tableId: table.id, token: TOKEN } });

    socket.answers['archive:list'] = () => ({ ok: true, games: [other] }); // the host's files were cleared
    expect(await c.replays.finishedGames()).toEqual([]);
    expect(JSON.parse(localStorage.getItem('chronicle.finished')!)).toEqual([]);
  });

  it('keeps a finished game’s token when the player leaves its game-over screen first', async () => {
    const { socket, table, c } = await connectedToSeatedHost();
    expect(await c.session.join(table.id, 'Ada')).toBe(true);
    await flush();
    const view = viewFor(startGame(3), seatOf(0));
    socket.push('table:updated', { ...table, phase: 'over' });
    socket.push('game:view', { ...view, version: view.version + 1, over: true }, []);
    await c.session.leave();
    expect(c.session.hasSeatToken(table.id)).toBe(false);
    expect(keptGames()).toMatchObject([{ tableId: table.id, token: TOKEN }]);
  });

  it('keeps only the latest finished games, each once', () => {
    localStorage.clear();
    for (let i = 0; i < MAX_KEPT + 5; i++) keepGame({ tableId: tableIdOf(`t${i}`), token: seatTokenOf(TOKEN), name: `Game ${i}`, finishedAt: i });
    keepGame({ tableId: tableIdOf(`t${MAX_KEPT + 4}`), token: seatTokenOf(TOKEN), name: 'Again', finishedAt: 99 });
    const kept = keptGames();
    expect(kept).toHaveLength(MAX_KEPT);
    expect(kept[0]).toMatchObject({ tableId: `t${MAX_KEPT + 4}`, name: `Game ${MAX_KEPT + 4}` });
    expect(kept.at(-1)!.tableId).toBe('t5');
    localStorage.setItem('chronicle.finished', '{damaged');
    expect(keptGames()).toEqual([]);
  });
});

describe('quick reactions', () => {
  it('a reaction at our table is on show at its seat for 3 s, a seat its latest; none is kept once we leave', async () => {
    const { socket, table, c } = await connectedToSeatedHost();
    expect(c.session.reactions).toEqual([]);
    socket.push('table:reaction', { seat: 1, reaction: 'wow', at: 1 });
    // Before we sit down nothing is shown (a reaction from a table we are not at).
    expect(c.session.reactions).toEqual([]);
    expect(await c.session.join(table.id, 'Ada')).toBe(true);
    await flush();
    vi.useFakeTimers();
    try {
      socket.push('table:reaction', { seat: 1, reaction: 'wow', at: 2 });
      socket.push('table:reaction', { seat: 2, reaction: 'nice', at: 3 });
      socket.push('table:reaction', { seat: 1, reaction: 'ouch', at: 4 });
      // One a seat newer than this page knows how to draw is left out.
      socket.push('table:reaction', { seat: 0, reaction: 'party' as 'nice', at: 5 });
      expect(c.session.reactions.map((r) => [r.seat, r.reaction])).toEqual([
        [2, 'nice'],
        [1, 'ouch'],
      ]);
      await vi.advanceTimersByTimeAsync(2999);
      expect(c.session.reactions).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(c.session.reactions).toEqual([]);
      socket.push('table:reaction', { seat: 2, reaction: 'haha', at: 6 });
      expect(c.session.reactions).toHaveLength(1);
      await c.session.leave();
      expect(c.session.reactions).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('our reaction goes to the host as its id; a refusal (too many at once) is the notice', async () => {
    const { socket, table, c } = await connectedToSeatedHost();
    await c.session.join(table.id, 'Ada');
    socket.answers['table:react'] = () => ({ ok: true });
    expect(await c.session.react('bravo')).toBe(true);
    expect(socket.sent.filter((s) => s.event === 'table:react').map((s) => s.payload)).toEqual([{ reaction: 'bravo' }]);
    socket.answers['table:react'] = () => ({ ok: false, code: 'TOO_MANY_REACTIONS', message: 'one reaction at a time', retryAfterMs: 1500 });
    expect(await c.session.react('haha')).toBe(false);
    expect(c.notices.error?.key).toBe('error.tooManyReactions');
  });
});
