// The Novice: legal and a little sensible. It plays at random among the moves that are not
// clearly bad (within a wide margin of the Adept's best), like a beginner who knows the rules
// and avoids obvious harm (taking Evil for nothing, giving away what it needs) but has no plan.
import type { Action } from '../rules/actions';
import { adeptScores } from './adept';
import type { BotRng } from './prng';
import type { Board } from './board';

/** How far below the Adept's best a move may be and still be "reasonable", in ally units. */
export const NOVICE_SLACK = 3;

export function noviceAction(t: Board, rng: BotRng): Action {
  const legal = t.legal;
  if (legal.length <= 1) return legal[0]!;
  const scores = adeptScores(t);
  const best = Math.max(...scores);
  const reasonable = legal.filter((_, i) => scores[i]! >= best - NOVICE_SLACK);
  return rng.pick(reasonable);
}
