// Steal (4s, Sage): take one ally of your choice from an opponent of your choice.
// A mask stays with the card while it remains an ally, also when it changes owner.
import { type DecisionEffect, offersOpponentAlly, opponentAllies, opponentHasAlly, removeCard, seenByAll } from './effect';

export const steal: DecisionEffect = {
  decision: 'steal',
  choices: opponentAllies,
  hasChoice: opponentHasAlly,
  offers: offersOpponentAlly,
  asSeen: seenByAll,
  resolve(d, seat, { target, card }) {
    removeCard(d.allies[target!]!, card!);
    d.allies[seat]!.push(card!);
  },
};
