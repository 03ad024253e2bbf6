// The full game state. It exists only inside the authority (the host's table, a replay, a
// bot's private simulation); what leaves it is a view (view.ts).
import type { CardSet } from './card-set/types';
import type { CardId, GameOptions, HistoryId, Seat, StrengthSuit } from './types';

/** One card played in the current meeting. */
export interface MeetingPlay {
  seat: Seat;
  card: CardId;
  /** Played face down: no suit, strength or ability during the meeting (ruling 3). */
  faceDown: boolean;
  /** Sent back to its owner's hand by a Return (7): it no longer counts in the meeting. */
  returned: boolean;
}

export interface Meeting {
  leader: Seat;
  plays: MeetingPlay[];
  /** Suit of the first non-Wild card played face up; null while only Wilds were played. */
  leadSuit: StrengthSuit | null;
  /** A Halt (5) ended the meeting before everyone played. */
  halted: boolean;
  /** Where its player sent the Demon at the end of this meeting, once chosen. */
  demonTo: Seat | null;
}

/** Abilities that wait for their player's choice. */
export type DecisionKind = 'steal' | 'discardAlly' | 'gift' | 'recall' | 'return' | 'insight' | 'mask' | 'demonChoice';

/** An ability waiting for its player's choice (ruling 7); its answers are that seat's legal actions. */
export interface Pending {
  seat: Seat;
  kind: DecisionKind;
  /** The card whose ability asks. */
  source: CardId;
}

/** What an Insight (9) showed: the target's hand at that moment, kept until the round ends. */
export interface InsightSnapshot {
  target: Seat;
  cards: CardId[];
}

/** What chance decided in one round (record-format.md `rounds[i]`). */
export interface RoundDeal {
  /** Every history card revealed, in order (also a Conversation with a Dragon put back). */
  history: HistoryId[];
  /** The five-player burned card, null otherwise. */
  burned: CardId | null;
  hands: CardId[][];
}

/** A finished meeting, kept so players can always look back at the last one. */
export interface MeetingSummary {
  leader: Seat;
  plays: MeetingPlay[];
  halted: boolean;
  winner: Seat;
  /** Where the Demon went, if it was in the meeting. */
  demonTo: Seat | null;
  /** The Dragon sent the meeting's cards to the discard pile. */
  burned: boolean;
}

/** How one seat's allies were counted at the end of a round. */
export interface SeatScore {
  power: number;
  wisdom: number;
  love: number;
  total: number;
  evil: number;
  masked: number;
  excluded: boolean;
  /** History cards whose condition this seat met. */
  met: HistoryId[];
  fameGained: number;
}

/** The end of a round: the score breakdown players can always look back at. */
export interface RoundScore {
  round: number;
  history: HistoryId[];
  /** Each seat's allies as counted (after ruling 9 a–b), sorted by card id. */
  allies: CardId[][];
  /** Allies that were masked when counted. */
  masked: CardId[];
  excluded: Seat[];
  evilMonopoly: Seat | null;
  seats: SeatScore[];
  /** For each history card of `history`, what its condition counted for each seat (excluded seats too; 0 for a card with no condition). */
  counts: number[][];
  /** Ruling 9 (b): who held an unmasked Angel and the Evil allies it discarded; null without one. */
  purge: AngelDiscard | null;
}

export interface AngelDiscard {
  seat: Seat;
  /** Every Evil ally discarded, sorted by card id. */
  discarded: CardId[];
  /** Those that were still in the seat's hand at the end (secret from the other seats). */
  fromHand: CardId[];
}

export interface DraftState {
  /** Number of actions applied so far. */
  version: number;
  players: number;
  options: GameOptions;
  cardSet: CardSet;
  /** Source of every chance the record does not fix. Never leaves the authority. */
  seed: string;
  /** The seed's ChaCha20 key (rng.ts), derived once. */
  seedKey: Uint8Array;
  /** Deals fixed by a record, by round. */
  presetRounds: RoundDeal[];
  /** What chance decided in each round played so far (goes into the record). */
  deals: RoundDeal[];
  round: number;
  historyDeck: HistoryId[];
  historyUsed: HistoryId[];
  /** History cards revealed this round and lying on the table. */
  historyRevealed: HistoryId[];
  /** History cards whose conditions apply this round, in order (includes recalled ones). */
  historyActive: HistoryId[];
  /** The cards active last round, for Conversation with a Dragon. */
  historyPrevious: HistoryId[];
  themeCard: CardId;
  startSeat: Seat;
  burned: CardId | null;
  hands: CardId[][];
  allies: CardId[][];
  /** Allies turned face down by the Fool (a public flag, not hidden information). */
  masked: CardId[];
  discard: CardId[];
  meeting: Meeting;
  /** Meetings finished this round. */
  meetingsPlayed: number;
  pending: Pending | null;
  insights: (InsightSnapshot | null)[];
  fame: number[];
  lastMeeting: MeetingSummary | null;
  lastRound: RoundScore | null;
  over: boolean;
  winners: Seat[];
}

// Primitives first: a branded id (src/shared/ids.ts) is a primitive and an object at once.
export type DeepReadonly<T> = T extends CardSet | Uint8Array | string | number | boolean
  ? T
  : T extends (infer U)[]
    ? readonly DeepReadonly<U>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

/** The game state as everyone outside the engine sees it: never mutated, only replaced. */
export type GameState = DeepReadonly<DraftState>;

/**
 * A private copy the engine may change; the input state is left untouched. Fields not copied
 * here (the history piles, deals, lastMeeting, lastRound, winners, …) are only ever replaced,
 * never edited.
 */
export function draftOf(s: GameState): DraftState {
  // Written out field by field: one object shape keeps this hot path fast.
  const m = s.meeting;
  return {
    version: s.version,
    players: s.players,
    options: s.options,
    cardSet: s.cardSet,
    seed: s.seed,
    seedKey: s.seedKey,
    presetRounds: s.presetRounds as DraftState['presetRounds'],
    deals: s.deals as DraftState['deals'],
    round: s.round,
    historyDeck: s.historyDeck as DraftState['historyDeck'],
    historyUsed: s.historyUsed as DraftState['historyUsed'],
    historyRevealed: s.historyRevealed as DraftState['historyRevealed'],
    historyActive: s.historyActive as DraftState['historyActive'],
    historyPrevious: s.historyPrevious as DraftState['historyPrevious'],
    themeCard: s.themeCard,
    startSeat: s.startSeat,
    burned: s.burned,
    hands: copyLists(s.hands),
    allies: copyLists(s.allies),
    masked: s.masked.slice(),
    discard: s.discard.slice(),
    meeting: { leader: m.leader, plays: m.plays.map(copyPlay), leadSuit: m.leadSuit, halted: m.halted, demonTo: m.demonTo },
    meetingsPlayed: s.meetingsPlayed,
    pending: s.pending && { seat: s.pending.seat, kind: s.pending.kind, source: s.pending.source },
    insights: s.insights.slice() as DraftState['insights'], // snapshots are replaced, never edited
    fame: s.fame.slice(),
    lastMeeting: s.lastMeeting as DraftState['lastMeeting'],
    lastRound: s.lastRound as DraftState['lastRound'],
    over: s.over,
    winners: s.winners as DraftState['winners'],
  };
}

function copyLists<T>(lists: readonly (readonly T[])[]): T[][] {
  const out = new Array<T[]>(lists.length);
  for (let i = 0; i < lists.length; i++) out[i] = lists[i]!.slice();
  return out;
}

const copyPlay = (p: GameState['meeting']['plays'][number]): MeetingPlay => ({
  seat: p.seat,
  card: p.card,
  faceDown: p.faceDown,
  returned: p.returned,
});
