// "Could I have won?" for one decision of a recorded game: the game's states up to that
// decision, seen by the seat that made it, handed to analyseDecision. Pure, so the host's
// bot workers run it off the main thread (from the record alone) exactly as a test does.
import type { Action } from '../rules/actions';
import { applyAction, currentDecider, newGame } from '../rules/engine';
import { answersAsSeen } from '../rules/place';
import { parseRecord, setupOf } from '../rules/record/record';
import type { GameState } from '../rules/state';
import { viewFor } from '../rules/view';
import { type DecisionAnalysis, analyseDecision } from './analysis';
import { botCards } from './cards';
import { BotRng, hashString } from './prng';

/** Playouts per analysed decision: about half a second of one core. */
export const ANALYSIS_PLAYOUTS = 100;

/**
 * The decision made at `version`: `states` runs from the game's start through `version`,
 * `action` is the one made there (as the record holds it). null when nobody decided then.
 */
export function analyseStates(states: readonly GameState[], action: Action, seed: string, version: number, playouts = ANALYSIS_PLAYOUTS): DecisionAnalysis | null {
  const s = states[version];
  if (!s) return null;
  const seat = currentDecider(s);
  if (seat === null) return null;
  const views = states.slice(0, version + 1).map((st) => viewFor(st, seat));
  const played = answersAsSeen(s, seat, [action])[0]!;
  const rng = new BotRng(hashString(`analysis:${seed}:${version}`));
  return analyseDecision(views, played, botCards(s.cardSet), rng, playouts);
}

/**
 * The same from a record file's content, replayed up to the decision. null when the record
 * has no legal action at `version`; throws when it is not a record.
 */
export function analyseRecord(input: unknown, version: number, playouts = ANALYSIS_PLAYOUTS): DecisionAnalysis | null {
  const parsed = parseRecord(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const { record, cardSet } = parsed.value;
  const action = record.actions[version];
  if (!Number.isInteger(version) || version < 0 || !action) return null;
  const start = newGame(setupOf(record, cardSet));
  if (!start.ok) throw new Error(start.error.message);
  const states = [start.value.state];
  // Through `version` itself: an action the engine refuses has nothing to compare.
  for (const a of record.actions.slice(0, version + 1)) {
    const step = applyAction(states.at(-1)!, a);
    if (!step.ok) return null;
    states.push(step.value.state);
  }
  return analyseStates(states, action, record.seed, version, playouts);
}
