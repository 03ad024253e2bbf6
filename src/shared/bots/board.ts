// The board: the table as one seat sees it, in the form the hand-written policies read: built from a
// PlayerView plus what the seat remembers (live play), or from a simulated state for the seat
// to act (the Master's playouts, where every seat plays from its own cards and public zones).
import type { Action } from '../rules/actions';
import type { DecisionKind, GameState } from '../rules/state';
import type { CardId, Seat } from '../rules/types';
import type { PlayerView } from '../rules/view';
import { legalActions } from '../rules/engine';
import { answersAsSeen } from '../rules/place';
import { type BotCards, type Goals, type SuitIndex, goalsOf, suitIndex } from './cards';
import type { Knowledge } from './knowledge';
import { seatOf } from '../ids';

export interface BoardPlay {
  readonly seat: Seat;
  /** null: face down and not ours. */
  readonly card: CardId | null;
  readonly faceDown: boolean;
  readonly returned: boolean;
}

export interface Board {
  readonly cards: BotCards;
  readonly goals: Goals;
  readonly me: Seat;
  readonly players: number;
  readonly hand: readonly CardId[];
  readonly handCounts: readonly number[];
  readonly allies: readonly (readonly CardId[])[];
  readonly masked: readonly CardId[];
  readonly leader: Seat;
  readonly leadSuit: SuitIndex | -1;
  readonly plays: readonly BoardPlay[];
  readonly fame: readonly number[];
  readonly kind: 'play' | DecisionKind;
  readonly legal: readonly Action[];
  /** Cards whose place this seat cannot see (other hands, face-down plays, unseen discards). */
  readonly unseen: readonly CardId[];
  /** Per seat, a bit per suit index it is known to lack. */
  readonly voids: readonly number[];
}

export function boardFromView(view: PlayerView, cards: BotCards, knowledge: Knowledge | null): Board {
  const me = view.viewer === 'spectator' ? seatOf(-1) : view.viewer; // -1: no seat of its own
  const unseen = knowledge ? knowledge.unseen(view) : unseenFromView(view, cards);
  return {
    cards,
    goals: goalsOf(cards, view.history),
    me,
    players: view.players,
    hand: view.hand ?? [],
    handCounts: view.handCounts,
    allies: view.allies,
    masked: view.masked,
    leader: view.meeting.leader,
    leadSuit: suitIndex(view.meeting.leadSuit),
    plays: view.meeting.plays,
    fame: view.fame,
    kind: view.toAct?.kind ?? 'play',
    legal: view.legalActions,
    unseen,
    voids: knowledge ? knowledge.voids : new Array<number>(view.players).fill(0),
  };
}

function unseenFromView(view: PlayerView, cards: BotCards): CardId[] {
  const located = new Set<CardId>(view.hand ?? []);
  for (const a of view.allies) for (const c of a) located.add(c);
  for (const p of view.meeting.plays) if (p.card && !p.returned) located.add(p.card);
  if (view.discardTop) located.add(view.discardTop);
  if (view.burned) located.add(view.burned);
  return cards.all.filter((c) => !located.has(c.id)).map((c) => c.id);
}

const NO_VOIDS: readonly number[] = [0, 0, 0, 0, 0, 0];

/**
 * The seat to act in a simulated state, as it would see it (its hand, the public zones, the
 * other hands as unknown). Face-down cards of other seats are hidden from it.
 */
export function boardFromState(s: GameState, seat: Seat, cards: BotCards, goals: Goals | null, legal?: readonly Action[]): Board {
  const unseen: CardId[] = [];
  for (let o = 0; o < s.players; o++) if (o !== seat) for (const c of s.hands[o]!) unseen.push(c);
  const plays: BoardPlay[] = [];
  for (const p of s.meeting.plays) {
    const hidden = p.faceDown && p.seat !== seat;
    if (hidden) unseen.push(p.card);
    plays.push(hidden ? { seat: p.seat, card: null, faceDown: true, returned: p.returned } : p);
  }
  return {
    cards,
    goals: goals ?? goalsOf(cards, s.historyActive),
    me: seat,
    players: s.players,
    hand: s.hands[seat]!,
    handCounts: s.hands.map((h) => h.length),
    allies: s.allies,
    masked: s.masked,
    leader: s.meeting.leader,
    leadSuit: suitIndex(s.meeting.leadSuit),
    plays,
    fame: s.fame,
    kind: s.pending ? s.pending.kind : 'play',
    // As the seat would be offered them: a face-down card by its place (ruling 14).
    legal: answersAsSeen(s, seat, (legal ?? legalActions(s, seat)) as Action[]),
    unseen,
    voids: NO_VOIDS,
  };
}
