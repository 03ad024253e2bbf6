// The Adept's card values: what each card is worth to its owner at round end under the history
// cards in play, per seat, cached per decision (the Judge); and the odds that a seat holds a card.
import type { CardId, Seat } from '../rules/types';
import { type CardInfo, WILD } from './cards';
import type { Board } from './board';

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

/**
 * The card values of every Judge share one table (a playout makes a Judge at each step: a table
 * each would be most of its garbage). An entry counts only for the Judge that wrote it, by its
 * generation, so Judges alive at the same time never see each other's values.
 */
const shared = { values: new Float64Array(0), owner: new Uint32Array(0), generation: 0 };

function sharedTable(size: number): number {
  if (shared.values.length < size) {
    shared.values = new Float64Array(size);
    shared.owner = new Uint32Array(size);
  }
  if (shared.generation === 0xffff_ffff) {
    shared.owner.fill(0);
    shared.generation = 0;
  }
  return ++shared.generation;
}

/** Per-decision cache: seat statuses and card values. */
export class Judge {
  readonly status: SeatStatus[];
  /** This Judge's mark on the entries it wrote in the shared value table. */
  private readonly generation: number;
  readonly maxFame: number;
  /** The unseen cards, looked up once. */
  readonly unseen: readonly CardInfo[];
  private readonly stride: number;
  private avgCache = NaN;
  private dumpCache = NaN;
  private readonly suitCache = [NaN, NaN, NaN];
  private readonly suitCount = [0, 0, 0];
  /** By hand size; a plain array, as a Map per Judge (one per playout step) was a good part of the garbage. */
  private readonly worstCache: number[] = [];
  /** Our values of the unseen cards, ascending, once worked out. */
  private unseenValues: number[] | null = null;

  constructor(readonly t: Board) {
    this.maxFame = Math.max(...t.fame);
    this.stride = t.cards.all.length * 2;
    this.generation = sharedTable(t.players * this.stride);
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
    if (shared.owner[key] === this.generation) return shared.values[key]!;
    const v = this.computeValue(seat, c, masked);
    shared.values[key] = v;
    shared.owner[key] = this.generation;
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
    const hit = this.worstCache[h];
    if (hit !== undefined) return hit;
    const values = (this.unseenValues ??= this.unseen.map((c) => this.valueOf(this.t.me, c)).sort((a, b) => a - b));
    const u = values.length;
    const k = Math.min(h, u);
    // P(the minimum is the i-th smallest) = C(u-1-i, k-1) / C(u, k), built up term by term.
    let p = k / u;
    let e = 0;
    for (let i = 0; i <= u - k; i++) {
      e += p * values[i]!;
      p *= (u - k - i) / (u - 1 - i);
    }
    this.worstCache[h] = e;
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

/** Probability that `seat` holds at least one of `n` given unseen cards. */
export function holds(t: Board, seat: Seat, n: number): number {
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
