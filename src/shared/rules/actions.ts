// What a seat can do: play a card, or answer the pending decision of an ability.
// Actions have exactly the shape of the entries of a game record (record-format.md).
import type { CardId, Seat } from './types';

export interface PlayAction {
  readonly seat: Seat;
  readonly play: CardId;
  /** Required exactly when the card must go face down (ruling 2). */
  readonly faceDown?: boolean;
}

/** The answer to a pending decision; each ability takes the fields it needs. */
export interface Choice {
  readonly target?: Seat;
  readonly card?: CardId;
  /**
   * A face-down card of the meeting named by its place, the seat that played it (ruling 14):
   * only in views and intents; records name the card (place.ts resolves it).
   */
  readonly place?: Seat;
}

export interface ChooseAction {
  readonly seat: Seat;
  readonly choose: Choice;
}

export type Action = PlayAction | ChooseAction;

export const isPlay = (a: Action): a is PlayAction => 'play' in a;
