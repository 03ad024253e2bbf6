// Gift (10s): give one of your allies to an opponent of your choice.
import type { Choice } from '../actions';
import { type DecisionEffect, isOpponent, removeCard, seenByAll } from './effect';
import { seatOf } from '../../ids';

export const gift: DecisionEffect = {
  decision: 'gift',
  choices(s, seat) {
    const out: Choice[] = [];
    for (const card of s.allies[seat]!) {
      for (let o = seatOf(0); o < s.players; o++) if (o !== seat) out.push({ target: o, card });
    }
    return out;
  },
  hasChoice: (s, seat) => s.allies[seat]!.length > 0 && s.players > 1,
  offers: (s, seat, _source, { target, card }) => isOpponent(s, seat, target) && card !== undefined && s.allies[seat]!.includes(card),
  asSeen: seenByAll,
  resolve(d, seat, { target, card }) {
    removeCard(d.allies[seat]!, card!);
    d.allies[target!]!.push(card!);
  },
};
