// The only projection of hidden information: what one seat (or a spectator) may know.
// A seat sees its own hand and Insight snapshot, face-down plays only if they are its own,
// counts for other hands, and every public zone. The seed and the deck never leave.
import type { Action } from './actions';
import { type AllyStack, allyStacks } from './ally-stacks';
import { type UnplayableCode, legalActions, unplayableCards } from './engine';
import { answersAsSeen } from './place';
import { roundBegun, seatToPlay, themeCardMustOpen } from './play';
import type { GameEvent, MeetingReason } from './events';
import type { DecisionKind, DeepReadonly, GameState, InsightSnapshot, MeetingSummary, RoundScore, SeatScore } from './state';
import type { CardId, GameOptions, HistoryId, Seat, StrengthSuit } from './types';

export type Viewer = Seat | 'spectator';

export interface PlayView {
  readonly seat: Seat;
  /** null when played face down by another seat. */
  readonly card: CardId | null;
  readonly faceDown: boolean;
  readonly returned: boolean;
}

/** The round's score breakdown, as counts (its cards are dealt again by now). */
export interface RoundScoreView {
  readonly round: number;
  readonly history: readonly HistoryId[];
  readonly excluded: readonly Seat[];
  readonly evilMonopoly: Seat | null;
  readonly seats: readonly DeepReadonly<SeatScore>[];
  /** For each history card of `history`, what its condition counted for each seat. */
  readonly counts: readonly (readonly number[])[];
  /** Who held an unmasked Angel, and how many Evil allies it discarded (ruling 9 b). */
  readonly purge: { readonly seat: Seat; readonly count: number } | null;
}

export interface PlayerView {
  readonly viewer: Viewer;
  /** Increases with every applied action; intents quote it. */
  readonly version: number;
  readonly players: number;
  readonly options: GameOptions;
  readonly cardSetId: string;
  readonly round: number;
  /** History cards in play this round, in order. */
  readonly history: readonly HistoryId[];
  readonly themeCard: CardId;
  readonly startSeat: Seat;
  readonly historyDeckCount: number;
  readonly burned: CardId | null;
  /** Your hand; null for a spectator. */
  readonly hand: readonly CardId[] | null;
  readonly handCounts: readonly number[];
  readonly allies: readonly (readonly CardId[])[];
  readonly masked: readonly CardId[];
  /** Each seat's allies as the round's end counts them: by suit, a 2 counting three, masked ones apart. */
  readonly allyStacks: readonly (readonly AllyStack[])[];
  /** Only the top of the discard pile is visible. */
  readonly discardTop: CardId | null;
  readonly discardCount: number;
  readonly meeting: {
    readonly leader: Seat;
    readonly leadSuit: StrengthSuit | null;
    readonly plays: readonly PlayView[];
  };
  /** A card of this round has been played (a meeting the Dragon burned counts): the engine's own reading. */
  readonly roundBegun: boolean;
  /** The next card must be the theme card (the table's option, and the round has not begun). */
  readonly themeCardMustOpen: boolean;
  /** Who must act and how; null when the game is over. */
  readonly toAct: { readonly seat: Seat; readonly kind: 'play' | DecisionKind } | null;
  /** Your legal actions (empty unless you must act). */
  readonly legalActions: readonly Action[];
  /** The cards of your hand you cannot play now, each with why (empty for a spectator). */
  readonly unplayable: Readonly<Record<CardId, UnplayableCode>>;
  /** What your Insight showed you this round. */
  readonly insight: DeepReadonly<InsightSnapshot> | null;
  readonly fame: readonly number[];
  readonly lastMeeting: MeetingSummaryView | null;
  readonly lastRound: RoundScoreView | null;
  readonly over: boolean;
  readonly winners: readonly Seat[];
}

export function viewFor(s: GameState, viewer: Viewer): PlayerView {
  return viewOf(s, viewer, allyStacksOf(s));
}

/**
 * The views of one state for several viewers: the parts worked out for all of them alike (the
 * ally stacks) are the very same objects in each, so the host serialises them once.
 */
export function viewsFor(s: GameState, viewers: readonly Viewer[]): PlayerView[] {
  const stacks = allyStacksOf(s);
  return viewers.map((viewer) => viewOf(s, viewer, stacks));
}

const allyStacksOf = (s: GameState): AllyStack[][] => s.allies.map((allies) => allyStacks(s, allies));

function viewOf(s: GameState, viewer: Viewer, stacks: PlayerView['allyStacks']): PlayerView {
  const seat = viewer === 'spectator' ? null : viewer;
  const last = s.lastRound;
  return {
    viewer,
    version: s.version,
    players: s.players,
    options: s.options,
    cardSetId: s.cardSet.id,
    round: s.round,
    history: s.historyActive,
    themeCard: s.themeCard,
    startSeat: s.startSeat,
    historyDeckCount: s.historyDeck.length,
    burned: s.burned,
    hand: seat === null ? null : s.hands[seat]!,
    handCounts: s.hands.map((h) => h.length),
    allies: s.allies,
    masked: s.masked,
    allyStacks: stacks,
    discardTop: s.discard.at(-1) ?? null,
    discardCount: s.discard.length,
    meeting: {
      leader: s.meeting.leader,
      leadSuit: s.meeting.leadSuit,
      plays: s.meeting.plays.map((p) => ({ ...p, card: p.faceDown && p.seat !== seat ? null : p.card })),
    },
    roundBegun: roundBegun(s),
    themeCardMustOpen: themeCardMustOpen(s),
    toAct: toActOf(s),
    legalActions: seat === null ? [] : answersAsSeen(s, seat, legalActions(s, seat)),
    unplayable: seat === null ? {} : unplayableCards(s, seat),
    insight: seat === null ? null : s.insights[seat]!,
    fame: s.fame,
    lastMeeting: s.lastMeeting && summaryFor(s.lastMeeting, seat),
    lastRound: last && scoreFor(last),
    over: s.over,
    winners: s.winners,
  };
}

/** A round's score as counts: its cards are dealt again by the time a view shows it. */
function scoreFor(score: DeepReadonly<RoundScore>): RoundScoreView {
  const { purge } = score;
  return {
    round: score.round,
    history: score.history,
    excluded: score.excluded,
    evilMonopoly: score.evilMonopoly,
    seats: score.seats,
    counts: score.counts,
    purge: purge && { seat: purge.seat, count: purge.discarded.length },
  };
}

/** `m` with the face-down cards Returns sent back hidden from all but their owners (ruling 14). */
function summaryFor(m: DeepReadonly<MeetingSummary>, seat: Seat | null): MeetingSummaryView {
  if (!m.plays.some((p) => p.faceDown && p.returned && p.seat !== seat)) return m;
  return { ...m, plays: m.plays.map((p) => (p.faceDown && p.returned && p.seat !== seat ? { ...p, card: null } : p)) };
}

/** Who must act now and how; null when the game is over. */
export function toActOf(s: GameState): PlayerView['toAct'] {
  if (s.over) return null;
  return s.pending ? { seat: s.pending.seat, kind: s.pending.kind } : { seat: seatToPlay(s), kind: 'play' };
}

/** A finished meeting as one viewer may know it: a face-down card a Return sent back stays hidden. */
export interface MeetingSummaryView extends Omit<DeepReadonly<MeetingSummary>, 'plays'> {
  readonly plays: readonly PlayView[];
}

/** An event as one viewer may learn it. */
export type VisibleEvent =
  | Exclude<GameEvent, { type: 'dealt' } | { type: 'roundScored' } | { type: 'meetingEnded' }>
  | { readonly type: 'dealt'; readonly hand: readonly CardId[] | null; readonly handCounts: readonly number[] }
  | { readonly type: 'meetingEnded'; readonly meeting: MeetingSummaryView; readonly reason: MeetingReason }
  | {
      readonly type: 'roundScored';
      readonly score: RoundScoreView;
      readonly fame: readonly number[];
      /**
       * The Angel's discards this viewer may know: those among the allies on the table, and
       * those from a hand to that hand's holder only (the others count in `score.purge`).
       * Only the event names them: by the next view the cards are dealt again.
       */
      readonly purged: readonly CardId[];
    };

/**
 * The one redaction of events, the same rules as `viewFor`: another seat's hand, a face-down
 * play of another seat, and a face-down card a Return sent back (ruling 14) never reach a
 * viewer who may not see them. Insight snapshots are never in events (the view carries the
 * viewer's own).
 */
export function redactEvent(e: GameEvent, viewer: Viewer): VisibleEvent {
  switch (e.type) {
    case 'dealt':
      return { type: 'dealt', hand: viewer === 'spectator' ? null : e.hands[viewer]!, handCounts: e.hands.map((h) => h.length) };
    case 'cardPlayed':
      return e.faceDown && e.seat !== viewer ? { ...e, card: null } : e;
    case 'abilityUsed': {
      if (e.faceDownOwner === undefined || e.faceDownOwner === viewer) return e;
      const { card: _card, ...choice } = e.choice;
      return { ...e, choice };
    }
    case 'meetingEnded':
      return { type: 'meetingEnded', meeting: summaryFor(e.meeting, viewer === 'spectator' ? null : viewer), reason: e.reason };
    case 'roundScored': {
      const { purge } = e.score;
      const purged = purge ? purge.discarded.filter((c) => purge.seat === viewer || !purge.fromHand.includes(c)) : [];
      return { type: 'roundScored', score: scoreFor(e.score), fame: e.fame, purged };
    }
    default:
      return e;
  }
}
