// The end of a game and the next one, over real sockets: the finished game's record, Play
// again with the same seats, leaving a game in play to a bot, and a record opened for replay.
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createBotPool } from '../../../../src/main/bots/pool';
import type { ReplayOpened, ReplayStepView, Resumed, Seated, TableInfo } from '../../../../src/shared/protocol';
import { parseRecord, replay } from '../../../../src/shared/rules/record/record';
import type { GameRecord } from '../../../../src/shared/rules/record/record';
import type { PlayerView } from '../../../../src/shared/rules/view';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { annBobAndTwoBots } from '../../../kit/host/tables';

let host: TestHost;
afterEach(async () => host?.dispose());

/** Ann and Bob (playing by themselves) and two bots at a 4-seat table, started. */
const fourSeats = (h: TestHost) => annBobAndTwoBots(h, 'Again', [31, 32], 'novice');

describe('the end of a game', () => {
  it('gives the record once the game is over, and Play again seats everyone at a new table that starts at once', async () => {
    host = await startHost();
    const { tableId, ann, bob } = await fourSeats(host);
    for (const p of [ann, bob]) p.startAutoplay();
    expect((await ann.request('table:start')).ok).toBe(true);
    const early = await ann.request('game:record');
    expect(early.ok === false && early.code).toBe('GAME_NOT_OVER');
    await Promise.all([ann, bob].map((p) => p.waitOver(30_000)));

    const saved = await bob.request<{ record: GameRecord }>('game:record');
    if (!saved.ok) throw new Error(saved.code);
    const parsed = parseRecord(JSON.parse(JSON.stringify(saved.record)));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const replayed = replay(parsed.value.record, parsed.value.cardSet);
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.value.failure).toBeNull();
    expect(replayed.value.state.fame).toEqual(ann.view!.fame);
    // Saved with the players' names by seat (a bot's as null): a replay of the file names them.
    expect(parsed.value.record.names).toEqual(['Ann', 'Bob', null, null]);

    const again = await ann.request<Seated>('table:rematch');
    if (!again.ok) throw new Error(again.code);
    expect(again.tableId).not.toBe(tableId);
    expect(again.seat).toBe(0);
    expect(again.table.phase).toBe('playing');
    expect(again.table.seats.map((s) => [s.kind, s.name])).toEqual([
      ['human', 'Ann'],
      ['human', 'Bob'],
      ['bot', null],
      ['bot', null],
    ]);
    // Bob is told his new seat, and takes it with the token he was given.
    await waitFor(() => bob.inbox.some((m) => m.event === 'table:rematch'), 'Bob to hear of the new game');
    const told = bob.inbox.find((m) => m.event === 'table:rematch')!.payload as Seated;
    expect(told.tableId).toBe(again.tableId);
    const back = new Player(await host.connect(), 33);
    const resumed = await back.request<Resumed>('table:resume', { tableId: told.tableId, token: told.token });
    expect(resumed.ok && resumed.seat).toBe(1);
    await waitFor(() => back.view !== null, "Bob's first view of the new game");
    expect(back.view!.version).toBeGreaterThanOrEqual(0);
    expect(back.inbox.some((m) => m.event === 'game:events')).toBe(true);
  });

  it('a player who leaves a game in play leaves the seat to a bot, which plays it to the end', async () => {
    host = await startHost();
    const { tableId, ann, bob } = await fourSeats(host);
    ann.startAutoplay();
    expect((await ann.request('table:start')).ok).toBe(true);
    expect((await bob.request('table:leave')).ok).toBe(true);
    await ann.waitOver(30_000);
    const listed = await ann.request<{ tables: TableInfo[] }>('table:list');
    const info = listed.ok ? listed.tables.find((x) => x.id === tableId) : undefined;
    expect(info?.phase).toBe('over');
    expect(info?.seats[1]?.botPlaying).toBe(true);
  });

  it('a table sets its own bot delay: its bots move at once on a host whose bots wait a minute, and Play again keeps it', async () => {
    host = await startHost({ botDelayMs: 60_000 });
    const ann = new Player(await host.connect(), 41);
    const created = await ann.request<Seated>('table:create', { name: 'Quick bots', players: 3, playerName: 'Ann', botDelayMs: 0 });
    if (!created.ok) throw new Error(created.code);
    ann.seated(created);
    for (const seat of [1, 2]) expect((await ann.request('table:addBot', { seat, level: 'novice' })).ok).toBe(true);
    ann.startAutoplay();
    expect((await ann.request('table:start')).ok).toBe(true);
    await ann.waitOver(30_000);
    expect(host.tables.get(created.tableId)!.model.header.botDelayMs).toBe(0);
    const again = await ann.request<Seated>('table:rematch');
    if (!again.ok) throw new Error(again.code);
    expect(host.tables.get(again.tableId)!.model.header.botDelayMs).toBe(0);
    const tooSlow = await ann.request('table:create', { name: 'Slow', players: 3, playerName: 'Ann', botDelayMs: 3_600_000 });
    expect(tooSlow.ok === false && tooSlow.code).toBe('BAD_REQUEST');
  });

  it('opens a record for replay: every version from any seat or all hands open, the story, and the analysis of a decision', async () => {
    const pool = createBotPool({ size: 1 });
    onTestFinished(() => pool.close());
    host = await startHost({ analyse: (record, version) => pool.analyse(record, version) });
    const { ann, bob } = await fourSeats(host);
    for (const p of [ann, bob]) p.startAutoplay();
    expect((await ann.request('table:start')).ok).toBe(true);
    await Promise.all([ann, bob].map((p) => p.waitOver(30_000)));
    const saved = await ann.request<{ record: GameRecord }>('game:record');
    if (!saved.ok) throw new Error(saved.code);

    const viewer = new Player(await host.connect(), 0);
    expect((await viewer.request('replay:step', { version: 0, viewer: 'all' })).ok).toBe(false); // nothing opened yet
    const bad = await viewer.request('replay:open', { record: { format: 'chronicle-record', version: 99 } });
    expect(bad.ok === false && bad.code).toBe('BAD_RECORD');
    const opened = await viewer.request<ReplayOpened>('replay:open', { record: saved.record });
    if (!opened.ok) throw new Error(opened.code);
    expect(opened.last).toBe(saved.record.actions.length);
    // The replay names the players the record holds (the viewer showed "Seat 1…6" for a file).
    expect(opened.names).toEqual(['Ann', 'Bob', null, null]);
    const { names: _names, ...nameless } = saved.record;
    const anonymous = await new Player(await host.connect(), 0).request<ReplayOpened>('replay:open', { record: nameless });
    expect(anonymous.ok && 'names' in anonymous).toBe(false);
    expect(opened.actors).toEqual(saved.record.actions.map((a) => a.seat));
    const end = await viewer.request<ReplayStepView>('replay:step', { version: opened.last, viewer: 1 });
    if (!end.ok) throw new Error(end.code);
    expect(end.view.fame).toEqual(ann.view!.fame);
    expect(end.view.over).toBe(true);
    const start = await viewer.request<ReplayStepView>('replay:step', { version: 0, viewer: 'all' });
    expect(start.ok && start.hands?.length).toBe(4);
    const log = await viewer.request<{ log: { version: number }[] }>('replay:log', { viewer: 'spectator' });
    expect(log.ok && log.log.length).toBe(opened.last + 1);
    const decision = opened.actors.findIndex((seat) => seat === 0);
    const analysed = await viewer.request<{ analysis: { master: object; masterWin: number; playedWin: number } | null }>('replay:analyse', { version: decision }, 30_000);
    if (!analysed.ok) throw new Error(analysed.code);
    expect(analysed.analysis?.masterWin).toBeGreaterThanOrEqual(0);
    const view = start.ok ? start.view : null;
    expect(view?.viewer).toBe('spectator');
  });
});
