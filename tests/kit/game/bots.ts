// Shared helpers for the bot tests: seeded random games, stepped one action at a time.
import { BotRng, hashString as hash } from '../../../src/shared/bots/prng';
import { type GameOptions, type GameState, newGame } from '../../../src/shared/rules';
import { playout } from './playout';

export const OPTION_SETS: readonly Partial<GameOptions>[] = [
  {},
  { themeCardOpens: false },
  { twoHistoryCards: true },
  { prolongedGame: true, themeCardOpens: false, twoHistoryCards: true },
];

export function startGame(players: number, seed: string, options: Partial<GameOptions> = {}): GameState {
  const r = newGame({ players, seed, options });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

/** Every state of a random game (random legal actions), from the start to the end. */
export function* randomGame(players: number, seed: string, options: Partial<GameOptions> = {}): Generator<GameState> {
  for (const step of playout({ players, seed, options }, new BotRng(hash(seed)))) yield step.state;
}

export { hash };

/** Percentile of a list of numbers (p in 0…1). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
