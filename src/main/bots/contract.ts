// What the host asks of the bots, declared here so the bots need nothing of the host: a seat's
// policy (its move from its view alone) and the analyser's "too busy".
import type { BotLevel } from '../../shared/protocol/bot-level';
import type { Action } from '../../shared/rules/actions';
import type { Seat } from '../../shared/rules/types';
import type { PlayerView } from '../../shared/rules/view';

/** Which seat a bot plays (bots that remember key their memory by it). */
export interface BotSeat {
  readonly tableId: string;
  readonly seat: Seat;
  /** How strong the seat's bot plays. */
  readonly level: BotLevel;
  /** The seat bot's seed, from the table's secret: a guest who knows the table id cannot replay the bot's choices. */
  readonly seed: string;
}

/**
 * Decides a bot's move from its seat's view alone. Stronger bots plug in here, e.g. a worker
 * pool; `observe`, if present, receives every view of a bot-played seat (bots that remember).
 */
export interface BotPolicy {
  (view: PlayerView, seat: BotSeat): Action | Promise<Action>;
  observe?(view: PlayerView, seat: BotSeat): void;
}

/** The analyser has too many requests waiting, or is not running. */
export class AnalysisBusy extends Error {}
