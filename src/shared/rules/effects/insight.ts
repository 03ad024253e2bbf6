// Insight (9s): see an opponent's hand as it is now; only you keep that snapshot, until the
// round ends.
import { opponentsOf } from '../cards';
import { type DecisionEffect, isOpponent, seenByAll } from './effect';

export const insight: DecisionEffect = {
  decision: 'insight',
  choices: (s, seat) => opponentsOf(s, seat).map((target) => ({ target })),
  hasChoice: (s) => s.players > 1,
  offers: (s, seat, _source, { target, card }) => card === undefined && isOpponent(s, seat, target),
  asSeen: seenByAll,
  resolve(d, seat, { target }) {
    d.insights[seat] = { target: target!, cards: d.hands[target!]!.slice() };
  },
};
