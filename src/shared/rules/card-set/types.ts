// The shape of a card set: every character and history card as data (docs/rules.md).
import type { CardId, CardStatus, HistoryId, Localized, StrengthSuit, Suit, Timing } from '../types';

/**
 * What a character's ability does, as an effect primitive and its parameters.
 * Each kind is implemented once in effects/ and registered in effects/registry.ts.
 */
export type CharacterEffect =
  | { readonly kind: 'none' } // e.g. the Evil 1s: no effect when played
  | { readonly kind: 'countsAs'; readonly count: number } // 2s: count as N allies of their suit at round end
  | { readonly kind: 'reversal' } // 3s: lowest strength wins the meeting
  | { readonly kind: 'steal' } // 4s, Sage
  | { readonly kind: 'halt' } // 5s
  | { readonly kind: 'recall' } // 6s
  | { readonly kind: 'return' } // 7s
  | { readonly kind: 'discardAlly' } // 8s
  | { readonly kind: 'insight' } // 9s
  | { readonly kind: 'gift' } // 10s
  | { readonly kind: 'winMeeting' } // King
  | { readonly kind: 'demonChoice' } // Demon: its player chooses who takes it
  | { readonly kind: 'burn' } // Dragon: the meeting's cards are discarded
  | { readonly kind: 'mask' } // Fool
  | { readonly kind: 'purgeEvil' }; // Angel: its holder discards their Evil allies at round end

export type EffectKind = CharacterEffect['kind'];

export interface CharacterDef {
  readonly id: CardId;
  readonly suit: Suit;
  /** 1–10 for strength cards, null for Wilds. */
  readonly strength: number | null;
  readonly timing: Timing;
  readonly effect: CharacterEffect;
  /** Evil cards exclude their holder at round end (the 1s and the Demon). */
  readonly evil: boolean;
  readonly name: Localized;
  readonly text: Localized;
  readonly status: CardStatus;
  /** What of the card is sourced how, in English, e.g. "ability printed; names reconstructed". */
  readonly statusNote?: string;
}

/** How a history card awards Fame at round end (ruling 9e). */
export type FameCondition =
  | { readonly kind: 'mostSuit'; readonly suit: StrengthSuit }
  | { readonly kind: 'fewestSuit'; readonly suit: StrengthSuit }
  | { readonly kind: 'mostTotal' }
  | { readonly kind: 'fewestTotal' }
  /** Most of the listed cards among one's allies (at least one). */
  | { readonly kind: 'mostOf'; readonly cards: readonly CardId[] }
  | { readonly kind: 'mostEvil' }
  /** No condition of its own (Conversation with a Dragon, The Coronation of a King). */
  | { readonly kind: 'none' };

/** What a history card does beyond its Fame condition. */
export type HistoryEffect =
  | { readonly kind: 'none' }
  /** Players with Evil allies are not excluded this round (A Time of Darkness). */
  | { readonly kind: 'evilAllowed' }
  /** The previous round's history cards are in play again; redrawn when there is none (Conversation with a Dragon). */
  | { readonly kind: 'recallPrevious' }
  /** Reveal one more history card (The Coronation of a King). */
  | { readonly kind: 'revealAnother' };

export interface HistoryDef {
  readonly id: HistoryId;
  readonly theme: CardId;
  readonly condition: FameCondition;
  readonly effect: HistoryEffect;
  readonly name: Localized;
  readonly text: Localized;
  readonly status: CardStatus;
  readonly statusNote?: string;
}

/** A validated card set, as the engine uses it. Build one with `loadCardSet`. */
export interface CardSet {
  readonly id: string;
  readonly name: Localized;
  readonly characters: readonly CharacterDef[];
  readonly history: readonly HistoryDef[];
  /** Lookup by id, derived from `characters` / `history` when the set is loaded. */
  readonly characterById: ReadonlyMap<CardId, CharacterDef>;
  readonly historyById: ReadonlyMap<HistoryId, HistoryDef>;
}

/** The card-set file format: the same data without the derived lookups. */
export interface CardSetFile {
  readonly format: 'chronicle-card-set';
  readonly version: 1;
  readonly id: string;
  readonly name: Localized;
  readonly characters: readonly CharacterDef[];
  readonly history: readonly HistoryDef[];
}
