// The cards as screens show them: each card's names, texts and suit by id, from a card set the
// rules engine has loaded and checked (the shipped default set, or another set a table uses).
// Meant for the renderer, which may not reach into the engine: data only, no rules here.
import { DEFAULT_CARD_SET } from './rules/card-set/default-set';
import type { CardSet, CharacterDef, HistoryDef } from './rules/card-set/types';
import type { CardId, HistoryId, Language, Suit } from './rules/types';

/** Lookup of one card set's characters and history cards by id. */
export class CardBook {
  readonly id: string;

  constructor(private readonly set: CardSet) {
    this.id = set.id;
  }

  /** Every character card, in the set's order (the rules help lists them all). */
  get characters(): readonly CharacterDef[] {
    return this.set.characters;
  }

  /** Every history card, in the set's order. */
  get historyCards(): readonly HistoryDef[] {
    return this.set.history;
  }

  card(id: CardId): CharacterDef | undefined {
    return this.set.characterById.get(id);
  }

  history(id: HistoryId): HistoryDef | undefined {
    return this.set.historyById.get(id);
  }

  cardName(id: CardId, lang: Language): string {
    return this.card(id)?.name[lang] ?? id;
  }

  historyName(id: HistoryId, lang: Language): string {
    return this.history(id)?.name[lang] ?? id;
  }

  suit(id: CardId): Suit {
    return this.card(id)?.suit ?? 'wild';
  }
}

export const DEFAULT_BOOK = new CardBook(DEFAULT_CARD_SET);
