// The card set as the engine's hot paths read it: each character by a small number (its place
// in the set) with its suit, weight and evil flag in flat arrays, and every play action built
// once. Card ids stay strings in the state and at every boundary; a lookup turns one into its
// number.
import type { PlayAction } from './actions';
import type { CardSet } from './card-set/types';
import { type CardId, MAX_PLAYERS, type Suit } from './types';

/** What the hot paths ask of a card set (every step of every playout), worked out once per set. */
export interface SetFacts {
  readonly evilCount: number;
  /** Cards whose holder discards their Evil allies (the Angel). */
  readonly purgers: readonly CardId[];
  /** Every character id, in the set's order (the deck before a shuffle). */
  readonly ids: readonly CardId[];
  /** Every character id in the order of `Array.prototype.sort()`, and each id's place in it. */
  readonly sortedIds: readonly CardId[];
  readonly sortedIndex: ReadonlyMap<CardId, number>;
  /** Each character's number: its place in the set. The arrays below are read by that number. */
  readonly index: ReadonlyMap<CardId, number>;
  readonly suits: readonly Suit[];
  /** How many allies of its suit the card counts as at the round's end (2s: three). */
  readonly weights: readonly number[];
  readonly evil: readonly boolean[];
  /**
   * Every play the engine offers, built once: `plays[seat][n]` plays card n face up,
   * `faceDownPlays[seat][n]` face down. Shared and frozen, so the legal moves of a step
   * allocate only their list.
   */
  readonly plays: readonly (readonly PlayAction[])[];
  readonly faceDownPlays: readonly (readonly PlayAction[])[];
}

const factsBySet = new WeakMap<CardSet, SetFacts>();
// Nearly every call asks about the set of the call before.
let lastSet: CardSet | null = null;
let lastFacts: SetFacts | null = null;

export function setFacts(set: CardSet): SetFacts {
  if (set === lastSet) return lastFacts!;
  let facts = factsBySet.get(set);
  if (!facts) {
    const ids = set.characters.map((c) => c.id);
    const sortedIds = ids.slice().sort();
    const seats = Array.from({ length: MAX_PLAYERS }, (_, seat) => seat);
    facts = {
      evilCount: set.characters.filter((c) => c.evil).length,
      purgers: set.characters.filter((c) => c.effect.kind === 'purgeEvil').map((c) => c.id),
      ids,
      sortedIds,
      sortedIndex: new Map(sortedIds.map((id, i) => [id, i])),
      index: new Map(ids.map((id, i) => [id, i])),
      suits: set.characters.map((c) => c.suit),
      weights: set.characters.map((c) => (c.effect.kind === 'countsAs' ? c.effect.count : 1)),
      evil: set.characters.map((c) => c.evil),
      plays: seats.map((seat) => ids.map((play): PlayAction => Object.freeze({ seat, play }))),
      faceDownPlays: seats.map((seat) => ids.map((play): PlayAction => Object.freeze({ seat, play, faceDown: true }))),
    };
    factsBySet.set(set, facts);
  }
  lastSet = set;
  lastFacts = facts;
  return facts;
}

/** Whether `action` is one of the plays the engine builds (`SetFacts.plays`), well-formed by construction. */
export function isBuiltPlay(facts: SetFacts, action: unknown): boolean {
  if (typeof action !== 'object' || action === null) return false;
  const a = action as PlayAction;
  const n = facts.index.get(a.play);
  if (n === undefined) return false;
  return (a.faceDown === true ? facts.faceDownPlays : facts.plays)[a.seat]?.[n] === a;
}
