// The end of a round (ruling 9): hands join allies, the Angel purges Evil, the Evil monopoly,
// exclusion, and the Fame of each history card in play.
import type { FameCondition } from './card-set/types';
import { isEvilAlly, isMasked } from './cards';
import { type SetFacts, cardNumber, setFacts } from './set-facts';
import type { AngelDiscard, DraftState, GameState, RoundScore, SeatScore } from './state';
import type { CardId, Seat } from './types';
import { seatOf } from '../ids';

export function scoreRound(d: DraftState): RoundScore {
  // (a) cards left in hands join their owners' allies, after those already there.
  const fromHandAt: number[] = [];
  for (let seat = 0; seat < d.players; seat++) {
    const allies = d.allies[seat]!;
    const hand = d.hands[seat]!;
    fromHandAt.push(allies.length);
    for (let i = 0; i < hand.length; i++) allies.push(hand[i]!);
    d.hands[seat] = [];
  }
  // (b) the holder of an unmasked Angel discards their Evil allies.
  const facts = setFacts(d.cardSet);
  const { evilCount, purgers } = facts;
  let purge: AngelDiscard | null = null;
  for (let seat = seatOf(0); seat < d.players; seat++) {
    const allies = d.allies[seat]!;
    if (!holdsUnmasked(d, allies, purgers)) continue;
    const kept: CardId[] = [];
    const evil: CardId[] = [];
    const fromHand: CardId[] = [];
    for (let i = 0; i < allies.length; i++) {
      const card = allies[i]!;
      if (!isEvilAlly(d, card)) kept.push(card);
      else {
        evil.push(card);
        if (i >= fromHandAt[seat]!) fromHand.push(card);
      }
    }
    d.allies[seat] = kept;
    for (const card of evil) d.discard.push(card);
    purge = { seat, discarded: evil.sort(), fromHand: fromHand.sort() };
  }

  const seats: SeatScore[] = [];
  let monopoly = -1;
  for (let seat = 0; seat < d.players; seat++) {
    seats.push(countAllies(d, facts, d.allies[seat]!));
    // (c) one seat holding every Evil card gains 2 and nobody else gains any.
    if (monopoly < 0 && seats[seat]!.evil === evilCount) monopoly = seat;
  }
  const evilAllowed = d.historyActive.some((h) => d.cardSet.historyById.get(h)!.effect.kind === 'evilAllowed');
  // What each history card counts for each seat, told to the players whoever gains Fame.
  const counts = d.historyActive.map((h) => countsOf(d, d.cardSet.historyById.get(h)!.condition, seats));
  if (monopoly >= 0) {
    seats[monopoly]!.fameGained = 2;
  } else {
    // (d) Evil allies exclude their holder, except under A Time of Darkness.
    for (const s of seats) s.excluded = !evilAllowed && s.evil > 0;
    // (e) each history card in play awards 1 Fame to each remaining seat meeting its condition.
    for (let i = 0; i < d.historyActive.length; i++) {
      const h = d.historyActive[i]!;
      for (const seat of meeting(d.cardSet.historyById.get(h)!.condition, counts[i]!, seats)) {
        seats[seat]!.met.push(h);
        seats[seat]!.fameGained++;
      }
    }
  }
  for (let seat = 0; seat < seats.length; seat++) d.fame[seat]! += seats[seat]!.fameGained;

  return {
    round: d.round,
    history: d.historyActive.slice(),
    allies: sortedById(d, d.allies),
    masked: sortedById(d, [d.masked])[0]!,
    excluded: seats.flatMap((s, seat) => (s.excluded ? [seatOf(seat)] : [])),
    evilMonopoly: monopoly >= 0 ? seatOf(monopoly) : null,
    seats,
    counts,
    purge,
  };
}

function holdsUnmasked(s: GameState, allies: readonly CardId[], cards: readonly CardId[]): boolean {
  for (const card of cards) if (allies.includes(card) && !isMasked(s, card)) return true;
  return false;
}

/**
 * Copies of lists of distinct cards, each sorted by id (as `Array.prototype.sort()` would), by
 * placing every card at its rank instead of comparing strings: this runs every round of every
 * playout.
 */
function sortedById(s: GameState, lists: readonly (readonly CardId[])[]): CardId[][] {
  const facts = setFacts(s.cardSet);
  const { sortedIds, sortedRanks } = facts;
  const listAt = new Array<number>(sortedIds.length).fill(-1);
  const out: CardId[][] = [];
  for (let i = 0; i < lists.length; i++) {
    for (const card of lists[i]!) listAt[sortedRanks[cardNumber(facts, card)]!] = i;
    out.push([]);
  }
  for (let rank = 0; rank < sortedIds.length; rank++) if (listAt[rank]! >= 0) out[listAt[rank]!]!.push(sortedIds[rank]!);
  return out;
}

/** Counts of one seat's allies: 2s count three of their suit, masked allies one with no suit. */
function countAllies(s: GameState, facts: SetFacts, allies: readonly CardId[]): SeatScore {
  const score: SeatScore = { power: 0, wisdom: 0, love: 0, total: 0, evil: 0, masked: 0, excluded: false, met: [], fameGained: 0 };
  for (const card of allies) {
    if (s.masked.length > 0 && s.masked.includes(card)) {
      score.masked++;
      score.total++;
      continue;
    }
    const n = cardNumber(facts, card);
    const weight = facts.weights[n]!;
    const suit = facts.suits[n]!;
    score.total += weight;
    if (suit !== 'wild') score[suit] += weight;
    if (facts.evil[n]) score.evil++;
  }
  return score;
}

/** One seat's value for a condition (the seat's allies for `mostOf`). */
function valueOf(s: GameState, condition: FameCondition, score: SeatScore, seat: Seat): number {
  switch (condition.kind) {
    case 'mostSuit':
    case 'fewestSuit':
      return score[condition.suit];
    case 'mostTotal':
    case 'fewestTotal':
      return score.total;
    case 'mostEvil':
      return score.evil;
    case 'mostOf': {
      let count = 0;
      for (const c of s.allies[seat]!) if (condition.cards.includes(c) && !s.masked.includes(c)) count++;
      return count;
    }
    case 'none':
      return 0;
  }
}

/** Each seat's value for a condition, excluded seats too. */
function countsOf(s: GameState, condition: FameCondition, seats: readonly SeatScore[]): number[] {
  const out: number[] = [];
  for (let seat = seatOf(0); seat < seats.length; seat++) out.push(valueOf(s, condition, seats[seat]!, seat));
  return out;
}

/** Seats not excluded that meet a condition, in seat order; "most" needs at least one, ties share. */
function meeting(condition: FameCondition, counts: readonly number[], seats: readonly SeatScore[]): Seat[] {
  if (condition.kind === 'none') return [];
  const fewest = condition.kind === 'fewestSuit' || condition.kind === 'fewestTotal';
  let best = fewest ? Infinity : -Infinity;
  const values: number[] = [];
  for (let seat = 0; seat < seats.length; seat++) {
    const v = seats[seat]!.excluded ? NaN : counts[seat]!;
    values.push(v);
    if (fewest ? v < best : v > best) best = v;
  }
  if (best === Infinity || best === -Infinity || (!fewest && best < 1)) return [];
  const out: Seat[] = [];
  for (let seat = seatOf(0); seat < seats.length; seat++) if (values[seat] === best) out.push(seat);
  return out;
}
