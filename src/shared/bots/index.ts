// The bots' public surface: three levels of players that decide from one seat's view.
//
//   const bot = createBot('master', { seed, budget: { ms: 200 }, now: () => performance.now() });
//   bot.observe(view);            // every view the seat receives (what it can remember)
//   const action = bot.decide(view); // one of view.legalActions
//
// Novice: random among reasonable moves. Adept: hand-written judgement of each move.
// Master: determinized Monte Carlo search over the cards its seat cannot see, with Adept
// playouts and the Adept's ranking as a guard against blunders, within a time or playout budget.
export { type ArenaGame, type ArenaHooks, type ArenaResult, playGame } from './arena';
export { BOT_LEVELS, type Bot, type BotLevel, type BotOptions, createBot, DEFAULT_MASTER_MS, DEFAULT_MASTER_PLAYOUTS } from './bot';
export type { Budget, MasterStats } from './master';
export { BotRng, hashString, mix } from './prng';
export { randomAction } from './random-player';
