// The bots' public surface: three levels of players that decide from one seat's view.
export { BOT_LEVELS, type Bot, type BotLevel, type BotOptions, createBot, DEFAULT_MASTER_MS, DEFAULT_MASTER_PLAYOUTS } from './bot';
export type { Budget, MasterStats } from './master';
export { BotRng, hashString, mix } from './prng';
export { randomAction } from './random-player';
