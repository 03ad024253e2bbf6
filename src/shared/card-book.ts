// The cards as screens show them: each card's names, texts and suit by id, from a card set the
// rules engine has loaded and checked (the shipped default set, or another set a table uses).
// Meant for the renderer, which may not reach into the engine: data only, no rules here.
import { buildCardSet } from './rules/card-set/build';
import defaultSet from './rules/card-set/default-set.json';
import type { CardSet, CardSetFile, CharacterDef, HistoryDef } from './rules/card-set/types';
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

// The shipped set as is: the host checks it (rules/card-set/default-set.ts, and a test that both
// builds agree), and the schema check would bring zod into the page.
// A copy, frozen: the imported file stays as it was for whoever else reads it.
export const DEFAULT_BOOK = new CardBook(buildCardSet(JSON.parse(JSON.stringify(defaultSet)) as CardSetFile));
