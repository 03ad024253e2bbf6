// A bot is one seat's player: it observes every view its seat receives (to remember what a
// person at the table could note) and decides from the current view. It never sees anything
// else: no state, no seed, no other hand.
import type { Action } from '../rules/actions';
import { DEFAULT_CARD_SET } from '../rules/card-set/default-set';
import type { CardSet } from '../rules/card-set/types';
import type { PlayerView } from '../rules/view';
import { adeptAction } from './adept';
import { botCards } from './cards';
import { Knowledge } from './knowledge';
import { type Budget, type MasterContext, type MasterStats, masterDecide } from './master';
import { noviceAction } from './novice';
import { BotRng, hashString, mix } from './prng';
import { boardFromView } from './board';
import type { BotLevel } from '../protocol/bot-level';

export { BOT_LEVELS, type BotLevel } from '../protocol/bot-level';

export interface BotOptions {
  /** Same seed and same views give the same decisions (for the Master: with a playout budget). */
  readonly seed?: number | string;
  /** The Master's thinking budget per decision. Default: 200 ms with a clock, else 300 playouts. */
  readonly budget?: Budget;
  /** A clock in milliseconds (e.g. `() => performance.now()`), needed for a time budget. */
  readonly now?: () => number;
  /** The table's card set, when it is not the default one. */
  readonly cardSet?: CardSet;
}

export interface Bot {
  readonly level: BotLevel;
  /** Note what this view shows (call it with every view the seat receives). */
  observe(view: PlayerView): void;
  /**
   * Choose one of `view.legalActions` (the view is observed first). `budget` overrides the
   * Master's budget for this decision.
   */
  decide(view: PlayerView, budget?: Budget): Action;
  /** The Master's figures for its last decision (null for other levels). */
  readonly lastStats: MasterStats | null;
}

export const DEFAULT_MASTER_MS = 200;
export const DEFAULT_MASTER_PLAYOUTS = 300;

export function createBot(level: BotLevel, options: BotOptions = {}): Bot {
  const seed = typeof options.seed === 'string' ? hashString(options.seed) : (options.seed ?? 0) >>> 0;
  const cards = botCards(options.cardSet ?? DEFAULT_CARD_SET);
  const now = options.now ?? null;
  const budget: Budget = options.budget ?? (now ? { ms: DEFAULT_MASTER_MS } : { playouts: DEFAULT_MASTER_PLAYOUTS });
  if ('ms' in budget && !now) throw new Error('createBot: a time budget needs a clock (options.now)');
  let knowledge: Knowledge | null = null;
  let lastStats: MasterStats | null = null;
  const ctx: MasterContext = { cards, now: now ?? (() => 0) };
  let shape = '';

  const know = (view: PlayerView): Knowledge | null => {
    if (view.viewer === 'spectator') return null;
    if (!knowledge || knowledge.seat !== view.viewer) knowledge = new Knowledge(view.viewer, cards);
    return knowledge;
  };

  return {
    level,
    get lastStats() {
      return lastStats;
    },
    observe(view) {
      know(view)?.observe(view);
    },
    decide(view, override) {
      if (view.legalActions.length === 0) throw new Error('decide: this seat has nothing to decide');
      const k = know(view);
      k?.observe(view);
      if (view.cardSetId !== cards.set.id) throw new Error(`decide: the table plays card set ${view.cardSetId}, this bot knows ${cards.set.id}`);
      // One generator per decision, from the seed and the moment (same seed, same views: same
      // answers).
      const rng = new BotRng(mix(mix(seed, view.round), view.version * 8 + (view.viewer === 'spectator' ? 7 : view.viewer)));
      if (view.legalActions.length === 1) return view.legalActions[0]!;
      switch (level) {
        case 'novice':
          return noviceAction(boardFromView(view, cards, k), rng);
        case 'adept':
          return adeptAction(boardFromView(view, cards, k), rng);
        case 'master': {
          const key = `${view.players}|${JSON.stringify(view.options)}`;
          if (key !== shape) {
            shape = key;
            ctx.template = undefined;
          }
          if (override && 'ms' in override && !now) throw new Error('decide: a time budget needs a clock (options.now)');
          const { action, stats } = masterDecide(view, k, rng, ctx, override ?? budget);
          lastStats = stats;
          return action;
        }
      }
    },
  };
}
