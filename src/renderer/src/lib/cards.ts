// Card display order for hands and ally groups. The cards themselves (names, texts, suits) come
// from the shared card book.
import { CardBook } from '../../../shared/card-book';
import type { CardId, Suit } from '../../../shared/rules/types';

export { CardBook, DEFAULT_BOOK } from '../../../shared/card-book';

/** Suit order for display: hands and ally groups are sorted this way. */
export const SUIT_ORDER: readonly Suit[] = ['power', 'wisdom', 'love', 'wild'];

/** Hand order: by suit, then strength (Wilds by their order in the set). */
export function sortCards(book: CardBook, ids: readonly CardId[]): CardId[] {
  const rank = (id: CardId): number => {
    const c = book.card(id);
    if (!c) return 999;
    return SUIT_ORDER.indexOf(c.suit) * 100 + (c.strength ?? 50);
  };
  return ids.slice().sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
