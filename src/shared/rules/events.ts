// What happened, as facts. The host stores none of these (the record is the source of truth);
// they drive the replay summary and client animations, redacted per viewer (view.ts).
import type { Choice } from './actions';
import type { DecisionKind, MeetingSummary, RoundScore } from './state';
import type { CardId, HistoryId, Seat } from './types';

export type GameEvent =
  | {
      readonly type: 'roundStarted';
      readonly round: number;
      /** Every history card revealed, in order, including one put back. */
      readonly revealed: readonly HistoryId[];
      /** The history cards whose conditions apply this round. */
      readonly history: readonly HistoryId[];
      readonly themeCard: CardId;
      readonly startSeat: Seat;
      readonly burned: CardId | null;
    }
  /** Secret: each seat may learn only its own hand. */
  | { readonly type: 'dealt'; readonly hands: readonly (readonly CardId[])[] }
  /** `card` is null in views of other seats when played face down. */
  | { readonly type: 'cardPlayed'; readonly seat: Seat; readonly card: CardId | null; readonly faceDown: boolean }
  | { readonly type: 'abilityUsed'; readonly seat: Seat; readonly source: CardId; readonly kind: DecisionKind; readonly choice: Choice }
  | { readonly type: 'meetingEnded'; readonly meeting: MeetingSummary }
  | { readonly type: 'roundScored'; readonly score: RoundScore; readonly fame: readonly number[] }
  | { readonly type: 'gameOver'; readonly winners: readonly Seat[] };
