// A pool of worker threads that run bot decisions off the host's main thread.
//
// Each seat key (e.g. `${tableId}:${seat}`) is served by one worker, which keeps that seat's
// bot (and what it remembers) between decisions. A decision that fails, or does not come back
// in time, is answered by the random player instead, and a crashed or stuck worker is
// replaced (its seats start again from their next view). The main thread only posts views and
// receives actions: it never runs a search. Replay analyses ("could I have won?", about half
// a second each) go to one more worker of their own, one at a time, so a table's bots never
// wait behind them. Each worker gets one decision at a time from a queue where bots' turns go
// ahead of hints, and a hint being thought out stops early as soon as a bot's turn waits for
// its worker (a shared flag the worker's clock reads): a flood of hints never delays the tables.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DecisionAnalysis } from '../../shared/bots/analysis';
import { type BotLevel, BotRng, type Budget, type MasterStats, DEFAULT_MASTER_MS, hashString, mix, randomAction } from '../../shared/bots/index';
import type { Action } from '../../shared/rules/actions';
import type { PlayerView } from '../../shared/rules/view';
import { AnalysisBusy } from './contract';
import type { FromWorker, ToWorker } from './protocol';
import { WorkQueue } from './work-queue';

export interface BotPoolOptions {
  /** Worker threads (default: one fewer than the cores, at most four; two on a two-core machine). */
  readonly size?: number;
  /** A decision not answered within its budget plus this much gets the fallback (default 1500 ms). */
  readonly graceMs?: number;
  /** The worker's entry (default: bot-worker-boot.js beside this file, which loads the TS sources through tsx). */
  readonly workerUrl?: URL;
  /** Called when a decision fell back to the random player, or a worker was replaced. */
  readonly onProblem?: (message: string) => void;
}

export interface DecideOptions {
  /** The Master's budget (default 200 ms). Novice and Adept ignore it. */
  readonly budget?: Budget;
  /** The bot's seed (default: derived from the seat key). */
  readonly seed?: number | string;
}

export interface PoolStats {
  decisions: number;
  fallbacks: number;
  restarts: number;
}

export interface BotPool {
  /** The bot of `seatKey` at `level` decides from `view` (its seat's view, with legal actions). */
  decide(level: BotLevel, seatKey: string, view: PlayerView, options?: DecideOptions): Promise<Action>;
  /** Let the seat's bot note a view it received (no answer). Cheap: call it for every view. */
  observe(seatKey: string, view: PlayerView): void;
  /** Drop a seat's bot (its player took the seat back, or the table closed). */
  forget(seatKey: string): void;
  /**
   * "Could I have won?" for the decision at `version` of a game record, in the analysis
   * worker. Rejects with AnalysisBusy when too many wait already, or when it fails.
   */
  analyse(record: unknown, version: number): Promise<DecisionAnalysis | null>;
  /** "What would the Master play?" from a player's own view; a fresh bot with no memory. */
  hint(view: PlayerView, options?: DecideOptions): Promise<Action>;
  /** A policy for one bot seat, in the shape the host's bot seats take. */
  policy(level: BotLevel, seatKey: string, options?: DecideOptions): (view: PlayerView) => Promise<Action>;
  /** The Master's figures for the last decision of each seat key. */
  lastStats(seatKey: string): MasterStats | null;
  readonly stats: Readonly<PoolStats>;
  close(): Promise<void>;
  /** Starts the seat workers now rather than at their first request (once the host is up). */
  start(): void;
}

interface Pending {
  resolve: (a: Action) => void;
  view: PlayerView;
  seatKey: string;
  /** The bot's seed, for the fallback too. */
  seed: number | string;
  timer: NodeJS.Timeout;
  worker: Slot;
  /** Already answered by the fallback; the worker's answer will be dropped. */
  settled: boolean;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded. */
  loaded: boolean;
  /** Decisions sent and not answered (one at a time). */
  busy: number;
  /** Decisions waiting for this worker, bots' turns first. */
  queue: WorkQueue;
  /** Bots' turns waiting for this worker, shared with it: a hint it thinks about stops early when not 0. */
  waitingTurns: Int32Array;
  /** Resolves when the worker has loaded (its clock for decisions starts then), or was replaced. */
  ready: Promise<void>;
  markReady: () => void;
}

interface PendingAnalysis {
  resolve: (a: DecisionAnalysis | null) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
  worker: Slot;
}

/** Analyses waiting or running at most; more are refused until some are answered. */
export const MAX_WAITING_ANALYSES = 4;
/** An analysis not answered within this long fails, and its worker is replaced as stuck. */
const ANALYSIS_TIMEOUT_MS = 60_000;

/** Workers that fail before loading this many times in a row are not started again. */
const MAX_START_FAILURES = 3;

/**
 * The worker entry: a compiled `bot-worker.js` beside this module when the app is bundled with
 * one, else the TypeScript sources through tsx (`chronicle host`, tests, benchmarks).
 */
function defaultWorkerUrl(): URL {
  const built = new URL('./bot-worker.js', import.meta.url);
  if (built.protocol === 'file:' && existsSync(fileURLToPath(built))) return built;
  return new URL('./bot-worker-boot.js', import.meta.url);
}

export function createBotPool(options: BotPoolOptions = {}): BotPool {
  const cores = availableParallelism();
  const size = Math.max(1, options.size ?? (cores <= 2 ? cores : Math.min(4, cores - 1)));
  const grace = options.graceMs ?? 1500;
  const url = options.workerUrl ?? defaultWorkerUrl();
  const problem = options.onProblem ?? (() => {});
  // Workers start at their first request, not with the pool: loading the bots would otherwise
  // compete with the host's own start for the CPU (a table needs them only once a game is on).
  const slots: (Slot | undefined)[] = [];
  const slotAt = (index: number): Slot => (slots[index] ??= spawn(index));
  const pending = new Map<number, Pending>();
  const analyses = new Map<number, PendingAnalysis>();
  const statsBySeat = new Map<string, MasterStats | null>();
  const stats: PoolStats = { decisions: 0, fallbacks: 0, restarts: 0 };
  let nextId = 1;
  let closed = false;
  let broken = false;
  let startFailures = 0;
  let hints = 0;

  /** A random legal action, from the seat's own seed (a table's bots seed from its secret, never from its public id). */
  const fallback = (view: PlayerView, seed: number | string): Action => randomAction(view, new BotRng(mix(typeof seed === 'number' ? seed >>> 0 : hashString(seed), view.version)));

  function spawn(index: number): Slot {
    const waitingTurns = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(url, { workerData: { waitingTurns } });
    let loaded!: () => void;
    const ready = new Promise<void>((r) => (loaded = r));
    const queue = new WorkQueue((n) => Atomics.store(waitingTurns, 0, n));
    const slot: Slot = { worker, loaded: false, busy: 0, ready, markReady: loaded, queue, waitingTurns };
    worker.unref();
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'ready') {
        slot.loaded = true;
        startFailures = 0;
        return loaded();
      }
      if (settleAnalysis(m)) return;
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      slot.busy--;
      pump(slot);
      if (p.settled) return; // answered late: the fallback already went out
      if (m.type === 'decided' && p.view.legalActions.some((a) => sameAction(a, m.action))) {
        statsBySeat.set(p.seatKey, m.stats);
        p.resolve(m.action);
      } else {
        stats.fallbacks++;
        problem(`bot ${p.seatKey}: ${m.type === 'failed' ? m.message : 'answered an action that is not legal'}`);
        p.resolve(fallback(p.view, p.seed));
      }
    });
    const fail = (why: string) => {
      if (closed || slots[index] !== slot) return;
      // A worker that cannot even load (a missing or broken entry) would fail again: after a
      // few tries the pool stops respawning and every decision gets the fallback.
      if (!slot.loaded && ++startFailures >= MAX_START_FAILURES) {
        broken = true;
        problem(`bot worker ${index} ${why} before loading, ${startFailures} times: bots fall back to random moves`);
        retire(index);
        return;
      }
      problem(`bot worker ${index} ${why}: replaced`);
      replace(index);
    };
    worker.on('error', (e) => fail(`failed (${e.message})`));
    worker.on('exit', (code) => fail(`exited (${code})`));
    return slot;
  }

  /** Replace a worker: its pending decisions get the fallback, its seats start afresh. */
  function replace(index: number): void {
    const old = retire(index);
    stats.restarts++;
    slots[index] = spawn(index);
    old.markReady(); // requests waiting for it go to the fallback
  }

  /** Stop a worker; its pending decisions get the fallback. */
  function retire(index: number): Slot {
    const old = slots[index]!;
    for (const [id, p] of pending) {
      if (p.worker !== old) continue;
      pending.delete(id);
      clearTimeout(p.timer);
      if (p.settled) continue;
      stats.fallbacks++;
      p.resolve(fallback(p.view, p.seed));
    }
    for (const [id, a] of analyses) {
      if (a.worker !== old) continue;
      analyses.delete(id);
      clearTimeout(a.timer);
      a.reject(new Error('the analysis worker stopped'));
    }
    old.queue.drain(); // waiting decisions get the fallback
    old.markReady();
    void old.worker.terminate();
    return old;
  }

  /** Sends the worker its next decision once it has none. */
  function pump(slot: Slot): void {
    if (slot.busy === 0) slot.queue.next()?.run();
  }

  /** Answers a pending analysis from its worker's message; false when `m` is not one. */
  function settleAnalysis(m: FromWorker): boolean {
    if (m.type === 'ready') return false;
    const a = analyses.get(m.id);
    if (!a) return false;
    analyses.delete(m.id);
    clearTimeout(a.timer);
    if (m.type === 'analysed') a.resolve(m.analysis);
    else a.reject(new Error(m.type === 'failed' ? m.message : 'the analysis worker answered a decision'));
    return true;
  }

  const indexFor = (seatKey: string): number => hashString(seatKey) % size;
  /** The analysis worker sits after the seats' workers, started at the first analysis. */
  const analysisIndex = size;

  function post(index: number, m: ToWorker): void {
    slotAt(index).worker.postMessage(m);
  }

  function decide(level: BotLevel, seatKey: string, view: PlayerView, opts: DecideOptions = {}, turn = true): Promise<Action> {
    if (closed) return Promise.reject(new Error('the bot pool is closed'));
    if (view.legalActions.length === 0) return Promise.reject(new Error(`bot ${seatKey}: nothing to decide`));
    const seed = opts.seed ?? seatKey;
    stats.decisions++;
    if (view.legalActions.length === 1) return Promise.resolve(view.legalActions[0]!);
    if (broken) {
      stats.fallbacks++;
      return Promise.resolve(fallback(view, seed));
    }
    const budget = opts.budget ?? { ms: DEFAULT_MASTER_MS };
    const index = indexFor(seatKey);
    const slot = slotAt(index);
    const id = nextId++;
    // Time spent waiting in the queue counts against the budget (the worker thinks less).
    const sentAt = Date.now();
    return new Promise<Action>((resolve) => {
      const start = () => {
        if (closed || slots[index] !== slot) return fallBack();
        // Allow the budget and a grace period (the worker has nothing else to do).
        const wait = ('ms' in budget ? budget.ms : 0) + grace;
        const timer = setTimeout(() => {
          const p = pending.get(id);
          if (!p) return;
          p.settled = true;
          stats.fallbacks++;
          problem(`bot ${seatKey}: no answer in ${wait} ms`);
          resolve(fallback(view, seed));
          // Still nothing long after: the worker is stuck, replace it.
          p.timer = setTimeout(() => {
            if (pending.has(id) && slots[index] === slot) replace(index);
          }, grace * 2);
        }, wait);
        slot.busy++;
        pending.set(id, { resolve, view, seatKey, seed, timer, worker: slot, settled: false });
        post(index, { type: 'decide', id, seatKey, level, seed, budget, sentAt, view, yields: !turn });
      };
      const fallBack = () => {
        stats.fallbacks++;
        resolve(fallback(view, seed));
      };
      // Until the worker has loaded, its queue holds the request and the clock does not run.
      void slot.ready.then(() => {
        if (closed || broken || slots[index] !== slot) return fallBack();
        slot.queue.add({ turn, run: start, drop: fallBack });
        pump(slot);
      });
    });
  }

  function analyse(record: unknown, version: number): Promise<DecisionAnalysis | null> {
    if (closed || broken) return Promise.reject(new AnalysisBusy('the bot pool is not running'));
    if (analyses.size >= MAX_WAITING_ANALYSES) return Promise.reject(new AnalysisBusy(`${analyses.size} analyses are waiting already`));
    const slot = slotAt(analysisIndex);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const request: PendingAnalysis = { resolve, reject, worker: slot };
      analyses.set(id, request);
      post(analysisIndex, { type: 'analyse', id, record, version });
      // The clock runs once the worker has loaded (a replaced one settled the request already).
      void slot.ready.then(() => {
        if (!analyses.has(id)) return;
        request.timer = setTimeout(() => {
          problem(`analysis: no answer in ${ANALYSIS_TIMEOUT_MS} ms`);
          if (slots[analysisIndex] === slot) replace(analysisIndex);
        }, ANALYSIS_TIMEOUT_MS);
      });
    });
  }

  return {
    decide,
    analyse,
    observe(seatKey, view) {
      if (!closed && !broken) post(indexFor(seatKey), { type: 'observe', seatKey, view });
    },
    forget(seatKey) {
      statsBySeat.delete(seatKey);
      // A worker never started holds no bot to forget.
      if (!closed && !broken) slots[indexFor(seatKey)]?.worker.postMessage({ type: 'forget', seatKey } satisfies ToWorker);
    },
    async hint(view, opts = {}) {
      const key = `hint:${hints++}`;
      try {
        return await decide('master', key, view, { ...opts, seed: opts.seed ?? `hint:${view.version}` }, false);
      } finally {
        if (!closed && !broken) post(indexFor(key), { type: 'forget', seatKey: key });
      }
    },
    policy(level, seatKey, opts) {
      return (view) => decide(level, seatKey, view, opts);
    },
    lastStats(seatKey) {
      return statsBySeat.get(seatKey) ?? null;
    },
    get stats() {
      return stats;
    },
    start() {
      if (!closed && !broken) for (let i = 0; i < size; i++) slotAt(i);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const [id, p] of pending) {
        pending.delete(id);
        clearTimeout(p.timer);
        if (!p.settled) p.resolve(fallback(p.view, p.seed));
      }
      for (const [id, a] of analyses) {
        analyses.delete(id);
        clearTimeout(a.timer);
        a.reject(new AnalysisBusy('the bot pool closed'));
      }
      const started = slots.filter((s) => s !== undefined);
      for (const s of started) s.queue.drain();
      for (const s of started) s.markReady();
      await Promise.all(started.map((s) => s.worker.terminate()));
    },
  };
}

function sameAction(a: Action, b: Action): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
