// Small queries about cards, through the table's card set.
import type { CardSet, CharacterDef } from './card-set/types';
import type { GameState } from './state';
import type { CardId, Seat } from './types';

export const defOf = (s: GameState, card: CardId): CharacterDef => {
  const def = s.cardSet.characterById.get(card);
  if (!def) throw new Error(`unknown card ${card}`); // ids are validated at the boundary
  return def;
};

export const isMasked = (s: GameState, card: CardId): boolean => s.masked.includes(card);

/** Evil while it is not masked (a face-down Evil card is no longer Evil). */
export const isEvilAlly = (s: GameState, card: CardId): boolean => defOf(s, card).evil && !isMasked(s, card);

export const opponentsOf = (s: GameState, seat: Seat): Seat[] => {
  const out: Seat[] = [];
  for (let o = 0; o < s.players; o++) if (o !== seat) out.push(o);
  return out;
};

/** What scoring asks of a card set every round, worked out once per set. */
export interface SetFacts {
  readonly evilCount: number;
  /** Cards whose holder discards their Evil allies (the Angel). */
  readonly purgers: readonly CardId[];
  /** Every character id, in the set's order (the deck before a shuffle). */
  readonly ids: readonly CardId[];
  /** Every character id in the order of `Array.prototype.sort()`, and each id's place in it. */
  readonly sortedIds: readonly CardId[];
  readonly sortedIndex: ReadonlyMap<CardId, number>;
}

const factsBySet = new WeakMap<CardSet, SetFacts>();

export function setFacts(set: CardSet): SetFacts {
  let facts = factsBySet.get(set);
  if (!facts) {
    const sortedIds = set.characters.map((c) => c.id).sort();
    facts = {
      evilCount: set.characters.filter((c) => c.evil).length,
      purgers: set.characters.filter((c) => c.effect.kind === 'purgeEvil').map((c) => c.id),
      ids: set.characters.map((c) => c.id),
      sortedIds,
      sortedIndex: new Map(sortedIds.map((id, i) => [id, i])),
    };
    factsBySet.set(set, facts);
  }
  return facts;
}
