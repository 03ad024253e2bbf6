// Card data for display: names, texts, suit, strength and source status, read from a card-set
// file (the shipped default set, or another set a table sends). Data only: no rules here.
// eslint-disable-next-line chronicle/layers -- a data file, not engine code (the brief allows it)
import defaultSetData from '../../../shared/rules/card-set/default-set.json';
import type { CardSetFile, CharacterDef, HistoryDef } from '../../../shared/rules/card-set/types';
import type { CardId, HistoryId, Language, Suit } from '../../../shared/rules/types';

export const DEFAULT_SET = defaultSetData as unknown as CardSetFile;

/** Lookup of one card set's characters and history cards by id. */
export class CardBook {
  readonly id: string;
  readonly #chars: ReadonlyMap<CardId, CharacterDef>;
  readonly #history: ReadonlyMap<HistoryId, HistoryDef>;

  constructor(file: CardSetFile) {
    this.id = file.id;
    this.#chars = new Map(file.characters.map((c) => [c.id, c]));
    this.#history = new Map(file.history.map((h) => [h.id, h]));
  }

  card(id: CardId): CharacterDef | undefined {
    return this.#chars.get(id);
  }

  history(id: HistoryId): HistoryDef | undefined {
    return this.#history.get(id);
  }

  cardName(id: CardId, lang: Language): string {
    return this.#chars.get(id)?.name[lang] ?? id;
  }

  historyName(id: HistoryId, lang: Language): string {
    return this.#history.get(id)?.name[lang] ?? id;
  }

  suit(id: CardId): Suit {
    return this.#chars.get(id)?.suit ?? 'wild';
  }
}

export const DEFAULT_BOOK = new CardBook(DEFAULT_SET);

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
