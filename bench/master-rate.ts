// The Master's search speed: playouts per second of thinking, over the decisions of its seat in
// the first rounds of one 4-player game against three Adepts. Each decision gets a fixed playout
// budget (the bot's default without a clock), so the work is the same whatever the machine's
// load, and the same in every version of the engine that plays by the same rules.
import { playGame } from '../src/shared/bots/arena';
import { type Bot, createBot } from '../src/shared/bots/index';

export interface MasterRate {
  decisions: number;
  playouts: number;
  /** Wall-clock time of its decisions. */
  ms: number;
  /** CPU time this process spent over the same decisions (all its threads, the collector's included). */
  cpuMs: number;
}

/** CPU time of this process so far, in ms. */
export const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const PLAYOUTS_PER_DECISION = 300;

/** Play `rounds` rounds of one seeded game, adding the Master's decisions to `into`. */
export function measureMaster(seed: string, rounds: number, into: MasterRate): void {
  const master = createBot('master', { seed, budget: { playouts: PLAYOUTS_PER_DECISION } });
  const bots: Bot[] = [master, ...[1, 2, 3].map((s) => createBot('adept', { seed: `${seed}:${s}` }))];
  // The arena reads the clock just before and just after each decision: the CPU clock is read with it.
  let cpuBefore = 0;
  let cpuAfter = 0;
  playGame({ players: 4, seed, maxRounds: rounds, observeAll: true }, bots, {
    now: () => {
      cpuBefore = cpuAfter;
      cpuAfter = cpuMs();
      return performance.now();
    },
    onDecision(seat, ms, view) {
      if (seat !== 0 || view.legalActions.length < 2) return;
      into.decisions++;
      into.playouts += master.lastStats?.playouts ?? 0;
      into.ms += ms;
      into.cpuMs += cpuAfter - cpuBefore;
    },
  });
}
