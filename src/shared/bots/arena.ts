// Playing whole games between bots, each seat fed only its own views: for tests, tournaments
// and benchmarks. The arena holds the state; the bots only ever see `viewFor(state, seat)`.
import type { Action } from '../rules/actions';
import type { CardSet } from '../rules/card-set/types';
import { applyAction, currentDecider, newGame } from '../rules/engine';
import { resolvePlace } from '../rules/place';
import type { GameState, RoundDeal } from '../rules/state';
import type { GameOptions, Seat } from '../rules/types';
import { type PlayerView, viewFor } from '../rules/view';
import type { Bot } from './bot';
import { seatOf } from '../ids';

export interface ArenaGame {
  readonly players: number;
  readonly seed: string;
  readonly options?: Partial<GameOptions>;
  readonly cardSet?: CardSet;
  /** Deals fixed in advance (duplicate tournaments replay the same deals in every seating). */
  readonly rounds?: readonly RoundDeal[];
  /** Stop after this many rounds (0: play to the end). */
  readonly maxRounds?: number;
  /** Feed every seat every view (as the host does), not only when it must act. */
  readonly observeAll?: boolean;
}

export interface ArenaResult {
  readonly fame: readonly number[];
  readonly winners: readonly Seat[];
  readonly rounds: number;
  readonly decisions: number;
  readonly state: GameState;
}

export interface ArenaHooks {
  readonly now?: () => number;
  /** Called after each decision with its thinking time (when `now` is given). */
  readonly onDecision?: (seat: Seat, ms: number, view: PlayerView, action: Action) => void;
}

export function playGame(game: ArenaGame, bots: readonly Bot[], hooks: ArenaHooks = {}): ArenaResult {
  const created = newGame({ players: game.players, seed: game.seed, options: game.options, cardSet: game.cardSet, rounds: game.rounds });
  if (!created.ok) throw new Error(created.error.message);
  let s = created.value.state;
  let decisions = 0;
  const now = hooks.now;
  for (let guard = 0; !s.over; guard++) {
    if (guard > 10_000) throw new Error('arena: the game does not end');
    if (game.maxRounds && s.round >= game.maxRounds) break;
    const seat = currentDecider(s)!;
    if (game.observeAll) for (let o = seatOf(0); o < game.players; o++) if (o !== seat) bots[o]!.observe(viewFor(s, o));
    const view = viewFor(s, seat);
    const t0 = now ? now() : 0;
    const action = bots[seat]!.decide(view);
    const ms = now ? now() - t0 : 0;
    hooks.onDecision?.(seat, ms, view, action);
    // As the host does: an answer naming a place becomes the card there (ruling 14).
    const r = applyAction(s, resolvePlace(s, action));
    if (!r.ok) throw new Error(`arena: seat ${seat} made an illegal move ${JSON.stringify(action)}: ${r.error.code}`);
    s = r.value.state;
    decisions++;
  }
  return { fame: s.fame, winners: s.winners, rounds: s.round + (s.over ? 1 : 0), decisions, state: s };
}
