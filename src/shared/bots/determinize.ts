// Determinization: turn one seat's view into full game states it cannot tell apart from the
// real one. The cards it cannot see are dealt at random into the places they may be (other
// hands, face-down cards in the meeting, unseen discards), respecting what the seat knows:
// hand sizes, suits a player showed they lack, cards known to be in a hand (Insight, Return,
// Recall), that a face-down card is never a Wild nor of the lead suit, and that one a Return
// sent back is in its owner's hand.
//
// The state is built on top of a fresh `newGame` of the same table, so every engine field the
// view says nothing about (seed, key, piles) has a valid value; everything the view does say
// overwrites it. Only this module knows the shape of DraftState.
import type { CardSet } from '../rules/card-set/types';
import { newGame } from '../rules/engine';
import type { DraftState, GameState, MeetingPlay } from '../rules/state';
import type { CardId, HistoryId, Seat } from '../rules/types';
import type { PlayerView } from '../rules/view';
import { type BotCards, WILD, suitIndex } from './cards';
import type { Knowledge } from './knowledge';
import type { BotRng } from './prng';
import { cardIdOf, seatOf } from '../ids';

/** The hidden cards of one sampled world. */
export interface Hidden {
  /** Every hand; the viewer's is its own. */
  readonly hands: CardId[][];
  /** Face-down cards of other seats in the meeting, by play index. */
  readonly faceDown: ReadonlyMap<number, CardId>;
  /** The whole discard pile (identified and sampled cards), its visible top last. */
  readonly discard: CardId[];
}

interface Group {
  /** Seat whose place this is, -1 for the discard pile. */
  seat: Seat | -1;
  cap: number;
  /** Bit per suit index a card here may not have. */
  forbid: number;
  /** Play index for a face-down card. */
  play: number;
  cards: CardId[];
}

/** Cards in the seat's sight: hand, allies, meeting, discards it identified. */
function locatedFromView(view: PlayerView): Set<CardId> {
  const out = new Set<CardId>(view.hand ?? []);
  for (const a of view.allies) for (const c of a) out.add(c);
  for (const p of view.meeting.plays) if (p.card && !p.returned) out.add(p.card);
  if (view.discardTop) out.add(view.discardTop);
  if (view.burned) out.add(view.burned);
  return out;
}

/** Deal the unseen cards of `view` into one world consistent with what the seat knows. */
export function sampleHidden(view: PlayerView, cards: BotCards, knowledge: Knowledge | null, rng: BotRng): Hidden {
  const me = view.viewer as Seat;
  const groups: Group[] = [];
  const handOf: Group[] = [];
  const lead = suitIndex(view.meeting.leadSuit);
  for (let s = seatOf(0); s < view.players; s++) {
    const g: Group = { seat: s, cap: s === me ? 0 : view.handCounts[s]!, forbid: knowledge?.voids[s] ?? 0, play: -1, cards: [] };
    handOf.push(g);
    if (s !== me) groups.push(g);
  }
  view.meeting.plays.forEach((p, i) => {
    if (p.card !== null) return;
    groups.push({ seat: p.seat, cap: 1, forbid: (1 << WILD) | (lead >= 0 ? 1 << lead : 0), play: i, cards: [] });
    // A face-down card a Return sent back (ruling 14) is one of the hand's cards: the same
    // card fills both places (added to the hand below).
    if (p.returned) handOf[p.seat]!.cap--;
  });
  const slots = groups.reduce((n, g) => n + g.cap, 0);

  let unseen: CardId[] = knowledge ? knowledge.unseen(view) : [];
  let known: CardId[] = knowledge ? [...knowledge.discarded] : [];
  if (!knowledge || unseen.length < slots) {
    const located = locatedFromView(view);
    unseen = cards.all.filter((c) => !located.has(c.id)).map((c) => c.id);
    known = [view.burned, view.discardTop].filter((c): c is CardId => c !== null && c !== undefined);
    known = [...new Set(known)];
  }
  const discard: Group = { seat: -1, cap: unseen.length - slots, forbid: 0, play: -1, cards: [] };
  if (discard.cap < 0) throw new Error(`determinize: ${slots} hidden places for ${unseen.length} unseen cards`);
  groups.push(discard);

  // Pinned cards first (where the seat knows they are), unless that leaves no fitting deal; then
  // the rest card by card, each to a random free place among those that keep a deal possible
  // (Hall's condition over the four suits), so the sampler never dead-ends.
  for (const mode of ['all', 'noVoids', 'noPins'] as const) {
    for (const g of groups) g.cards = [];
    const free: CardId[] = [];
    const pins = new Map<Seat, CardId[]>();
    for (const card of unseen) {
      const seat = mode === 'noPins' ? undefined : knowledge?.pinned.get(card);
      if (seat !== undefined && seat !== me && seat < view.players) {
        const list = pins.get(seat) ?? [];
        list.push(card);
        pins.set(seat, list);
      } else free.push(card);
    }
    for (const [seat, cardsOf] of pins) {
      const list = rng.shuffled(cardsOf);
      const hand = handOf[seat]!;
      // A face-down card of this seat may be one of its known cards: as likely as any other.
      const fd = groups.find((g) => g.play >= 0 && g.seat === seat);
      if (fd) {
        const fits = list.filter((c) => !(fd.forbid & (1 << cards.info(c).suit)));
        const others = list.length > hand.cap ? 0 : hand.cap + 1 - list.length;
        const k = fits.length + others > 0 ? rng.below(fits.length + others) : -1;
        if (k >= 0 && k < fits.length) {
          fd.cards.push(fits[k]!);
          list.splice(list.indexOf(fits[k]!), 1);
        }
      }
      for (const card of list) {
        if (hand.cards.length < hand.cap) hand.cards.push(card);
        else free.push(card);
      }
    }
    const allow = groups.map((g) => (g.play < 0 && mode !== 'all' ? 0b1111 : 0b1111 & ~g.forbid));
    const left = [0, 0, 0, 0];
    for (const card of free) left[cards.info(card).suit]!++;
    const feasible = (): boolean => {
      for (let set = 1; set < 16; set++) {
        let need = 0;
        for (let t = 0; t < 4; t++) if (set & (1 << t)) need += left[t]!;
        if (need === 0) continue;
        let room = 0;
        groups.forEach((g, i) => {
          if (allow[i]! & set) room += g.cap - g.cards.length;
        });
        if (need > room) return false;
      }
      return true;
    };
    if (!feasible()) continue;
    for (const card of rng.shuffled(free)) {
      const t = cards.info(card).suit;
      const bit = 1 << t;
      left[t]!--;
      // Places weighted by their free room, tried in a random order until one keeps a deal possible.
      const options: number[] = [];
      groups.forEach((g, i) => {
        if (allow[i]! & bit) for (let k = g.cards.length; k < g.cap; k++) options.push(i);
      });
      let placed = false;
      for (let n = options.length; n > 0 && !placed; n--) {
        const at = rng.below(n);
        const i = options[at]!;
        options[at] = options[n - 1]!;
        const g = groups[i]!;
        if (g.cards.length >= g.cap) continue;
        g.cards.push(card);
        if (feasible()) placed = true;
        else g.cards.pop();
      }
      if (!placed) throw new Error('determinize: sampler dead end (a bug)');
    }
    const hands = handOf.map((g) => (g.seat === me ? (view.hand ?? []).slice() : g.cards));
    const faceDown = new Map<number, CardId>();
    for (const g of groups) {
      if (g.play < 0) continue;
      faceDown.set(g.play, g.cards[0]!);
      if (view.meeting.plays[g.play]!.returned) hands[g.seat]!.push(g.cards[0]!);
    }
    const top = view.discardTop;
    const pile = [...known.filter((c) => c !== top), ...discard.cards];
    if (top) pile.push(top);
    return { hands, faceDown, discard: pile };
  }
  throw new Error('determinize: no deal fits what the seat can see');
}

/** A fresh game of the same table: the base every sampled state is built on. */
export function templateFor(view: PlayerView, cardSet: CardSet): GameState {
  const r = newGame({ players: view.players, seed: `bot-template-${view.players}`, options: view.options, cardSet });
  if (!r.ok) throw new Error(`determinize: ${r.error.message}`);
  return r.value.state;
}

/**
 * A full state matching `view` with the hidden cards of `hidden`. `meetingsSeen` (from the
 * seat's memory) only matters to tell the round's first lead from the others.
 */
export function buildState(view: PlayerView, hidden: Hidden, template: GameState, cards: BotCards, rng: BotRng, meetingsSeen = 0): DraftState {
  const base = template as DraftState;
  const plays: MeetingPlay[] = view.meeting.plays.map((p, i) => ({
    seat: p.seat,
    card: p.card ?? hidden.faceDown.get(i)!,
    faceDown: p.faceDown,
    returned: p.returned,
  }));
  const toAct = view.toAct;
  let pending: DraftState['pending'] = null;
  if (toAct && toAct.kind !== 'play') {
    let source: CardId;
    if (toAct.kind === 'demonChoice') source = cards.demon!;
    else {
      const own = plays.filter((p) => p.seat === toAct.seat && !p.faceDown);
      source = own.length > 0 ? own[own.length - 1]!.card : NO_CARD;
    }
    pending = { seat: toAct.seat, kind: toAct.kind, source };
  }
  const halted = toAct?.kind === 'demonChoice' && plays.length < view.players;

  // The history piles: what is not in play is in the deck or used, in unknown order.
  const active = view.history.slice();
  const rest = rng.shuffled(cards.set.history.map((h) => h.id).filter((h) => !active.includes(h)));
  const deckCount = Math.min(view.historyDeckCount, rest.length);
  const historyDeck: HistoryId[] = rest.slice(0, deckCount);
  const historyUsed: HistoryId[] = rest.slice(deckCount);

  const insights: DraftState['insights'] = new Array(view.players).fill(null);
  const me = view.viewer as Seat;
  if (view.insight) insights[me] = { target: view.insight.target, cards: view.insight.cards.slice() };

  return {
    ...base,
    version: view.version,
    presetRounds: [],
    deals: [],
    round: view.round,
    historyDeck,
    historyUsed,
    historyRevealed: active.slice(),
    historyActive: active,
    historyPrevious: view.lastRound ? view.lastRound.history.slice() : [],
    themeCard: view.themeCard,
    startSeat: view.startSeat,
    burned: view.burned,
    hands: hidden.hands.map((h) => h.slice()),
    allies: view.allies.map((a) => a.slice()),
    masked: view.masked.slice(),
    discard: hidden.discard.slice(),
    meeting: { leader: view.meeting.leader, plays, leadSuit: view.meeting.leadSuit, halted, demonTo: null },
    meetingsPlayed: view.lastMeeting ? Math.max(1, meetingsSeen) : 0,
    pending,
    insights,
    fame: view.fame.slice(),
    // Shown back only: a face-down card a Return sent back is hidden in the view and stays
    // unknown here ('' is no card; the view hides it again).
    lastMeeting: view.lastMeeting && { ...view.lastMeeting, plays: view.lastMeeting.plays.map((p) => ({ ...p, card: p.card ?? NO_CARD })) },
    // The view keeps the last round's counts only; the engine only shows them back.
    lastRound: view.lastRound && {
      ...view.lastRound,
      history: view.lastRound.history.slice(),
      excluded: view.lastRound.excluded.slice(),
      seats: view.lastRound.seats.map((seat) => ({ ...seat, met: seat.met.slice() })),
      counts: view.lastRound.counts.map((c) => c.slice()),
      allies: [],
      masked: [],
      // The Angel's discards, by count only ('' is no card).
      purge: view.lastRound.purge && { seat: view.lastRound.purge.seat, discarded: unknownCards(view.lastRound.purge.count), fromHand: [] },
    },
    over: view.over,
    winners: view.winners.slice(),
  };
}

const unknownCards = (n: number): CardId[] => Array.from({ length: n }, () => NO_CARD);
/** No card: the place of a card the view hides. */
const NO_CARD = cardIdOf('');
