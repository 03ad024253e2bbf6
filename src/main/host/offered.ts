// Whether a move is one the engine offers now, field for field. The engine applies every action
// it offers (the rules tests play thousands of random games on that), so the host can write such
// a move to the table file at once and let the engine work it out while the disk flushes.
import { type Action, isPlay } from '../../shared/rules/actions';
import { legalActions } from '../../shared/rules/engine';
import type { GameState } from '../../shared/rules/state';

/** The same keys holding the same primitive values. */
function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

function sameAction(a: Action, b: Action): boolean {
  if (isPlay(a) || isPlay(b)) return isPlay(a) && isPlay(b) && sameFields(a, b);
  return a.seat === b.seat && Object.keys(a).length === 2 && Object.keys(b).length === 2 && sameFields(a.choose, b.choose);
}

/** `action` is exactly one of the legal actions of its seat in `s`. */
export function isOffered(s: GameState, action: Action): boolean {
  return legalActions(s, action.seat).some((offer) => sameAction(offer, action));
}
