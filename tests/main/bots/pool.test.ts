// The worker pool: bots think off the main thread, and a failing or stuck worker never stalls
// a table (its decision falls back to the random player).
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { type BotPool, MAX_WAITING_ANALYSES, createBotPool } from '../../../src/main/bots/pool';
import { AnalysisBusy, ReplaySession } from '../../../src/main/host/replay/replay-session';
import { BotRng } from '../../../src/shared/bots/prng';
import { randomRecord } from '../../kit/game/playout';
import { type Action, type GameState, type PlayerView, applyAction, currentDecider, legalActions, resolvePlace, viewFor } from '../../../src/shared/rules';
import { startGame } from '../../kit/game/playout';
import { seatOf } from '../../../src/shared/ids';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

let pool: BotPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

type Decide = (seatKey: string, view: PlayerView) => Promise<Action>;

/** Play `state` forward with `decide` for every seat (every view observed by the pool). */
async function playWithPool(p: BotPool, table: string, state: GameState, decisions: number, budgetMs: number, decide?: Decide): Promise<GameState> {
  let s = state;
  for (let i = 0; i < decisions && !s.over; i++) {
    const seat = currentDecider(s)!;
    for (let o = 0; o < s.players; o++) if (o !== seat) p.observe(`${table}:${o}`, viewFor(s, seatOf(o)));
    const view = viewFor(s, seat);
    const action = decide ? await decide(`${table}:${seat}`, view) : await p.decide('master', `${table}:${seat}`, view, { budget: { ms: budgetMs } });
    // A face-down card is answered by its place, as the host resolves it (ruling 14).
    expect(legalActions(s, seat)).toContainEqual(resolvePlace(s, action));
    const r = applyAction(s, resolvePlace(s, action));
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return s;
}

describe('bot pool', () => {
  it('six Master bots think in the pool: the main thread stays mostly idle while they play, unlike bots thinking on it', async () => {
    pool = createBotPool({ size: 1 });
    // The main thread's event-loop utilisation (time spent running, not waiting) is what a
    // table's other players feel. Unlike timer lateness it does not grow when a busy machine
    // delays the thread, so it separates "thinks elsewhere" from "thinks here" under any load.
    const busyShare = async (decide?: Decide): Promise<{ share: number; played: GameState[] }> => {
      // Two tables of three Masters each, deciding concurrently.
      const tables = [startGame(3, 'pool-a'), startGame(3, 'pool-b')];
      const start = performance.eventLoopUtilization();
      const played = await Promise.all(tables.map((s, i) => playWithPool(pool!, `t${i}`, s, 40, 40, decide)));
      return { share: performance.eventLoopUtilization(start).utilization, played };
    };
    // Negative control from the same run: each decision thinks 40 ms on the main thread.
    const onMainThread = await busyShare(async (_key, view) => {
      const end = performance.now() + 40;
      while (performance.now() < end);
      return view.legalActions[0]!;
    });
    const { share, played } = await busyShare();
    for (const s of played) expect(s.version).toBeGreaterThan(20);
    expect(pool.stats.fallbacks).toBe(0);
    console.log(`main-thread busy share: pool ${share.toFixed(2)}, control ${onMainThread.share.toFixed(2)}`);
    expect(onMainThread.share, 'the control must show a busy main thread').toBeGreaterThan(0.8);
    expect(share, `main thread busy ${(share * 100).toFixed(0)}% of the time (control ${(onMainThread.share * 100).toFixed(0)}%)`).toBeLessThan(0.5);
    expect(pool.lastStats('t0:0')?.playouts ?? 0).toBeGreaterThanOrEqual(0);
  }, 40_000);

  it('answers hints from a player’s own view', async () => {
    pool = createBotPool({ size: 1 });
    const s = startGame(4, 'hint', { themeCardOpens: false });
    const seat = currentDecider(s)!;
    const view: PlayerView = viewFor(s, seat);
    const action = await pool.hint(view, { budget: { ms: 30 } });
    expect(view.legalActions).toContainEqual(action);
  }, 20_000);

  it('sends a worker bots’ turns ahead of the hints waiting for it', async () => {
    pool = createBotPool({ size: 1 });
    const s = startGame(4, 'priority', { themeCardOpens: false });
    const view: PlayerView = viewFor(s, currentDecider(s)!);
    const answered: string[] = [];
    // All asked before the worker has loaded: the first hint goes to it first, the others wait.
    const hints = Array.from({ length: 6 }, (_, i) => pool!.hint(view, { budget: { ms: 100 } }).then(() => answered.push(`hint ${i}`)));
    const turn = pool.decide('adept', 'table:1', view).then(() => answered.push('turn'));
    await Promise.all([...hints, turn]);
    expect(answered).toEqual(['hint 0', 'turn', 'hint 1', 'hint 2', 'hint 3', 'hint 4', 'hint 5']);
    expect(pool.stats.fallbacks).toBe(0);
  }, 20_000);

  it('analyses a recorded decision in its own worker, as the same analysis here does; a bad record or a full queue is refused', async () => {
    pool = createBotPool({ size: 1 });
    const record = randomRecord({ players: 4, seed: 'pool-analysis' }, new BotRng(3));
    const opened = ReplaySession.open(record);
    if (!opened.ok) throw new Error(opened.message);
    const r = opened.session;
    // A late decision with a choice: a short game left to play out.
    const version = r
      .decisions(seatOf(2))
      .reverse()
      .find((v) => r.step(v, seatOf(2)).view.legalActions.length > 1)!;
    const inWorker = await pool.analyse(record, version);
    expect(inWorker).not.toBeNull();
    expect(inWorker).toEqual(r.analyse(version)); // seeded: the same answer wherever it runs
    expect(await pool.analyse(record, r.last)).toBeNull(); // nobody decides after the end
    await expect(pool.analyse({ format: 'nope' }, 0)).rejects.toThrow(/format|record/i);
    const flood = await Promise.allSettled(Array.from({ length: MAX_WAITING_ANALYSES + 2 }, () => pool!.analyse(record, version)));
    const refused = flood.filter((f) => f.status === 'rejected');
    expect(refused).toHaveLength(2);
    for (const f of refused) expect(f.reason).toBeInstanceOf(AnalysisBusy);
    expect(pool.stats.fallbacks).toBe(0);
  }, 40_000);

  it('falls back to a random legal move when a worker never answers, and replaces it', async () => {
    const problems: string[] = [];
    pool = createBotPool({ size: 1, graceMs: 100, workerUrl: fixture('silent-worker.js'), onProblem: (m) => problems.push(m) });
    const s = startGame(4, 'silent', { themeCardOpens: false });
    const seat = currentDecider(s)!;
    // The answer comes from the fallback once the grace has passed (the test's own timeout
    // bounds the wait; how long it takes is not this test's to judge on a busy machine).
    const action = await pool.decide('master', 'x', viewFor(s, seat), { budget: { ms: 50 } });
    expect(legalActions(s, seat)).toContainEqual(action);
    expect(pool.stats.fallbacks).toBe(1);
    await expect.poll(() => pool!.stats.restarts, { timeout: 15_000 }).toBe(1);
    expect(problems.length).toBeGreaterThan(0);
  }, 20_000);

  it('falls back when a worker crashes or answers an illegal move', async () => {
    for (const name of ['crashing-worker.js', 'wrong-worker.js']) {
      pool = createBotPool({ size: 1, workerUrl: fixture(name) });
      const s = startGame(4, name, { themeCardOpens: false });
      const seat = currentDecider(s)!;
      const action = await pool.decide('adept', 'x', viewFor(s, seat));
      expect(legalActions(s, seat)).toContainEqual(action);
      expect(pool.stats.fallbacks).toBe(1);
      await pool.close();
    }
  }, 20_000);

  it('stops respawning a worker that cannot load, and plays the fallback', async () => {
    const problems: string[] = [];
    pool = createBotPool({ size: 1, workerUrl: fixture('no-such-worker.js'), onProblem: (m) => problems.push(m) });
    const s = startGame(4, 'missing', { themeCardOpens: false });
    const seat = currentDecider(s)!;
    const first = await pool.decide('master', 'x', viewFor(s, seat), { budget: { ms: 20 } });
    expect(legalActions(s, seat)).toContainEqual(first);
    // Until the pool gives up: each failed start takes a worker's start-up, longer on a busy machine than any fixed wait.
    await expect.poll(() => problems.some((m) => m.includes('fall back')), { timeout: 15_000, interval: 50 }).toBe(true);
    const restarts = pool.stats.restarts;
    expect(restarts).toBeLessThanOrEqual(3);
    const again = await pool.decide('adept', 'y', viewFor(s, seat));
    expect(legalActions(s, seat)).toContainEqual(again);
    // Nothing more happens: no event to wait for, so a short look (a restart would come at once).
    await new Promise((r) => setTimeout(r, 300));
    expect(pool.stats.restarts).toBe(restarts);
    expect(problems.some((m) => m.includes('fall back'))).toBe(true);
  }, 20_000);
});
