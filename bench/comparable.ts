// The workloads `bench:engine` runs both in this tree and in the engine of a baseline commit
// (bench/engine-baseline.js copies this file into that commit's sources and bundles it there),
// so "before" and "after" are measured side by side in one run. Only the engine's public
// functions are used, as every version has them.
import { BotRng } from '../src/shared/bots/prng';
import { applyInPlace, currentDecider, legalActions, newGame } from '../src/shared/rules';
import { draftOf } from '../src/shared/rules/state';

export { type MasterRate, cpuMs, measureMaster } from './master-rate';

export interface Tally {
  games: number;
  actions: number;
  rounds: number;
  ms: number;
  /** CPU time of this process over the same work. */
  cpuMs: number;
}

export const PLAYERS = 4;

let seedCounter = 0;
/** A fresh game seed every call, so no two measured games or deals are the same. */
export const freshSeed = (): string => `bench-${++seedCounter}`;

/**
 * A whole game on one draft, changed in place with each move picked uniformly from
 * `legalActions`, without events (as the bots' playouts do).
 */
export function playInPlace(rng: BotRng, tally: Tally): void {
  const created = newGame({ players: PLAYERS, seed: freshSeed() });
  if (!created.ok) throw new Error(created.error.message);
  const d = draftOf(created.value.state);
  let actions = 0;
  while (!d.over) {
    const r = applyInPlace(d, rng.pick(legalActions(d, currentDecider(d)!)), { events: false });
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code}`);
    actions++;
  }
  tally.games++;
  tally.actions += actions;
  tally.rounds += d.round + 1;
}

export { BotRng };
