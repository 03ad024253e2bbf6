// Messages between the bot pool (main thread) and its workers. Views travel by structured clone.
import type { DecisionAnalysis } from '../../shared/bots/analysis';
import type { BotLevel, Budget, MasterStats } from '../../shared/bots/index';
import type { Action } from '../../shared/rules/actions';
import type { PlayerView } from '../../shared/rules/view';

export type ToWorker =
  | {
      readonly type: 'decide';
      readonly id: number;
      readonly seatKey: string;
      readonly level: BotLevel;
      readonly seed: number | string;
      readonly budget: Budget;
      /** Wall-clock time (Date.now) the request was sent: time spent queued counts against the budget. */
      readonly sentAt: number;
      readonly view: PlayerView;
      /** Work that gives way to bots' turns (a hint): it stops early once one waits for this worker. */
      readonly yields: boolean;
    }
  /** "Could I have won?" for the decision at `version` of a record (record-format.md). */
  | { readonly type: 'analyse'; readonly id: number; readonly record: unknown; readonly version: number }
  | { readonly type: 'observe'; readonly seatKey: string; readonly view: PlayerView }
  | { readonly type: 'forget'; readonly seatKey: string };

export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'decided'; readonly id: number; readonly action: Action; readonly ms: number; readonly stats: MasterStats | null }
  | { readonly type: 'analysed'; readonly id: number; readonly analysis: DecisionAnalysis | null }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };
