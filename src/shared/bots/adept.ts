// The Adept: hand-written play from one seat's table. Every legal action gets a score in "ally
// units" (one ally of a goal suit ≈ 1) and the best one is played:
//  - each card is worth what it adds to its owner's standing at round end under the history
//    cards in play (collect or shed a suit, count allies, the royals), Evil costs its holder the
//    round unless they hold the Angel or A Time of Darkness is in play, and becomes a prize
//    when the holder is close to owning all four;
//  - a play is scored by the chance of winning the meeting with it (who still plays, which
//    unseen cards beat it, whether they want the cards), what winning brings in, what losing
//    gives away and to whom, the ability it triggers (best target), and what the card would be
//    worth kept for later meetings;
//  - a choice (steal, discard, give, recall, return, mask, Demon) takes the best target for
//    this seat, counting what it takes from the most dangerous opponent.
// Card values are in adept-values.ts, meeting odds in adept-meetings.ts, choices in
// adept-choices.ts; this file scores the plays and picks.
import { type Action, isPlay } from '../rules/actions';
import type { CardId } from '../rules/types';
import type { BotRng } from './prng';
import type { Board, BoardPlay } from './board';
import { Judge } from './adept-values';
import { bestAbility, choiceValue, returnPlay } from './adept-choices';
import { keepValue, meetingValue } from './adept-meetings';

// ---- plays ---------------------------------------------------------------------------------

function playValue(j: Judge, card: CardId, faceDown: boolean): number {
  const t = j.t;
  const info = t.cards.info(card);
  const mine: BoardPlay = { seat: t.me, card, faceDown, returned: false };
  const plays = [...t.plays, mine];
  let v = -keepValue(j, info);
  if (faceDown) return v + meetingValue(j, plays, false, card);
  if (info.kind === 'return') {
    let best = -Infinity;
    for (const p of t.plays) {
      if (p.returned) continue;
      best = Math.max(best, meetingValue(j, returnPlay(plays, p), false, card));
    }
    return v + (best === -Infinity ? meetingValue(j, plays, false, card) : best);
  }
  v += bestAbility(j, info);
  return v + meetingValue(j, plays, info.kind === 'halt', card);
}

/** The Adept's score of each legal action (higher is better), in the order of `t.legal`. */
export function adeptScores(t: Board): number[] {
  const j = new Judge(t);
  return t.legal.map((a) => (isPlay(a) ? playValue(j, a.play, a.faceDown === true) : choiceValue(j, t.kind, a.choose)));
}

/** Index of the best score; ties go to a seeded pick. */
export function bestIndex(scores: readonly number[], rng: BotRng | null): number {
  let best = -Infinity;
  let ties: number[] = [];
  scores.forEach((s, i) => {
    if (s > best + 1e-9) {
      best = s;
      ties = [i];
    } else if (Math.abs(s - best) <= 1e-9) ties.push(i);
  });
  return ties.length === 1 || !rng ? ties[0]! : ties[rng.below(ties.length)]!;
}

export function adeptAction(t: Board, rng: BotRng | null): Action {
  if (t.legal.length === 1) return t.legal[0]!;
  return t.legal[bestIndex(adeptScores(t), rng)]!;
}
