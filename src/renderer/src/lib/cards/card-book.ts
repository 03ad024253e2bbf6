// The renderer's one way to the cards: the card book of the set a table plays (by the view's
// `cardSetId`), handed to every part of a screen through Svelte context, and the display order
// of hands and ally stacks. The cards themselves (names, texts, suits) come from the shared book.
import { getContext, setContext } from 'svelte';
import { CardBook, DEFAULT_BOOK } from '../../../../shared/card-book';
import type { CardId, Suit } from '../../../../shared/rules/types';

export { CardBook } from '../../../../shared/card-book';

/** The card sets this app ships, by id. */
const BOOKS: ReadonlyMap<string, CardBook> = new Map([[DEFAULT_BOOK.id, DEFAULT_BOOK]]);

/**
 * The book of a card set by its id. A set the app does not ship (a record may carry its own)
 * is shown through the shipped one: its cards with the shipped ids get the shipped names,
 * any other card is named by its id.
 */
export function bookFor(cardSetId: string): CardBook {
  return BOOKS.get(cardSetId) ?? DEFAULT_BOOK;
}

/** The card book in context: read `.current` where it is used, so a new view's set is followed. */
export interface CardBookRef {
  readonly current: CardBook;
}

const KEY = Symbol('chronicle.card-book');
const SHIPPED: CardBookRef = { current: DEFAULT_BOOK };

/**
 * Called once by a screen that gets a view (game, replay, board), with where to read the view's
 * card set (null before there is a view): the screen and its parts read that set's cards.
 */
export function setCardBook(cardSetId: () => string | null): CardBookRef {
  return setContext<CardBookRef>(KEY, {
    get current() {
      const id = cardSetId();
      return id === null ? DEFAULT_BOOK : bookFor(id);
    },
  });
}

/** The card book of the screen a part is in; outside a table (the lobby's help) the shipped set. */
export function cardBook(): CardBookRef {
  return getContext<CardBookRef | undefined>(KEY) ?? SHIPPED;
}

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

/** A context map holding `book`, for `mount(..., { context })` in tests. */
export function cardBookContext(book: CardBook): Map<symbol, CardBookRef> {
  return new Map([[KEY, { current: book }]]);
}
