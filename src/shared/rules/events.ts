// What happened, as facts. The host stores none of these (the record is the source of truth);
// they drive the replay summary and client animations, redacted per viewer (view.ts).
import type { Choice } from './actions';
import type { DecisionKind, MeetingSummary, RoundScore } from './state';
import type { CardId, HistoryId, Seat } from './types';

/**
 * Why the winner won (ruling 5): the King; the highest (or, under Reversal, the lowest)
 * strength of the lead suit; or no card had strength and the leader wins.
 */
export type MeetingReason = 'king' | 'highest' | 'lowest' | 'leader';

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
  | {
      readonly type: 'abilityUsed';
      readonly seat: Seat;
      readonly source: CardId;
      readonly kind: DecisionKind;
      readonly choice: Choice;
      /** A Return chose a face-down card (ruling 14): its owner; only they may learn `choice.card`. */
      readonly faceDownOwner?: Seat;
    }
  | { readonly type: 'meetingEnded'; readonly meeting: MeetingSummary; readonly reason: MeetingReason }
  | { readonly type: 'roundScored'; readonly score: RoundScore; readonly fame: readonly number[] }
  | { readonly type: 'gameOver'; readonly winners: readonly Seat[] };
