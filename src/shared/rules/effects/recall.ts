// Recall (6s): return one of your own allies to your hand, where it is an ordinary card again.
import { type DecisionEffect, removeCard, unmask, seenByAll } from './effect';

export const recall: DecisionEffect = {
  decision: 'recall',
  choices: (s, seat) => s.allies[seat]!.map((card) => ({ card })),
  hasChoice: (s, seat) => s.allies[seat]!.length > 0,
  offers: (s, seat, _source, { target, card }) => target === undefined && card !== undefined && s.allies[seat]!.includes(card),
  asSeen: seenByAll,
  resolve(d, seat, { card }) {
    removeCard(d.allies[seat]!, card!);
    unmask(d, card!);
    d.hands[seat]!.push(card!);
  },
};
