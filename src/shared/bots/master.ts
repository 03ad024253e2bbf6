// The Master: determinized Monte Carlo search over what its seat cannot see.
//
// For each decision it asks the Adept to rank the legal actions and keeps the best few (so it
// never considers what a person would call a blunder), then repeatedly deals the unseen cards
// into a world consistent with its seat's knowledge (determinize.ts), plays every candidate in
// that same world and finishes the round with Adept play for every seat, and scores the result
// by its chance of winning the game given the Fame after the round. The candidate with the best
// average (nudged by the Adept's own score) is played.
//
// Budget: a number of playouts (deterministic: same seed and views give the same decisions) or
// milliseconds of wall-clock time, read through an injected clock (src/shared has no timers).
import type { Action } from '../rules/actions';
import { applyInPlace, currentDecider, legalActions } from '../rules/engine';
import { resolvePlace } from '../rules/place';
import { type DraftState, type GameState, draftOf } from '../rules/state';
import type { Seat } from '../rules/types';
import type { PlayerView } from '../rules/view';
import { adeptAction, adeptScores } from './adept';
import type { BotCards, Goals } from './cards';
import { goalsOf } from './cards';
import { buildState, sampleHidden, templateFor } from './determinize';
import type { Knowledge } from './knowledge';
import type { BotRng } from './prng';
import { boardFromState, boardFromView } from './board';

export type Budget = { readonly playouts: number } | { readonly ms: number };

export const MASTER = {
  /** Candidates kept from the Adept's ranking. */
  candidates: 5,
  /** Beyond the Adept's two best, candidates more than this many Adept units below its best are never searched. */
  veto: 3,
  /** Weight of the Adept's score (per unit) added to a candidate's win chance. */
  prior: 0.004,
  /** Spread of the win-chance estimate per point of Fame. */
  fameScale: 1.1,
  /** Worlds sampled before the search may stop early on a clear winner. */
  minWorlds: 48,
  /** Stop early when the leader beats every other candidate by this many standard errors. */
  clearLead: 3,
};

export interface MasterStats {
  playouts: number;
  worlds: number;
  candidates: number;
  /** Average value per candidate, in `legalActions` order (NaN when not searched). */
  values: number[];
  /** The search stopped before its budget: one candidate was clearly best. */
  early: boolean;
}

export interface MasterContext {
  readonly cards: BotCards;
  readonly now: () => number;
  /** Cached per table shape. */
  template?: GameState;
}

/** Chance that `seat` wins the game, judged from Fame after a round (1/k for a shared win). */
export function winValue(s: GameState, seat: Seat): number {
  if (s.over) return s.winners.includes(seat) ? 1 / s.winners.length : 0;
  let sum = 0;
  for (const f of s.fame) sum += Math.exp(MASTER.fameScale * f);
  return Math.exp(MASTER.fameScale * s.fame[seat]!) / sum;
}

/** Play the round to its end with the Adept in every seat; returns the seat's value. */
export function rollout(d: DraftState, seat: Seat, cards: BotCards, goals: Goals): number {
  const round = d.round;
  for (let guard = 0; !d.over && d.round === round && guard < 500; guard++) {
    const who = currentDecider(d)!;
    const legal = legalActions(d, who);
    const action = legal.length === 1 ? legal[0]! : adeptAction(boardFromState(d, who, cards, goals, legal), null);
    const r = applyInPlace(d, resolvePlace(d, action), { events: false });
    if (!r.ok) throw new Error(`rollout: ${r.error.message}`);
  }
  return winValue(d, seat);
}

/**
 * Whether one candidate is clearly best: its paired advantage over every other (same worlds)
 * exceeds `MASTER.clearLead` standard errors. `bonus`: the Adept's nudge per candidate.
 */
function settled(samples: readonly (readonly number[])[], bonus: readonly number[]): boolean {
  const n = samples[0]!.length;
  const means = samples.map((xs, k) => xs.reduce((a, b) => a + b, 0) / n + bonus[k]!);
  let lead = 0;
  for (let k = 1; k < means.length; k++) if (means[k]! > means[lead]!) lead = k;
  for (let k = 0; k < samples.length; k++) {
    if (k === lead) continue;
    let sum = 0;
    let sq = 0;
    for (let w = 0; w < n; w++) {
      const d = samples[lead]![w]! - samples[k]![w]!;
      sum += d;
      sq += d * d;
    }
    const mean = sum / n + bonus[lead]! - bonus[k]!;
    const se = Math.sqrt(Math.max(0, sq / n - (sum / n) ** 2) / (n - 1));
    if (mean <= MASTER.clearLead * se || mean <= 0) return false;
  }
  return true;
}

export function masterDecide(view: PlayerView, knowledge: Knowledge | null, rng: BotRng, ctx: MasterContext, budget: Budget): { action: Action; stats: MasterStats } {
  const legal = view.legalActions;
  const stats: MasterStats = { playouts: 0, worlds: 0, candidates: 0, values: legal.map(() => NaN), early: false };
  if (legal.length === 0) throw new Error('master: nothing to decide');
  if (legal.length === 1) return { action: legal[0]!, stats };
  const start = ctx.now();
  const { cards } = ctx;
  const seat = view.viewer as Seat;

  const table = boardFromView(view, cards, knowledge);
  const prior = adeptScores(table);
  const bestPrior = Math.max(...prior);
  const order = legal.map((_, i) => i).sort((a, b) => prior[b]! - prior[a]!);
  const candidates = order.filter((i, k) => k < 2 || (k < MASTER.candidates && prior[i]! >= bestPrior - MASTER.veto));
  stats.candidates = candidates.length;
  const fallback = legal[order[0]!]!;

  const limit = 'playouts' in budget ? budget.playouts : Infinity;
  const deadline = 'ms' in budget ? start + budget.ms : Infinity;
  const timeUp = () => deadline !== Infinity && ctx.now() >= deadline;
  if (limit < candidates.length || timeUp()) return { action: fallback, stats };

  ctx.template ??= templateFor(view, cards.set);
  const goals = goalsOf(cards, view.history);
  const sums = new Array<number>(legal.length).fill(0);
  const counts = new Array<number>(legal.length).fill(0);
  // Per candidate, its value in each complete world (the same worlds for all: paired samples).
  const samples = candidates.map(() => [] as number[]);
  while (stats.playouts + candidates.length <= limit && !timeUp()) {
    const hidden = sampleHidden(view, cards, knowledge, rng);
    const world = buildState(view, hidden, ctx.template, cards, rng, knowledge?.meetingsSeen ?? 0);
    stats.worlds++;
    let complete = true;
    const values: number[] = [];
    for (const i of candidates) {
      if (timeUp()) {
        complete = false;
        break;
      }
      const d = draftOf(world);
      const r = applyInPlace(d, resolvePlace(d, legal[i]!), { events: false });
      if (!r.ok) throw new Error(`master: ${r.error.message} (${JSON.stringify(legal[i])})`);
      const v = rollout(d, seat, cards, goals);
      values.push(v);
      sums[i]! += v;
      counts[i]!++;
      stats.playouts++;
    }
    if (!complete) break;
    values.forEach((v, k) => samples[k]!.push(v));
    if (
      stats.worlds >= MASTER.minWorlds &&
      stats.worlds % 16 === 0 &&
      settled(
        samples,
        candidates.map((i) => MASTER.prior * (prior[i]! - bestPrior)),
      )
    ) {
      stats.early = true;
      break;
    }
  }

  // The best average, nudged by the Adept's judgement (a world cut short by the clock leaves
  // some candidates with one playout fewer, which only adds a little noise).
  let best = -Infinity;
  let pick = fallback;
  for (const i of candidates) {
    if (counts[i] === 0) continue;
    const mean = sums[i]! / counts[i]!;
    stats.values[i] = mean;
    const score = mean + MASTER.prior * (prior[i]! - bestPrior);
    if (score > best) {
      best = score;
      pick = legal[i]!;
    }
  }
  return { action: pick, stats };
}
