// The card set as the engine's hot paths read it: each character by a small number (its place
// in the set) with its suit, weight and evil flag in flat arrays, and every play action built
// once. Card ids stay strings in the state and at every boundary; a lookup turns one into its
// number.
import type { PlayAction } from './actions';
import type { CardSet } from './card-set/types';
import { type CardId, type CardNumber, MAX_PLAYERS, type Suit } from './types';
import { cardNumberOf, seatsOf } from '../ids';

/** What the hot paths ask of a card set (every step of every playout), worked out once per set. */
export interface SetFacts {
  readonly evilCount: number;
  /** Cards whose holder discards their Evil allies (the Angel). */
  readonly purgers: readonly CardId[];
  /** Every character id, in the set's order (the deck before a shuffle). */
  readonly ids: readonly CardId[];
  /** Every character id in the order of `Array.prototype.sort()`, and by number each id's place in it. */
  readonly sortedIds: readonly CardId[];
  readonly sortedRanks: readonly number[];
  /** Each character's number: its place in the set (`cardNumber` reads it fastest). The arrays below are read by that number. */
  readonly index: ReadonlyMap<CardId, CardNumber>;
  /** Card numbers by `shapeOf` their id; -1 for no card, -2 where two ids share a shape. */
  readonly byShape: Int16Array;
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
    const seats = seatsOf(MAX_PLAYERS);
    facts = {
      evilCount: set.characters.filter((c) => c.evil).length,
      purgers: set.characters.filter((c) => c.effect.kind === 'purgeEvil').map((c) => c.id),
      ids,
      sortedIds,
      sortedRanks: ids.map((id) => sortedIds.indexOf(id)),
      index: new Map(ids.map((id, i) => [id, cardNumberOf(i)])),
      byShape: shapeTable(ids),
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

/**
 * The number of a card of the set, -1 for any other string. Ids of a set rarely share their
 * first letter, last letter and length (`shapeOf`), so one look in a small table and one
 * comparison usually find it, in half the time of a Map lookup; an id whose shape is shared
 * takes the Map.
 */
export function cardNumber(facts: SetFacts, card: CardId): CardNumber | -1 {
  const n = facts.byShape[shapeOf(card)]!;
  if (n >= 0) return facts.ids[n] === card ? (n as CardNumber) : -1;
  return n === -1 ? -1 : (facts.index.get(card) ?? -1);
}

const SHAPE_BITS = 15;
const shapeOf = (id: string): number => ((id.charCodeAt(0) & 31) << 10) | ((id.charCodeAt(id.length - 1) & 31) << 5) | (id.length & 31);

function shapeTable(ids: readonly CardId[]): Int16Array {
  const table = new Int16Array(1 << SHAPE_BITS).fill(-1);
  ids.forEach((id, n) => {
    const shape = shapeOf(id);
    table[shape] = table[shape] === -1 ? n : -2;
  });
  return table;
}

/** Whether `action` is one of the plays the engine builds (`SetFacts.plays`), well-formed by construction. */
export function isBuiltPlay(facts: SetFacts, action: unknown): boolean {
  if (typeof action !== 'object' || action === null) return false;
  const a = action as PlayAction;
  if (typeof a.play !== 'string') return false;
  const n = cardNumber(facts, a.play);
  if (n < 0) return false;
  return (a.faceDown === true ? facts.faceDownPlays : facts.plays)[a.seat]?.[n] === a;
}
