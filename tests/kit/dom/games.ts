// Real game states for renderer tests, made by the engine itself (tests may use it; the
// renderer may not): seeded playouts that stop at the first state a test wants.
import { applyAction, currentDecider, legalActions, newGame, viewFor } from '../../../src/shared/rules';
import type { GameState } from '../../../src/shared/rules';
import type { PlayerView } from '../../../src/shared/rules/view';

/** A tiny seeded generator, so playouts are the same on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function start(players: number, seed = 'renderer-tests'): GameState {
  const made = newGame({ players, seed });
  if (!made.ok) throw new Error(made.error.message);
  return made.value.state;
}

/** Play random legal actions from a new game until `wanted(state)` holds; trying seeds in turn. */
export function playUntil(players: number, wanted: (s: GameState) => boolean, maxGames = 60): GameState {
  for (let g = 0; g < maxGames; g++) {
    let state = start(players, `renderer-${g}`);
    const random = lcg(g + 1);
    for (let step = 0; step < 2000 && !state.over; step++) {
      if (wanted(state)) return state;
      const seat = currentDecider(state)!;
      const actions = legalActions(state, seat);
      const next = applyAction(state, actions[Math.floor(random() * actions.length)]!);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value.state;
    }
    if (wanted(state)) return state;
  }
  throw new Error('no playout reached the wanted state');
}

export function viewOf(state: GameState, seat: number | 'spectator'): PlayerView {
  return viewFor(state, seat);
}
