// Ruling 14: a Return (7) may send back a face-down card of the meeting, which its player names
// by its place ("seat N's face-down card") without learning it. Views offer such an answer as
// `{ place: N }`; records and the engine name the card. These functions convert between the two.
import { type Action, isPlay } from './actions';
import type { GameState, MeetingPlay } from './state';
import type { CardId, Seat } from './types';

/** The face-down play in the meeting that `viewer` may not see, by its card. */
function hiddenPlay(s: GameState, viewer: Seat, card: CardId): GameState['meeting']['plays'][number] | undefined {
  return s.meeting.plays.find((p) => p.card === card && p.faceDown && p.seat !== viewer);
}

/** `actions` as `viewer` may see them: a face-down card of another seat is named by its place. */
export function answersAsSeen(s: GameState, viewer: Seat, actions: Action[]): Action[] {
  if (s.pending?.kind !== 'return') return actions;
  return actions.map((a) => {
    if (isPlay(a) || a.choose.card === undefined) return a;
    const p = hiddenPlay(s, viewer, a.choose.card);
    return p ? { seat: a.seat, choose: { place: p.seat } } : a;
  });
}

/**
 * The record's form of an answer that names a place: the face-down card lying there. Any other
 * action, or a place that holds no face-down card to return, is given back as it is (and the
 * engine refuses the latter).
 */
export function resolvePlace(s: GameState, action: Action): Action {
  if (isPlay(action)) return action;
  const { place, ...rest } = action.choose;
  if (place === undefined || Object.keys(rest).length > 0 || s.pending?.kind !== 'return') return action;
  const play = s.meeting.plays.find((p: Readonly<MeetingPlay>) => p.seat === place && p.faceDown && !p.returned);
  return play ? { seat: action.seat, choose: { card: play.card } } : action;
}
