// Demon: at the end of the meeting its player chooses who (themselves included) takes it.
import { type DecisionEffect, isSeat, seenByAll } from './effect';
import { seatsOf } from '../../ids';

export const demonChoice: DecisionEffect = {
  decision: 'demonChoice',
  choices: (s) => seatsOf(s.players).map((target) => ({ target })),
  hasChoice: () => true,
  offers: (s, _seat, _source, { target, card }) => card === undefined && isSeat(s, target),
  asSeen: seenByAll,
  resolve(d, _seat, { target }) {
    d.meeting.demonTo = target!;
  },
};
