// The engine contract: newGame, currentDecider, legalActions, applyAction. Pure and
// deterministic; every chance comes from the seed or from deals fixed by a record.
import { type Action, type Choice, isPlay } from './actions';
import { DEFAULT_CARD_SET } from './card-set/default-set';
import type { CardSet } from './card-set/types';
import { startRound } from './deal';
import { DealError } from './deal-error';
import { cardNumber, isBuiltPlay, setFacts } from './set-facts';
import { DECISIONS } from './effects/registry';
import { type RuleError, type RuleErrorCode, ruleError } from './errors';
import type { GameEvent } from './events';
import { endMeeting, meetingComplete } from './meeting';
import { checkPlay, legalPlays, playCard, seatToPlay } from './play';
import { type Result, err, ok } from './result';
import { Rng, Stream, seedKey } from './rng';
import { endRoundIfHandEmpty } from './round';
import { type DraftState, type GameState, type RoundDeal, draftOf } from './state';
import { type CardId, DEFAULT_OPTIONS, type GameOptions, MAX_PLAYERS, MIN_PLAYERS, type Seat } from './types';
import { ACTION_KEYS } from './schemas';
import { cardIdOf, seatOf } from '../ids';

export interface GameSetup {
  readonly players: number;
  readonly options?: Partial<GameOptions>;
  readonly cardSet?: CardSet;
  /** Source of every chance not fixed by `rounds`. Live games use a cryptographic random seed. */
  readonly seed: string;
  /** Deals fixed in advance, by round (a record's `rounds`, or a test's stacked deck). */
  readonly rounds?: readonly RoundDeal[];
}

export interface Applied {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

export function newGame(setup: GameSetup): Result<Applied, RuleError> {
  const { players, seed } = setup;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    return err(ruleError('MALFORMED_ACTION', `a game has ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players}`));
  }
  const cardSet = setup.cardSet ?? DEFAULT_CARD_SET;
  const key = seedKey(seed);
  const d: DraftState = {
    version: 0,
    players,
    options: { ...DEFAULT_OPTIONS, ...setup.options },
    cardSet,
    seed,
    seedKey: key,
    presetRounds: (setup.rounds ?? []).map((r) => ({ ...r, hands: r.hands.map((h) => h.slice()) })),
    deals: [],
    round: 0,
    historyDeck: new Rng(key, Stream.HistoryDeck).shuffle(cardSet.history.map((h) => h.id)),
    historyUsed: [],
    historyRevealed: [],
    historyActive: [],
    historyPrevious: [],
    themeCard: cardIdOf(''),
    startSeat: seatOf(0),
    burned: null,
    hands: [],
    allies: [],
    masked: [],
    discard: [],
    meeting: { leader: seatOf(0), plays: [], leadSuit: null, halted: false, demonTo: null },
    meetingsPlayed: 0,
    pending: null,
    insights: [],
    fame: Array.from({ length: players }, () => 0),
    lastMeeting: null,
    lastRound: null,
    over: false,
    winners: [],
  };
  const events: GameEvent[] = [];
  return withDealErrors(() => {
    startRound(d, events);
    return ok({ state: d, events });
  });
}

/** The seat that must act now, or null when the game is over. */
export function currentDecider(s: GameState): Seat | null {
  if (s.over) return null;
  return s.pending ? s.pending.seat : seatToPlay(s);
}

/** Every legal action of `seat`: empty unless it is that seat's decision. */
export function legalActions(s: GameState, seat: Seat): Action[] {
  if (currentDecider(s) !== seat) return [];
  if (!s.pending) return legalPlays(s);
  return decisionChoices(s).map((choose) => ({ seat, choose }));
}

/** Why a card of one's hand cannot be played now: the code `applyAction` refuses its play with. */
export type UnplayableCode = Extract<RuleErrorCode, 'GAME_OVER' | 'NOT_YOUR_TURN' | 'DECISION_PENDING' | 'THEME_CARD_MUST_OPEN' | 'MUST_FOLLOW_SUIT'>;
const UNPLAYABLE_CODES: readonly RuleErrorCode[] = ['GAME_OVER', 'NOT_YOUR_TURN', 'DECISION_PENDING', 'THEME_CARD_MUST_OPEN', 'MUST_FOLLOW_SUIT'];

/**
 * The cards of `seat`'s hand it may play neither face up nor face down now, each with the code
 * its face-up play is refused with: the same refusal `applyAction` gives, so a screen saying
 * why a card can't be played says what the engine would answer.
 */
export function unplayableCards(s: GameState, seat: Seat): Record<CardId, UnplayableCode> {
  const facts = setFacts(s.cardSet);
  const out: Record<CardId, UnplayableCode> = {};
  for (const card of s.hands[seat] ?? []) {
    const n = cardNumber(facts, card);
    const faceUp = refusal(s, facts.plays[seat]![n]!);
    if (!faceUp || !refusal(s, facts.faceDownPlays[seat]![n]!)) continue;
    // Any other refusal of a card in the seat's own hand is a bug in the engine.
    if (!UNPLAYABLE_CODES.includes(faceUp.code)) throw new Error(`${card} in seat ${seat}'s hand refused as ${faceUp.code}: ${faceUp.message}`);
    out[card] = faceUp.code as UnplayableCode;
  }
  return out;
}

const decisionChoices = (s: GameState): Choice[] => DECISIONS[s.pending!.kind].choices(s, s.pending!.seat, s.pending!.source);

/** Apply one action; an illegal one is refused with a code and changes nothing. */
export function applyAction(s: GameState, action: Action): Result<Applied, RuleError> {
  const refused = refusal(s, action);
  if (refused) return err(refused);
  const d = draftOf(s);
  const events: GameEvent[] = [];
  return withDealErrors(() => {
    advance(d, action, events);
    return ok({ state: d, events });
  });
}

/**
 * The same for simulations (bot playouts, benchmarks): changes a private draft in place
 * instead of copying the state. A refused action leaves the draft unchanged. With
 * `{ events: false }` no events are built (a playout reads only the state) and the answer is
 * an empty list.
 */
export function applyInPlace(d: DraftState, action: Action, options?: { readonly events?: boolean }): Result<readonly GameEvent[], RuleError> {
  const refused = refusal(d, action);
  if (refused) return err(refused);
  const events = options?.events === false ? null : [];
  // Only a deal fixed by a record can still be refused once the action is applied (when it
  // ends the round); with one ahead, work on a copy so a refusal leaves the draft as it was.
  if (d.presetRounds.length <= d.round + 1) {
    advance(d, action, events);
    return events ? ok(events) : NO_EVENTS;
  }
  const copy = draftOf(d);
  const applied = withDealErrors((): Result<readonly GameEvent[], RuleError> => {
    advance(copy, action, events);
    return events ? ok(events) : NO_EVENTS;
  });
  if (applied.ok) Object.assign(d, copy);
  return applied;
}

const NO_EVENTS: Result<readonly GameEvent[], RuleError> = Object.freeze(ok(Object.freeze([])));

/** Why `action` may not be applied now, or null when it may. */
function refusal(s: GameState, action: Action): RuleError | null {
  if (s.over) return ruleError('GAME_OVER', 'the game is over');
  const malformed = isBuiltPlay(setFacts(s.cardSet), action) ? null : shapeProblem(s, action);
  if (malformed) return ruleError('MALFORMED_ACTION', malformed);
  if (action.seat !== currentDecider(s)) return ruleError('NOT_YOUR_TURN', `seat ${currentDecider(s)} acts now`);
  if (isPlay(action)) {
    if (s.pending) return ruleError('DECISION_PENDING', `answer the ${s.pending.kind} decision first`);
    return checkPlay(s, action.play, action.faceDown === true);
  }
  if (!s.pending) return ruleError('NO_DECISION_PENDING', 'play a card');
  const { kind, seat, source } = s.pending;
  return DECISIONS[kind].offers(s, seat, source, action.choose) ? null : ruleError('ILLEGAL_CHOICE', `not an answer to the ${kind} decision`);
}

/** Apply an action that `refusal` accepted, then run the game forward; events go to `events` unless null. */
function advance(d: DraftState, action: Action, events: GameEvent[] | null): void {
  const seat = action.seat;
  if (isPlay(action)) {
    playCard(d, seat, action.play, action.faceDown === true, events);
  } else {
    const { kind, source } = d.pending!;
    // `refusal` checked it has only the fields of one of the offered answers. The event keeps
    // its own copy; without events (playouts) nothing is copied or looked up.
    const choice: Choice = events ? { ...action.choose } : action.choose;
    // A Return may point at a face-down card (ruling 14): the event says whose it was.
    const faceDown = events && kind === 'return' ? d.meeting.plays.find((p) => p.card === choice.card && p.faceDown) : undefined;
    DECISIONS[kind].resolve(d, seat, choice);
    d.pending = null;
    events?.push(faceDown ? { type: 'abilityUsed', seat, source, kind, choice, faceDownOwner: faceDown.seat } : { type: 'abilityUsed', seat, source, kind, choice });
  }
  settle(d, events);
  d.version++;
}

/** Run the game forward until someone must decide: meeting end, Demon, round end, next round. */
function settle(d: DraftState, events: GameEvent[] | null): void {
  if (d.pending || !meetingComplete(d)) return;
  const demon = endMeeting(d, events);
  if (demon) {
    d.pending = { seat: demon.seat, kind: 'demonChoice', source: demon.card };
    return;
  }
  endRoundIfHandEmpty(d, events);
}

function withDealErrors<T>(run: () => Result<T, RuleError>): Result<T, RuleError> {
  try {
    return run();
  } catch (e) {
    if (e instanceof DealError) return err(ruleError('RECORD_DEAL_INVALID', e.message));
    throw e;
  }
}

/** Why `action` is not an action at all (any JSON may arrive from a record or the network). */
function shapeProblem(s: GameState, action: unknown): string | null {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return 'an action is an object';
  const a = action as Record<string, unknown>;
  if (!Number.isInteger(a.seat) || (a.seat as number) < 0 || (a.seat as number) >= s.players) return 'seat is not a seat number';
  if ('play' in a) {
    if (!hasOnlyKeys(a, PLAY_KEYS)) return 'a play has only seat, play and faceDown';
    if (typeof a.play !== 'string' || !s.cardSet.characterById.get(cardIdOf(a.play))) return 'play names no card';
    if ('faceDown' in a && typeof a.faceDown !== 'boolean') return 'faceDown is true or false';
    return null;
  }
  if (!hasOnlyKeys(a, CHOOSE_KEYS)) return 'an action plays a card or chooses';
  const c = a.choose;
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return 'choose is an object';
  const choice = c as Record<string, unknown>;
  if (!hasOnlyKeys(choice, CHOICE_KEYS)) return 'a choice has only target and card';
  if ('target' in choice && !Number.isInteger(choice.target)) return 'target is a seat number';
  if ('card' in choice && typeof choice.card !== 'string') return 'card is a card id';
  return null;
}

// Exactly the fields of a record's actions (record-format.md), so every accepted action can be recorded.
const PLAY_KEYS = ACTION_KEYS.play;
const CHOOSE_KEYS = ACTION_KEYS.choose;
const CHOICE_KEYS = ACTION_KEYS.choice;

const hasOnlyKeys = (o: Record<string, unknown>, allowed: readonly string[]): boolean => {
  for (const key in o) if (!allowed.includes(key)) return false;
  return true;
};
