// The bot worker: keeps one Bot per seat key (so each seat remembers what it has seen) and
// answers decisions one at a time, off the host's main thread; the pool's analysis worker
// answers replay analyses the same way.
import { parentPort, workerData } from 'node:worker_threads';
import { type Bot, type BotLevel, type Budget, createBot } from '../../shared/bots/index';
import { analyseRecord } from '../../shared/bots/record-analysis';
import type { PlayerView } from '../../shared/rules/view';
import type { FromWorker, ToWorker } from './protocol';

/** Thinking time never goes below this, whatever the queue took. */
const MIN_THINK_MS = 10;

/** How many bots' turns wait for this worker, kept by the pool (absent when started without one). */
const waitingTurns = (workerData as { waitingTurns?: Int32Array } | null)?.waitingTurns;
const clock = (): number => performance.now();
/**
 * The clock of work that gives way to bots' turns (a hint): it jumps far ahead once a turn waits,
 * so the search ends at its next look at the clock and answers with what it has.
 */
const yieldingClock = (): number => performance.now() + (waitingTurns && Atomics.load(waitingTurns, 0) > 0 ? 1e9 : 0);

interface Seat {
  bot: Bot;
  level: BotLevel;
  seed: string;
}

const seats = new Map<string, Seat>();
/** Views observed for a seat before its first decision (replayed into its bot when made). */
const early = new Map<string, PlayerView[]>();
const EARLY_VIEWS = 120;
const port = parentPort;
if (!port) throw new Error('bot-worker runs in a worker thread');

/** The seat's bot, made afresh when its level or seed changes. */
function seatFor(key: string, level: BotLevel, seed: number | string, yields: boolean): Seat {
  const id = String(seed);
  let seat = seats.get(key);
  if (!seat || seat.level !== level || seat.seed !== id) {
    const bot = createBot(level, { seed, now: yields ? yieldingClock : clock });
    for (const view of early.get(key) ?? []) bot.observe(view);
    early.delete(key);
    seat = { bot, level, seed: id };
    seats.set(key, seat);
  }
  return seat;
}

const send = (m: FromWorker): void => port.postMessage(m);

port.on('message', (m: ToWorker) => {
  switch (m.type) {
    case 'observe': {
      const seat = seats.get(m.seatKey);
      if (seat) return seat.bot.observe(m.view);
      const views = early.get(m.seatKey) ?? [];
      views.push(m.view);
      if (views.length > EARLY_VIEWS) views.shift();
      early.set(m.seatKey, views);
      return;
    }
    case 'forget':
      seats.delete(m.seatKey);
      early.delete(m.seatKey);
      return;
    case 'decide': {
      try {
        const seat = seatFor(m.seatKey, m.level, m.seed, m.yields);
        const budget: Budget = 'ms' in m.budget ? { ms: Math.max(MIN_THINK_MS, m.budget.ms - (Date.now() - m.sentAt)) } : m.budget;
        const t0 = performance.now();
        const action = seat.bot.decide(m.view, budget);
        send({ type: 'decided', id: m.id, action, ms: performance.now() - t0, stats: seat.bot.lastStats });
      } catch (e) {
        send({ type: 'failed', id: m.id, message: e instanceof Error ? e.message : String(e) });
      }
      return;
    }
    case 'analyse': {
      try {
        send({ type: 'analysed', id: m.id, analysis: analyseRecord(m.record, m.version) });
      } catch (e) {
        send({ type: 'failed', id: m.id, message: e instanceof Error ? e.message : String(e) });
      }
      return;
    }
  }
});

send({ type: 'ready' });
