// The end of a round (ruling 9): hands join allies, the Angel purges Evil, the Evil monopoly,
// exclusion, and the Fame of each history card in play.
import type { FameCondition } from './card-set/types';
import { defOf, isEvilAlly, setFacts } from './cards';
import type { AngelDiscard, DraftState, GameState, RoundScore, SeatScore } from './state';
import type { CardId, Seat } from './types';

export function scoreRound(d: DraftState): RoundScore {
  const inHand = new Set(d.hands.flat());
  // (a) cards left in hands join their owners' allies.
  d.hands.forEach((hand, seat) => {
    d.allies[seat]!.push(...hand);
    d.hands[seat] = [];
  });
  // (b) the holder of an unmasked Angel discards their Evil allies.
  const { evilCount, purgers } = setFacts(d.cardSet);
  let purge: AngelDiscard | null = null;
  d.allies.forEach((allies, seat) => {
    if (!purgers.some((c) => allies.includes(c) && !d.masked.includes(c))) return;
    const evil = allies.filter((c) => isEvilAlly(d, c));
    d.allies[seat] = allies.filter((c) => !evil.includes(c));
    d.discard.push(...evil);
    const discarded = evil.slice().sort();
    purge = { seat, discarded, fromHand: discarded.filter((c) => inHand.has(c)) };
  });

  const seats = d.allies.map((allies) => countAllies(d, allies));
  // (c) one seat holding every Evil card gains 2 and nobody else gains any.
  const monopoly = seats.findIndex((s) => s.evil === evilCount);
  const evilAllowed = d.historyActive.some((h) => d.cardSet.historyById.get(h)!.effect.kind === 'evilAllowed');
  if (monopoly >= 0) {
    seats[monopoly]!.fameGained = 2;
  } else {
    // (d) Evil allies exclude their holder, except under A Time of Darkness.
    for (const s of seats) s.excluded = !evilAllowed && s.evil > 0;
    // (e) each history card in play awards 1 Fame to each remaining seat meeting its condition.
    for (const h of d.historyActive) {
      for (const seat of meeting(d, d.cardSet.historyById.get(h)!.condition, seats)) {
        seats[seat]!.met.push(h);
        seats[seat]!.fameGained++;
      }
    }
  }
  seats.forEach((s, seat) => (d.fame[seat]! += s.fameGained));

  return {
    round: d.round,
    history: d.historyActive.slice(),
    allies: sortedById(d, d.allies),
    masked: sortedById(d, [d.masked])[0]!,
    excluded: seats.flatMap((s, seat) => (s.excluded ? [seat] : [])),
    evilMonopoly: monopoly >= 0 ? monopoly : null,
    seats,
    purge,
  };
}

/**
 * Copies of lists of distinct cards, each sorted by id (as `Array.prototype.sort()` would), by
 * placing every card at its rank instead of comparing strings: this runs every round of every
 * playout.
 */
function sortedById(s: GameState, lists: readonly (readonly CardId[])[]): CardId[][] {
  const { sortedIds, sortedIndex } = setFacts(s.cardSet);
  const listAt = new Int8Array(sortedIds.length).fill(-1);
  lists.forEach((list, i) => {
    for (const card of list) listAt[sortedIndex.get(card)!] = i;
  });
  const out = lists.map((): CardId[] => []);
  for (let rank = 0; rank < sortedIds.length; rank++) if (listAt[rank]! >= 0) out[listAt[rank]!]!.push(sortedIds[rank]!);
  return out;
}

/** Counts of one seat's allies: 2s count three of their suit, masked allies one with no suit. */
function countAllies(s: GameState, allies: readonly CardId[]): SeatScore {
  const score: SeatScore = { power: 0, wisdom: 0, love: 0, total: 0, evil: 0, masked: 0, excluded: false, met: [], fameGained: 0 };
  for (const card of allies) {
    if (s.masked.includes(card)) {
      score.masked++;
      score.total++;
      continue;
    }
    const def = defOf(s, card);
    const weight = def.effect.kind === 'countsAs' ? def.effect.count : 1;
    score.total += weight;
    if (def.suit !== 'wild') score[def.suit] += weight;
    if (def.evil) score.evil++;
  }
  return score;
}

/** Seats not excluded that meet a condition; "most" needs at least one, ties share. */
function meeting(s: GameState, condition: FameCondition, seats: readonly SeatScore[]): Seat[] {
  const value = (seat: Seat): number => {
    const sc = seats[seat]!;
    switch (condition.kind) {
      case 'mostSuit':
      case 'fewestSuit':
        return sc[condition.suit];
      case 'mostTotal':
      case 'fewestTotal':
        return sc.total;
      case 'mostEvil':
        return sc.evil;
      case 'mostOf':
        return s.allies[seat]!.filter((c) => condition.cards.includes(c) && !s.masked.includes(c)).length;
      case 'none':
        return 0;
    }
  };
  if (condition.kind === 'none') return [];
  const eligible = seats.flatMap((sc, seat) => (sc.excluded ? [] : [seat]));
  if (eligible.length === 0) return [];
  const values = eligible.map(value);
  const fewest = condition.kind === 'fewestSuit' || condition.kind === 'fewestTotal';
  const best = fewest ? Math.min(...values) : Math.max(...values);
  if (!fewest && best < 1) return [];
  return eligible.filter((_, i) => values[i] === best);
}
