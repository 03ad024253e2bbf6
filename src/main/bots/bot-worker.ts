// The bot worker: keeps one Bot per seat key (so each seat remembers what it has seen) and
// answers decisions one at a time, off the host's main thread.
import { parentPort } from 'node:worker_threads';
import { type Bot, type BotLevel, type Budget, createBot } from '../../shared/bots/index';
import type { FromWorker, ToWorker } from './protocol';

/** Thinking time never goes below this, whatever the queue took. */
const MIN_THINK_MS = 10;

interface Seat {
  bot: Bot;
  level: BotLevel;
  seed: string;
}

const seats = new Map<string, Seat>();
const port = parentPort;
if (!port) throw new Error('bot-worker runs in a worker thread');

function seatFor(key: string, level: BotLevel, seed: number | string, budget: Budget): Seat {
  const id = String(seed);
  let seat = seats.get(key);
  if (!seat || seat.level !== level || seat.seed !== id) {
    const bot = createBot(level, { seed, budget: { ms: 1 }, now: () => performance.now() });
    seat = { bot, level, seed: id };
    seats.set(key, seat);
  }
  void budget;
  return seat;
}

function send(m: FromWorker): void {
  port!.postMessage(m);
}

port.on('message', (m: ToWorker) => {
  switch (m.type) {
    case 'observe':
      seats.get(m.seatKey)?.bot.observe(m.view);
      return;
    case 'forget':
      seats.delete(m.seatKey);
      return;
    case 'decide': {
      try {
        const seat = seatFor(m.seatKey, m.level, m.seed, m.budget);
        const budget: Budget = 'ms' in m.budget ? { ms: Math.max(MIN_THINK_MS, m.budget.ms - (Date.now() - m.sentAt)) } : m.budget;
        const t0 = performance.now();
        const action = seat.bot.decide(m.view, budget);
        send({ type: 'decided', id: m.id, action, ms: performance.now() - t0, stats: seat.bot.lastStats });
      } catch (e) {
        send({ type: 'failed', id: m.id, message: e instanceof Error ? e.message : String(e) });
      }
      return;
    }
  }
});

send({ type: 'ready' });
