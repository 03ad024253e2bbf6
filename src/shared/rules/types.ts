// Core vocabulary of the rules engine: suits, seats, card identifiers and languages.

/** The three suits of strength cards, plus the Wild cards that have no strength. */
export type Suit = 'power' | 'wisdom' | 'love' | 'wild';
export const STRENGTH_SUITS = ['power', 'wisdom', 'love'] as const;
export type StrengthSuit = (typeof STRENGTH_SUITS)[number];

// Seats, card ids and card numbers are branded (src/shared/ids.ts): one cannot pass for another.
export type { CardId, CardNumber, Seat } from '../ids';

/** History card id: `monster-attack`, … */
export type HistoryId = string;

/** When a character's ability acts (rulebook "Card details"). */
export type Timing = 'played' | 'meetingEnd' | 'roundEnd';

/** How well a card's text is sourced (docs/rules.md): the app shows this to players. */
export type CardStatus = 'printed' | 'reported' | 'reconstructed';

export const LANGUAGES = ['en', 'hu', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
/** A text in every supported language. */
export type Localized = Readonly<Record<Language, string>>;

export interface GameOptions {
  /** The theme card of the first history card must be the first card led in a round. */
  readonly themeCardOpens: boolean;
  /** Reveal two history cards each round (ruling 13). */
  readonly twoHistoryCards: boolean;
  /** While the lead in Fame is tied at game end, play further rounds (ruling 12). */
  readonly prolongedGame: boolean;
}

export const DEFAULT_OPTIONS: GameOptions = {
  themeCardOpens: true,
  twoHistoryCards: false,
  prolongedGame: false,
};

export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 6;
/** Fame that ends the game (rulebook "End of the game"). */
export const FAME_TO_WIN = 3;
