// Discard (8s): discard one ally of your choice from an opponent of your choice.
import { type DecisionEffect, offersOpponentAlly, opponentAllies, opponentHasAlly, removeCard, unmask, seenByAll } from './effect';

export const discardAlly: DecisionEffect = {
  decision: 'discardAlly',
  choices: opponentAllies,
  hasChoice: opponentHasAlly,
  offers: offersOpponentAlly,
  asSeen: seenByAll,
  resolve(d, _seat, { target, card }) {
    removeCard(d.allies[target!]!, card!);
    unmask(d, card!);
    d.discard.push(card!);
  },
};
