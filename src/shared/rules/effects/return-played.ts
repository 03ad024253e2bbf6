// Return (7s): send one other card already played in this meeting back to its owner's hand.
// It no longer counts, its end-of-meeting ability is cancelled, and the lead suit stays.
// Face-down cards may be chosen too (ruling 14): the record names the card, but the 7's player
// only ever names its place, "seat N's face-down card" (`asSeen`, place.ts), and never learns it.
import type { Choice } from '../actions';
import type { DecisionEffect } from './effect';

export const returnPlayed: DecisionEffect = {
  decision: 'return',
  choices(s, _seat, source) {
    const out: Choice[] = [];
    for (const p of s.meeting.plays) {
      if (!p.returned && p.card !== source) out.push({ card: p.card });
    }
    return out;
  },
  hasChoice: (s, _seat, source) => s.meeting.plays.some((p) => !p.returned && p.card !== source),
  offers: (s, _seat, source, { target, card }) => target === undefined && card !== undefined && card !== source && s.meeting.plays.some((p) => !p.returned && p.card === card),
  asSeen(s, seat, choice) {
    const p = s.meeting.plays.find((play) => play.card === choice.card);
    return p && p.faceDown && p.seat !== seat ? { place: p.seat } : choice;
  },
  resolve(d, _seat, { card }) {
    const play = d.meeting.plays.find((p) => p.card === card)!;
    play.returned = true;
    d.hands[play.seat]!.push(play.card);
  },
};
