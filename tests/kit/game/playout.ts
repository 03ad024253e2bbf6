// Seeded random games for every suite (rules, bots, host, renderer): from a new game, each step
// is a random legal action of the seat to act, picked by a BotRng (the same generator everywhere).
import { BotRng, hashString } from '../../../src/shared/bots/prng';
import type { Action } from '../../../src/shared/rules/actions';
import { type GameSetup, applyAction, currentDecider, legalActions, newGame } from '../../../src/shared/rules/engine';
import type { GameEvent } from '../../../src/shared/rules/events';
import { type GameRecord, recordOf } from '../../../src/shared/rules/record/record';
import type { GameState } from '../../../src/shared/rules/state';
import type { GameOptions } from '../../../src/shared/rules/types';

export interface PlayoutStep {
  readonly state: GameState;
  /** The action that led here; null for the start. */
  readonly action: Action | null;
  /** The events of the set-up, or of that action. */
  readonly events: readonly GameEvent[];
}

/** A game that has not ended after this many actions is a bug. */
const NO_END = 5_000;

/** Every state of a random game from the start, until the end or `maxActions` actions. */
export function* playout(setup: GameSetup, rng: BotRng, maxActions = Infinity): Generator<PlayoutStep> {
  const created = newGame(setup);
  if (!created.ok) throw new Error(`newGame: ${created.error.message}`);
  let s = created.value.state;
  yield { state: s, action: null, events: created.value.events };
  for (let n = 0; !s.over && n < maxActions; n++) {
    if (n > NO_END) throw new Error(`no end after ${NO_END} actions`);
    const decider = currentDecider(s);
    if (decider === null) throw new Error('nobody to act in a game not over');
    const action = rng.pick(legalActions(s, decider));
    const r = applyAction(s, action);
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code}`);
    s = r.value.state;
    yield { state: s, action, events: r.value.events };
  }
}

/** The actions of a random game, and where they led. */
export function playedActions(setup: GameSetup, rng: BotRng, maxActions = Infinity): { actions: Action[]; state: GameState } {
  const actions: Action[] = [];
  let state: GameState | null = null;
  for (const step of playout(setup, rng, maxActions)) {
    if (step.action) actions.push(step.action);
    state = step.state;
  }
  if (!state) throw new Error('no game');
  return { actions, state };
}

/** The record of a whole random game (as a file holds it: plain JSON). */
export function randomRecord(setup: GameSetup, rng: BotRng): GameRecord {
  const { actions, state } = playedActions(setup, rng);
  return JSON.parse(JSON.stringify(recordOf(setup, state, actions))) as GameRecord;
}

/** The option sets random games are played under, from the defaults to every option on. */
export const OPTION_SETS: readonly Partial<GameOptions>[] = [
  {},
  { themeCardOpens: false },
  { twoHistoryCards: true },
  { prolongedGame: true, themeCardOpens: false, twoHistoryCards: true },
];

/** A new game's first state (by default one in which seat 0 opens a 3-player game). */
export function startGame(players: number, seed = 'renderer-tests', options: Partial<GameOptions> = {}): GameState {
  const r = newGame({ players, seed, options });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

/** Every state of a random game whose moves are seeded by its own seed, from the start to the end. */
export function* randomGame(players: number, seed: string, options: Partial<GameOptions> = {}): Generator<GameState> {
  for (const step of playout({ players, seed, options }, new BotRng(hashString(seed)))) yield step.state;
}

/** The first state of a random game for which `wanted` holds, trying one seeded game after another. */
export function playUntil(players: number, wanted: (s: GameState) => boolean, maxGames = 60): GameState {
  for (let g = 0; g < maxGames; g++) {
    for (const step of playout({ players, seed: `until-${g}` }, new BotRng(g + 1), 2000)) if (wanted(step.state)) return step.state;
  }
  throw new Error('no random game reached the wanted state');
}
