// The Adept's choice scoring: the best target of a steal, discard, give, recall, return, mask or
// Demon for this seat, counting what it takes from the most dangerous opponent.
import type { Choice } from '../rules/actions';
import type { CardId } from '../rules/types';
import type { CardInfo } from './cards';
import type { Board, BoardPlay } from './board';
import { ADEPT, Judge } from './adept-values';
import { keepValue, meetingValue } from './adept-meetings';
import { seatOf } from '../ids';

// ---- choices ------------------------------------------------------------------------------

function isMasked(t: Board, card: CardId): boolean {
  return t.masked.includes(card);
}

/** Our gain from answering the pending kind of decision with `choice`. */
export function choiceValue(j: Judge, kind: Board['kind'], choice: Choice): number {
  const t = j.t;
  const me = t.me;
  const { target, card } = choice;
  switch (kind) {
    case 'steal': {
      const m = isMasked(t, card!);
      return j.value(me, card!, m) + j.status[target!]!.threat * j.value(target!, card!, m);
    }
    case 'discardAlly':
      return j.status[target!]!.threat * j.value(target!, card!, isMasked(t, card!));
    case 'gift': {
      const m = isMasked(t, card!);
      return -j.value(me, card!, m) - j.status[target!]!.threat * j.value(target!, card!, m);
    }
    case 'mask':
      if (target === me) return j.value(me, card!, true) - j.value(me, card!);
      return j.status[target!]!.threat * (j.value(target!, card!) - j.value(target!, card!, true));
    case 'recall': {
      const was = j.value(me, card!, isMasked(t, card!));
      const now = j.value(me, card!);
      // Back in hand it still counts at round end unless played away later; there, nobody can
      // take, discard or mask it, and it can win a meeting again.
      const shed = now < 0 ? -now * 0.6 : 0;
      const safe = now > 0 ? ADEPT.recallSafety * now : 0;
      return now - was + shed + safe + keepValue(j, t.cards.info(card!)) * ADEPT.recallKeep;
    }
    case 'insight': {
      // See the hand of whoever plays next, or of the leader in Fame.
      const next = (me + 1) % t.players;
      return (target === next ? 0.05 : 0) + 0.02 * t.fame[target!]!;
    }
    case 'demonChoice': {
      const demon = t.cards.demon!;
      return j.against(target!, j.value(target!, demon));
    }
    case 'return': {
      // A face-down card is named by its place (ruling 14).
      const place = choice.place;
      const chosen = t.plays.find((p) => (place === undefined ? p.card === card : p.seat === place && p.faceDown));
      return chosen ? meetingValue(j, returnPlay(t.plays, chosen), false, myPlayedCard(t)) : 0;
    }
    case 'play':
      return 0;
  }
}

function myPlayedCard(t: Board): CardId | null {
  for (let i = t.plays.length - 1; i >= 0; i--) if (t.plays[i]!.seat === t.me) return t.plays[i]!.card;
  return null;
}

export function returnPlay(plays: readonly BoardPlay[], chosen: BoardPlay): BoardPlay[] {
  return plays.map((p) => (p === chosen ? { ...p, returned: true } : p));
}

// ---- the choices an ability would offer (for scoring a play before it is made) -------------

export function bestAbility(j: Judge, info: CardInfo): number {
  const t = j.t;
  const me = t.me;
  let best = -Infinity;
  const consider = (kind: Board['kind'], choice: Choice) => {
    const v = choiceValue(j, kind, choice);
    if (v > best) best = v;
  };
  switch (info.kind) {
    case 'steal':
    case 'discardAlly':
      for (let o = seatOf(0); o < t.players; o++) if (o !== me) for (const c of t.allies[o]!) consider(info.kind, { target: o, card: c });
      break;
    case 'gift':
      for (const c of t.allies[me]!) for (let o = seatOf(0); o < t.players; o++) if (o !== me) consider('gift', { target: o, card: c });
      break;
    case 'mask':
      for (let o = seatOf(0); o < t.players; o++) for (const c of t.allies[o]!) if (!isMasked(t, c)) consider('mask', { target: o, card: c });
      break;
    case 'recall':
      for (const c of t.allies[me]!) consider('recall', { card: c });
      break;
    case 'insight':
      best = 0.05;
      break;
    default:
      return 0;
  }
  return best === -Infinity ? 0 : best;
}
