// Small queries about cards, through the table's card set.
import type { CardSet, CharacterDef } from './card-set/types';
import type { GameState } from './state';
import { cardNumber, setFacts } from './set-facts';
import type { CardId, Seat } from './types';
import { seatOf } from '../ids';

export const defOf = (s: GameState, card: CardId): CharacterDef => {
  const n = cardNumber(setFacts(s.cardSet), card);
  if (n < 0) throw new Error(`unknown card ${card}`); // ids are validated at the boundary
  return s.cardSet.characters[n]!;
};

export const isMasked = (s: GameState, card: CardId): boolean => s.masked.includes(card);

/** Evil while it is not masked (a face-down Evil card is no longer Evil). */
export const isEvilAlly = (s: GameState, card: CardId): boolean => defOf(s, card).evil && !isMasked(s, card);

export const opponentsOf = (s: GameState, seat: Seat): Seat[] => {
  const out: Seat[] = [];
  for (let o = seatOf(0); o < s.players; o++) if (o !== seat) out.push(o);
  return out;
};
