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
import type { Action, Choice } from '../rules/actions';
import { isPlay } from '../rules/actions';
import type { CardId, Seat } from '../rules/types';
import { type CardInfo, WILD } from './cards';
import type { BotRng } from './prng';
import type { Table, TablePlay } from './table';

/** Tunable weights of the Adept. */
export const ADEPT = {
  /** What an Evil ally costs a holder it would exclude. */
  evilCost: 4,
  /** What an Evil card is worth to a holder chasing all four. */
  monopolyValue: 3,
  /** What a guarded holder (Angel) still pays for an Evil card. */
  guardedEvilCost: 0.3,
  /** Opponents' gains count this much (times their threat) against ours. */
  opponentWeight: 0.25,
  /** Future use of a card kept in hand, per strength point. */
  tempo: 0.07,
  /** Future use of a card with an ability, kept in hand. */
  abilityKeep: 0.25,
  kingKeep: 0.9,
  dragonKeep: 0.4,
  /** Value of leading the next meeting. */
  leadBonus: 0.1,
  /** Weight of Evil cards in what others dump into a meeting we win. */
  dumpEvilBias: 2.5,
  /** A recalled ally is safe in hand: this share of its worth. */
  recallSafety: 0.15,
  /** A recalled card can be played again: this share of its keep value. */
  recallKeep: 1,
};

interface SeatStatus {
  /** Unmasked Evil allies (plus Evil cards in hand, for the deciding seat). */
  evil: number;
  /** Holds an unmasked Angel (allies, or own hand). */
  guarded: boolean;
  /** Close to owning every Evil card, and none is out of reach. */
  chase: boolean;
  /**
   * Chance to end the round without an Evil ally, given the Evil allies it has now: 1 when it
   * has none (Evil in our own hand can still be played away) or is guarded.
   */
  clean: number;
  /** Unmasked Evil allies. */
  evilAllies: number;
  /** How much its gains count against ours. */
  threat: number;
}

/** Per-decision cache: seat statuses and card values. */
export class Judge {
  readonly status: SeatStatus[];
  private readonly valueCache: Float64Array;
  readonly maxFame: number;
  /** The unseen cards, looked up once. */
  readonly unseen: readonly CardInfo[];
  private readonly stride: number;
  private avgCache = NaN;
  private dumpCache = NaN;
  private readonly suitCache = [NaN, NaN, NaN];
  private readonly suitCount = [0, 0, 0];
  private readonly worstCache = new Map<number, number>();

  constructor(readonly t: Table) {
    this.maxFame = Math.max(...t.fame);
    this.stride = t.cards.all.length * 2;
    this.valueCache = new Float64Array(t.players * this.stride).fill(NaN);
    this.unseen = t.unseen.map((c) => t.cards.info(c));
    this.status = [];
    const { cards } = t;
    const evilUnreachable = this.evilUnreachable();
    for (let s = 0; s < t.players; s++) {
      let evilAllies = 0;
      let guarded = false;
      let tools = 0;
      for (const c of t.allies[s]!) {
        if (t.masked.includes(c)) continue;
        const i = cards.info(c);
        if (i.evil) evilAllies++;
        if (i.kind === 'purgeEvil') guarded = true;
      }
      let evil = evilAllies;
      if (s === t.me) {
        for (const c of t.hand) {
          const i = cards.info(c);
          if (i.evil) evil++;
          if (i.kind === 'purgeEvil') guarded = true;
          // Ways to clear an Evil ally: mask it, give it away, take it back to play it away.
          if (i.kind === 'mask' || i.kind === 'gift') tools++;
          else if (i.kind === 'recall') tools += 0.5;
        }
      } else tools = 0.3; // its hand is unknown: a small chance it holds such a card
      const chase = evil >= 3 && evilUnreachable === 0;
      let clean = 1;
      if (!t.goals.evilAllowed && !guarded && !chase && evilAllies > 0) clean = 0.1 + 0.75 * Math.min(1, tools / evilAllies);
      this.status.push({ evil, evilAllies, guarded, chase, clean, threat: 0 });
    }
    const opponents = t.players - 1;
    for (let s = 0; s < t.players; s++) {
      if (s === t.me) continue;
      const f = t.fame[s]!;
      const lead = f === this.maxFame && f > 0 ? 0.5 : 0;
      const close = f >= 2 ? 0.6 : 0;
      this.status[s]!.threat = (ADEPT.opponentWeight * (1 + 0.5 * f + lead + close)) / opponents;
    }
  }

  /** Evil cards that can no longer be owned by anyone (discarded, or masked as allies). */
  private evilUnreachable(): number {
    const t = this.t;
    // Evil cards are reachable in hands (ours or unseen), allies (unmasked) and the meeting.
    let reachable = 0;
    for (const c of this.unseen) if (c.evil) reachable++;
    for (const c of t.hand) if (t.cards.info(c).evil) reachable++;
    for (const a of t.allies) for (const c of a) if (t.cards.info(c).evil && !t.masked.includes(c)) reachable++;
    for (const p of t.plays) if (p.card && !p.faceDown && !p.returned && t.cards.info(p.card).evil) reachable++;
    return Math.max(0, t.cards.evilCount - reachable);
  }

  /** What owning `card` at round end is worth to `seat` (masked: one ally, no suit). */
  value(seat: Seat, card: CardId, masked = false): number {
    return this.valueOf(seat, this.t.cards.info(card), masked);
  }

  valueOf(seat: Seat, c: CardInfo, masked = false): number {
    const key = seat * this.stride + c.index * 2 + (masked ? 1 : 0);
    const hit = this.valueCache[key]!;
    if (hit === hit) return hit; // not NaN
    const v = this.computeValue(seat, c, masked);
    this.valueCache[key] = v;
    return v;
  }

  /** The average worth to us of an unseen card. */
  avgUnseen(): number {
    if (this.avgCache === this.avgCache) return this.avgCache;
    let sum = 0;
    for (const c of this.unseen) sum += this.valueOf(this.t.me, c);
    this.avgCache = this.unseen.length ? sum / this.unseen.length : 0;
    return this.avgCache;
  }

  /** What others are expected to throw into a meeting we win: what they do not want, Evil first. */
  dump(): number {
    if (this.dumpCache === this.dumpCache) return this.dumpCache;
    let sum = 0;
    let wsum = 0;
    for (const c of this.unseen) {
      const w = c.evil ? ADEPT.dumpEvilBias : 1;
      sum += w * this.valueOf(this.t.me, c);
      wsum += w;
    }
    this.dumpCache = wsum ? sum / wsum : 0;
    return this.dumpCache;
  }

  /** The average worth to us of an unseen card of `suit` (and how many there are). */
  suitAverage(suit: number): number {
    const hit = this.suitCache[suit]!;
    if (hit === hit) return hit;
    let sum = 0;
    let n = 0;
    for (const c of this.unseen) {
      if (c.suit !== suit) continue;
      sum += this.valueOf(this.t.me, c);
      n++;
    }
    this.suitCount[suit] = n;
    this.suitCache[suit] = n ? sum / n : 0;
    return this.suitCache[suit];
  }

  unseenOfSuit(suit: number): number {
    this.suitAverage(suit);
    return this.suitCount[suit]!;
  }

  /** Expected worth to us of the worst of `h` unseen cards (what a seat throws away). */
  worstOf(h: number): number {
    if (h <= 0 || this.unseen.length === 0) return 0;
    const hit = this.worstCache.get(h);
    if (hit !== undefined) return hit;
    const values = this.unseen.map((c) => this.valueOf(this.t.me, c)).sort((a, b) => a - b);
    const u = values.length;
    const k = Math.min(h, u);
    // P(the minimum is the i-th smallest) = C(u-1-i, k-1) / C(u, k), built up term by term.
    let p = k / u;
    let e = 0;
    for (let i = 0; i <= u - k; i++) {
      e += p * values[i]!;
      p *= (u - k - i) / (u - 1 - i);
    }
    this.worstCache.set(h, e);
    return e;
  }

  /**
   * What `seat`, still to play, is expected to add to a meeting it does not take: a card of the
   * lead suit if it has one (it must follow), otherwise the card it most wants rid of. Facing a
   * King, nobody can win the meeting, so everyone throws away their worst.
   */
  expectedAdd(seat: Seat, lead: number, king: boolean): number {
    const t = this.t;
    const worst = this.worstOf(t.handCounts[seat]!);
    if (king) return worst;
    if (lead < 0 || lead > 2) return this.dump();
    if (t.voids[seat]! & (1 << lead)) return worst;
    const follow = holds(t, seat, this.unseenOfSuit(lead));
    return follow * this.suitAverage(lead) + (1 - follow) * worst;
  }


  private computeValue(seat: Seat, c: CardInfo, masked: boolean): number {
    const g = this.t.goals;
    const st = this.status[seat]!;
    // Goals only pay a seat that ends the round without Evil.
    const scoring = 0.3 + 0.7 * st.clean;
    if (masked) return scoring * g.total;
    let v = c.weight * (g.total + (c.suit === WILD ? 0 : g.suit[c.suit]!));
    v += g.listed.get(c.id) ?? 0;
    v *= scoring;
    if (c.evil) {
      if (g.evilAllowed) v += g.evil + (st.chase ? ADEPT.monopolyValue : 0);
      else if (st.chase) v += ADEPT.monopolyValue;
      else if (st.guarded) v -= ADEPT.guardedEvilCost;
      else v -= ADEPT.evilCost * st.clean + 0.5;
    }
    if (c.kind === 'purgeEvil') {
      if (g.evilAllowed || st.chase) v -= (g.evil + (st.chase ? ADEPT.monopolyValue : 0)) * st.evil;
      // It clears Evil allies (the round's Fame back within reach) and insures the rest.
      else v += 0.5 + (1 - st.clean) * ADEPT.evilCost + Math.min(st.evil - st.evilAllies, 2) * ADEPT.evilCost * 0.4;
    }
    return v;
  }

  /** Our gain when `seat` (another seat) gains `v`. */
  against(seat: Seat, v: number): number {
    return seat === this.t.me ? v : -this.status[seat]!.threat * v;
  }
}

// ---- choices ------------------------------------------------------------------------------

function isMasked(t: Table, card: CardId): boolean {
  return t.masked.includes(card);
}

/** Our gain from answering the pending kind of decision with `choice`. */
export function choiceValue(j: Judge, kind: Table['kind'], choice: Choice): number {
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

function myPlayedCard(t: Table): CardId | null {
  for (let i = t.plays.length - 1; i >= 0; i--) if (t.plays[i]!.seat === t.me) return t.plays[i]!.card;
  return null;
}

function returnPlay(plays: readonly TablePlay[], chosen: TablePlay): TablePlay[] {
  return plays.map((p) => (p === chosen ? { ...p, returned: true } : p));
}

// ---- the choices an ability would offer (for scoring a play before it is made) -------------

function bestAbility(j: Judge, info: CardInfo): number {
  const t = j.t;
  const me = t.me;
  let best = -Infinity;
  const consider = (kind: Table['kind'], choice: Choice) => {
    const v = choiceValue(j, kind, choice);
    if (v > best) best = v;
  };
  switch (info.kind) {
    case 'steal':
    case 'discardAlly':
      for (let o = 0; o < t.players; o++) if (o !== me) for (const c of t.allies[o]!) consider(info.kind, { target: o, card: c });
      break;
    case 'gift':
      for (const c of t.allies[me]!) for (let o = 0; o < t.players; o++) if (o !== me) consider('gift', { target: o, card: c });
      break;
    case 'mask':
      for (let o = 0; o < t.players; o++) for (const c of t.allies[o]!) if (!isMasked(t, c)) consider('mask', { target: o, card: c });
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

// ---- meetings ------------------------------------------------------------------------------

interface Outcome {
  winner: Seat;
  /** Strength of the winning card, or -1. */
  strength: number;
  reversal: boolean;
  king: boolean;
  burn: boolean;
  demon: TablePlay | null;
}

function resolve(t: Table, plays: readonly TablePlay[], leadSuit: number): Outcome {
  const { cards } = t;
  let king: TablePlay | null = null;
  let reversal = false;
  let burn = false;
  let demon: TablePlay | null = null;
  for (const p of plays) {
    if (p.faceDown || p.returned || !p.card) continue;
    const k = cards.info(p.card).kind;
    if (k === 'winMeeting') king = p;
    else if (k === 'reversal') reversal = true;
    else if (k === 'burn') burn = true;
    else if (k === 'demonChoice') demon = p;
  }
  if (king) return { winner: king.seat, strength: -1, reversal, king: true, burn, demon };
  let best: Seat = -1;
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
function toPlayAfter(t: Table, playCount: number): Seat[] {
  const out: Seat[] = [];
  for (let k = playCount; k < t.players; k++) out.push((t.leader + k) % t.players);
  return out;
}

/** Probability that `seat` holds at least one of `n` given unseen cards. */
function holds(t: Table, seat: Seat, n: number): number {
  const u = t.unseen.length;
  const h = t.handCounts[seat]!;
  if (n <= 0 || h <= 0 || u <= 0) return 0;
  let none = 1;
  for (let k = 0; k < h; k++) {
    const left = u - k;
    if (left <= 0) break;
    none *= Math.max(0, left - n) / left;
  }
  return 1 - none;
}

/**
 * Our expected gain from the meeting as it would stand with `plays` (ours included), compared
 * with keeping `mine` in hand. `halted`: it ends now.
 */
function meetingValue(j: Judge, plays: readonly TablePlay[], halted: boolean, mine: CardId | null): number {
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
      for (let s = 0; s < t.players; s++) best = Math.max(best, j.against(s, j.value(s, demon)));
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
  if (winner >= 0 && winner !== me) {
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
function beatChance(j: Judge, seat: Seat, out: Outcome, lead: number, plays: readonly TablePlay[], dump: number): number {
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
function keepValue(j: Judge, c: CardInfo): number {
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

// ---- plays ---------------------------------------------------------------------------------

function playValue(j: Judge, card: CardId, faceDown: boolean): number {
  const t = j.t;
  const info = t.cards.info(card);
  const mine: TablePlay = { seat: t.me, card, faceDown, returned: false };
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
export function adeptScores(t: Table): number[] {
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

export function adeptAction(t: Table, rng: BotRng | null): Action {
  if (t.legal.length === 1) return t.legal[0]!;
  return t.legal[bestIndex(adeptScores(t), rng)]!;
}
