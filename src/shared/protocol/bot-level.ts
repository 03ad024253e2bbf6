// How strong a bot plays; chosen per seat in the lobby (src/shared/bots implements the levels).
export const BOT_LEVELS = ['novice', 'adept', 'master'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
/** The level of a bot added without one, and of bots in table files written before levels. */
export const DEFAULT_BOT_LEVEL: BotLevel = 'adept';
