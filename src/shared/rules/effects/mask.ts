// Mask (Fool): turn any unmasked ally of any player face down until the round ends: it has no
// suit, strength or ability, and counts as one ally.
import type { Choice } from '../actions';
import { type DecisionEffect, isSeat, seenByAll } from './effect';
import { seatOf } from '../../ids';

export const mask: DecisionEffect = {
  decision: 'mask',
  choices(s) {
    const out: Choice[] = [];
    for (let target = seatOf(0); target < s.players; target++) {
      for (const card of s.allies[target]!) if (!s.masked.includes(card)) out.push({ target, card });
    }
    return out;
  },
  offers: (s, _seat, _source, { target, card }) => isSeat(s, target) && card !== undefined && s.allies[target]!.includes(card) && !s.masked.includes(card),
  hasChoice: (s) => s.allies.some((allies) => allies.some((card) => !s.masked.includes(card))),
  asSeen: seenByAll,
  resolve(d, _seat, { card }) {
    d.masked.push(card!);
  },
};
