// The engine contract: newGame, currentDecider, legalActions, applyAction. Pure and
// deterministic; every chance comes from the seed or from deals fixed by a record.
import { type Action, type Choice, isPlay } from './actions';
import { DEFAULT_CARD_SET } from './card-set/default-set';
import type { CardSet } from './card-set/types';
import { startRound } from './deal';
import { DealError } from './deal-error';
import { DECISIONS } from './effects/registry';
import { type RuleError, ruleError } from './errors';
import type { GameEvent } from './events';
import { demonToPlace, finishMeeting, meetingComplete } from './meeting';
import { checkPlay, legalPlays, playCard, seatToPlay } from './play';
import { type Result, err, ok } from './result';
import { Rng } from './rng';
import { endRoundIfHandEmpty } from './round';
import { type DraftState, type GameState, type RoundDeal, draftOf } from './state';
import { DEFAULT_OPTIONS, type GameOptions, MAX_PLAYERS, MIN_PLAYERS, type Seat } from './types';

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
  const d: DraftState = {
    version: 0,
    players,
    options: { ...DEFAULT_OPTIONS, ...setup.options },
    cardSet,
    seed,
    presetRounds: (setup.rounds ?? []).map((r) => ({ ...r, hands: r.hands.map((h) => h.slice()) })),
    deals: [],
    round: 0,
    historyDeck: new Rng(seed, 'history deck').shuffle(cardSet.history.map((h) => h.id)),
    historyUsed: [],
    historyRevealed: [],
    historyActive: [],
    historyPrevious: [],
    themeCard: '',
    startSeat: 0,
    burned: null,
    hands: [],
    allies: [],
    masked: [],
    discard: [],
    meeting: { leader: 0, plays: [], leadSuit: null, halted: false, demonTo: null },
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

const decisionChoices = (s: GameState): Choice[] =>
  DECISIONS[s.pending!.kind].choices(s, s.pending!.seat, s.pending!.source);

/** Apply one action; an illegal one is refused with a code and changes nothing. */
export function applyAction(s: GameState, action: Action): Result<Applied, RuleError> {
  if (s.over) return err(ruleError('GAME_OVER', 'the game is over'));
  const malformed = shapeProblem(s, action);
  if (malformed) return err(ruleError('MALFORMED_ACTION', malformed));
  const seat = action.seat;
  if (seat !== currentDecider(s)) return err(ruleError('NOT_YOUR_TURN', `seat ${currentDecider(s)} acts now`));

  const events: GameEvent[] = [];
  let d: DraftState;
  if (isPlay(action)) {
    if (s.pending) return err(ruleError('DECISION_PENDING', `answer the ${s.pending.kind} decision first`));
    const faceDown = action.faceDown === true;
    const problem = checkPlay(s, action.play, faceDown);
    if (problem) return err(problem);
    d = draftOf(s);
    playCard(d, seat, action.play, faceDown, events);
  } else {
    if (!s.pending) return err(ruleError('NO_DECISION_PENDING', 'play a card'));
    const { kind, source } = s.pending;
    const { target, card } = action.choose;
    const choice = decisionChoices(s).find((c) => c.target === target && c.card === card);
    if (!choice) return err(ruleError('ILLEGAL_CHOICE', `not an answer to the ${kind} decision`));
    d = draftOf(s);
    DECISIONS[kind].resolve(d, seat, choice);
    d.pending = null;
    events.push({ type: 'abilityUsed', seat, source, kind, choice });
  }
  return withDealErrors(() => {
    settle(d, events);
    d.version++;
    return ok({ state: d, events });
  });
}

/** Run the game forward until someone must decide: meeting end, Demon, round end, next round. */
function settle(d: DraftState, events: GameEvent[]): void {
  if (d.pending || !meetingComplete(d)) return;
  const demon = demonToPlace(d);
  if (demon) {
    d.pending = { seat: demon.seat, kind: 'demonChoice', source: demon.card };
    return;
  }
  finishMeeting(d, events);
  endRoundIfHandEmpty(d, events);
}

function withDealErrors(run: () => Result<Applied, RuleError>): Result<Applied, RuleError> {
  try {
    return run();
  } catch (e) {
    if (e instanceof DealError) return err(ruleError('RECORD_DEAL_INVALID', e.message));
    throw e;
  }
}

/** Why `action` is not an action at all (any JSON may arrive from a record or the network). */
function shapeProblem(s: GameState, action: unknown): string | null {
  if (typeof action !== 'object' || action === null) return 'an action is an object';
  const a = action as Record<string, unknown>;
  if (!Number.isInteger(a.seat) || (a.seat as number) < 0 || (a.seat as number) >= s.players) return 'seat is not a seat number';
  if ('play' in a) {
    if (typeof a.play !== 'string' || !s.cardSet.characterById.get(a.play)) return 'play names no card';
    if ('faceDown' in a && typeof a.faceDown !== 'boolean') return 'faceDown is true or false';
    return null;
  }
  if (typeof a.choose !== 'object' || a.choose === null) return 'an action plays a card or chooses';
  const c = a.choose as Record<string, unknown>;
  if ('target' in c && !Number.isInteger(c.target)) return 'target is a seat number';
  if ('card' in c && typeof c.card !== 'string') return 'card is a card id';
  return null;
}
