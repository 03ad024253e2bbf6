// Mask (Fool): turn any unmasked ally of any player face down until the round ends: it has no
// suit, strength or ability, and counts as one ally.
import type { Choice } from '../actions';
import type { DecisionEffect } from './effect';

export const mask: DecisionEffect = {
  decision: 'mask',
  choices(s) {
    const out: Choice[] = [];
    for (let target = 0; target < s.players; target++) {
      for (const card of s.allies[target]!) if (!s.masked.includes(card)) out.push({ target, card });
    }
    return out;
  },
  hasChoice: (s) => s.allies.some((allies) => allies.some((card) => !s.masked.includes(card))),
  resolve(d, _seat, { card }) {
    d.masked.push(card!);
  },
};
