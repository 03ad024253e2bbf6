// A client's intent (or a bot's answer) as the engine's action: the seat is the connection's,
// never the message's, and only the fields the protocol allows are carried over.
import type { ClientAction } from '../../../shared/protocol/events';
import type { Action } from '../../../shared/rules/actions';
import type { CardId, Seat } from '../../../shared/rules/types';

/** The engine action for a client's intent (or a bot's answer), with the seat of the connection. */
export function toAction(seat: Seat, a: ClientAction): Action {
  if ('play' in a) return a.faceDown === undefined ? { seat, play: a.play } : { seat, play: a.play, faceDown: a.faceDown };
  const choose: { target?: Seat; card?: CardId; place?: Seat } = {};
  if (a.choose.target !== undefined) choose.target = a.choose.target;
  if (a.choose.card !== undefined) choose.card = a.choose.card;
  if (a.choose.place !== undefined) choose.place = a.choose.place;
  return { seat, choose };
}
