// The Adept's meeting odds: who wins a meeting with a given play, the chance that a seat still to
// play takes it from us, what winning brings in and losing gives away, and what a card kept is worth.
import type { CardId, Seat } from '../rules/types';
import { type CardInfo, WILD } from './cards';
import type { Board, BoardPlay } from './board';
import { ADEPT, Judge, holds } from './adept-values';
import { seatOf } from '../ids';

// ---- meetings ------------------------------------------------------------------------------

interface Outcome {
  winner: Seat;
  /** Strength of the winning card, or -1. */
  strength: number;
  reversal: boolean;
  king: boolean;
  burn: boolean;
  demon: BoardPlay | null;
}

function resolve(t: Board, plays: readonly BoardPlay[], leadSuit: number): Outcome {
  const { cards } = t;
  let king: BoardPlay | null = null;
  let reversal = false;
  let burn = false;
  let demon: BoardPlay | null = null;
  for (const p of plays) {
    if (p.faceDown || p.returned || !p.card) continue;
    const k = cards.info(p.card).kind;
    if (k === 'winMeeting') king = p;
    else if (k === 'reversal') reversal = true;
    else if (k === 'burn') burn = true;
    else if (k === 'demonChoice') demon = p;
  }
  if (king) return { winner: king.seat, strength: -1, reversal, king: true, burn, demon };
  let best: Seat | -1 = -1;
  let strength = -1;
  for (const p of plays) {
    if (p.faceDown || p.returned || !p.card) continue;
    const i = cards.info(p.card);
    if (i.suit === WILD || i.suit !== leadSuit) continue;
    if (best === -1 || (reversal ? i.strength < strength : i.strength > strength)) {
      best = p.seat;
      strength = i.strength;
    }
  }
  return { winner: best === -1 ? t.leader : best, strength, reversal, king: false, burn, demon };
}

/** Seats still to play in this meeting after `plays`. */
function toPlayAfter(t: Board, playCount: number): Seat[] {
  const out: Seat[] = [];
  for (let k = playCount; k < t.players; k++) out.push(seatOf((t.leader + k) % t.players));
  return out;
}

/**
 * Our expected gain from the meeting as it would stand with `plays` (ours included), compared
 * with keeping `mine` in hand. `halted`: it ends now.
 */
export function meetingValue(j: Judge, plays: readonly BoardPlay[], halted: boolean, mine: CardId | null): number {
  const t = j.t;
  const me = t.me;
  const { cards } = t;
  let lead = t.leadSuit as number;
  if (lead === -1) {
    for (const p of plays) {
      if (p.faceDown || !p.card) continue;
      const s = cards.info(p.card).suit;
      if (s !== WILD) {
        lead = s;
        break;
      }
    }
  }
  const out = resolve(t, plays, lead);
  const rest = halted ? [] : toPlayAfter(t, plays.length);
  const mineValue = mine ? j.value(me, mine) : 0;

  // The Demon goes where its player sends it, not to the winner.
  let demonTerm = 0;
  if (out.demon) {
    const demon = out.demon.card!;
    if (out.demon.seat === me) {
      let best = -Infinity;
      for (let s = seatOf(0); s < t.players; s++) best = Math.max(best, j.against(s, j.value(s, demon)));
      demonTerm = best - (mine === demon ? j.value(me, demon) : 0); // it leaves our hand, goes where we send it
    } else {
      demonTerm = j.value(me, demon) / (t.players - 1);
    }
  }
  if (out.burn) {
    // Nobody takes the cards: ours is lost, the others' too.
    return demonTerm - (mine && mine !== out.demon?.card ? mineValue : 0) + (out.winner === me ? ADEPT.leadBonus : 0);
  }

  // What others still add: what they do not want, and Evil if they can.
  const dump = rest.length > 0 ? j.dump() : 0;
  let adds = 0;
  for (const s of rest) adds += j.expectedAdd(s, lead, out.king);

  // Our win chance.
  let pWin = 0;
  if (out.winner === me) {
    pWin = 1;
    if (!out.king) {
      for (const s of rest) pWin *= 1 - beatChance(j, s, out, lead, plays, dump);
    } else {
      let returns = 0;
      for (const i of j.unseen) if (i.kind === 'return' && i.suit === lead) returns++;
      for (const s of rest) pWin *= 1 - 0.15 * holds(t, s, returns);
    }
  }

  let taken = 0;
  for (const p of plays) {
    if (p.returned || p.seat === me || p === out.demon) continue;
    taken += p.card ? j.value(me, p.card) : dump;
  }
  const win = taken + adds + ADEPT.leadBonus;
  const mineGone = mine && out.demon?.card !== mine ? mineValue : 0;

  // Losing: our card goes to the winner (the current one, or a later seat).
  let lose = -mineGone;
  const winner = out.winner !== me ? out.winner : rest.length > 0 ? rest[0]! : -1;
  if (winner !== -1 && winner !== me) {
    let theirs = 0;
    for (const p of plays) {
      if (p.returned || p.seat === winner || p === out.demon) continue;
      theirs += p.card ? j.value(winner, p.card) : 0;
    }
    lose += j.against(winner, theirs);
  }
  return demonTerm + pWin * win + (1 - pWin) * lose;
}

/** Chance that `seat`, still to play, takes the meeting from us. */
function beatChance(j: Judge, seat: Seat, out: Outcome, lead: number, plays: readonly BoardPlay[], dump: number): number {
  const t = j.t;
  const voidLead = lead >= 0 && (t.voids[seat]! & (1 << lead)) !== 0;
  let n = 0;
  for (const i of j.unseen) {
    if (i.kind === 'winMeeting') n++;
    else if (voidLead || lead < 0 || i.suit !== lead) continue;
    else if (i.kind === 'return') n++;
    else if (i.kind === 'reversal' && !out.reversal) n += out.strength > 3 ? 1 : 0;
    else if (out.reversal ? i.strength < out.strength : i.strength > out.strength) n++;
  }
  if (n === 0) return 0;
  // Do they want these cards?
  let v = dump;
  for (const p of plays) if (!p.returned && p.card) v += t.cards.info(p.card).evil ? (j.status[seat]!.guarded ? 0 : -3) : 0.5;
  const wants = v > 0.3 ? 0.9 : v < -0.3 ? 0.35 : 0.6;
  return holds(t, seat, n) * wants;
}

/** What holding `card` is worth for the meetings still to come. */
export function keepValue(j: Judge, c: CardInfo): number {
  const t = j.t;
  const left = t.hand.length - 1;
  if (left <= 0) return 0;
  const future = Math.min(1, left / 4);
  // Do we want to win meetings from here on? (The average card's worth to us.)
  const want = Math.max(-1, Math.min(1, j.avgUnseen() * 2));
  let v = ADEPT.tempo * c.strength * want;
  if (c.kind === 'winMeeting') v += ADEPT.kingKeep * Math.max(0.2, want);
  else if (c.kind === 'burn') v += ADEPT.dragonKeep;
  else if (c.asks) v += ADEPT.abilityKeep;
  return v * future;
}
