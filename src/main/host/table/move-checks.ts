// The game's checks on a request, before it may change a table, in one place and each once: a
// move (is it this seat's turn, at this version, not held by a bot…), a hint, and who may
// manage the lobby. A check answers a refusal or null; a list of checks runs in order and
// answers the first refusal, else the game it checked. A move's intent number is checked before
// these (moves.ts), the move itself after them: as one of the seat's answers as it sees them
// (rules/place.ts), then by the engine (rules/engine.ts). (The guards against guessing and
// floods are another matter: host/guards/.)
import type { Intent, Refusal } from '../../../shared/protocol/events';
import { currentDecider } from '../../../shared/rules/engine';
import type { GameState } from '../../../shared/rules/state';
import type { Seat } from '../../../shared/rules/types';
import { refuse } from '../wire/refusal';
import type { TableModel } from '../table-file/table-model';

/** A request about the game, from a seat of the table. */
export interface GameRequest {
  readonly model: TableModel;
  readonly seat: Seat;
  readonly state: GameState;
}

type Check<R> = (r: R) => Refusal | null;

/** Runs checks in order; the first refusal answers. */
function firstRefusal<R>(checks: readonly Check<R>[], request: R): Refusal | null {
  for (const check of checks) {
    const refusal = check(request);
    if (refusal) return refusal;
  }
  return null;
}

// ---- the game -------------------------------------------------------------------------------

const notOver: Check<GameRequest> = ({ state }) => (state.over ? refuse('GAME_OVER') : null);
const yourTurn: Check<GameRequest> = ({ state, seat }) => {
  const decider = currentDecider(state);
  return decider === seat ? null : refuse('NOT_YOUR_TURN', `seat ${decider} acts now`);
};
const yourSeat: Check<GameRequest & { intent: Intent }> = ({ intent, seat }) => (intent.action.seat !== undefined && intent.action.seat !== seat ? refuse('NOT_YOUR_SEAT') : null);
const notHeldByBot: Check<GameRequest> = ({ model, seat }) => (model.seats[seat]?.botControlled ? refuse('SEAT_HELD_BY_BOT') : null);
const current: Check<GameRequest & { intent: Intent }> = ({ intent, state }) =>
  intent.version === state.version ? null : refuse('STALE', `the game is at version ${state.version}`);
const hintsAllowed: Check<TableModel> = (model) => (model.header.hints === false ? refuse('HINTS_OFF') : null);

/** Runs checks over a started game: its state if they all pass, else the first refusal (NOT_STARTED before any). */
function inGame<R extends { model: TableModel }>(request: R, checks: readonly Check<R & { state: GameState }>[]): Refusal | GameState {
  const state = request.model.state;
  if (!state) return refuse('NOT_STARTED');
  return firstRefusal(checks, { ...request, state }) ?? state;
}

/** A seat's move, once its intent number is checked; the engine checks the move itself after these. */
export function moveCheck(model: TableModel, seat: Seat, intent: Intent): Refusal | GameState {
  return inGame({ model, seat, intent }, [notOver, yourSeat, notHeldByBot, yourTurn, current]);
}

/** A hint asked by a seat: the game to think about, or a refusal. */
export function hintCheck(model: TableModel, seat: Seat): Refusal | GameState {
  return hintsAllowed(model) ?? inGame({ model, seat }, [notOver, yourTurn]);
}

// ---- the lobby ------------------------------------------------------------------------------

/**
 * How long the owner must have been away before a present player may manage the table in their
 * place: the owner's own choice for a dropped seat (a bot after N seconds), never less than the
 * grace period; at a table that waits for dropped players, OWNER_WAIT_S. A blip (a phone's
 * connection dropping for a moment) hands nobody the owner's rights.
 */
export const OWNER_WAIT_S = 300;

export function ownerAwayMs(model: TableModel, graceMs: number, secondMs: number): number {
  return Math.max(graceMs, (model.autoBotAfterS ?? OWNER_WAIT_S) * secondMs);
}

/**
 * The owner manages the table; a present player may too once the owner has been away for
 * `ownerAwayMs` (`awayFor`: 0 while connected, Infinity once they left on purpose).
 */
export function managerRefusal(model: TableModel, seat: Seat | null, awayFor: (owner: Seat) => number, afterMs: number): Refusal | null {
  if (seat === null) return refuse('NOT_SEATED');
  const owner = model.owner;
  if (owner === null || owner === seat) return null;
  const away = awayFor(owner);
  if (away >= afterMs) return null;
  return away > 0
    ? refuse('NOT_OWNER', `the owner has been away ${Math.floor(away / 1000)} s: others may manage the table after ${Math.ceil(afterMs / 1000)} s`)
    : refuse('NOT_OWNER');
}

/** The settings the owner chose (what happens to a dropped seat) are theirs alone, away or not. */
export function ownerRefusal(model: TableModel, seat: Seat | null): Refusal | null {
  if (seat === null) return refuse('NOT_SEATED');
  return model.owner === null || model.owner === seat ? null : refuse('NOT_OWNER');
}

export function seatExists(model: TableModel, seat: Seat): Refusal | null {
  return seat < model.seats.length ? null : refuse('BAD_REQUEST', 'no such seat');
}

export function inLobby(model: TableModel): Refusal | null {
  return model.phase === 'lobby' ? null : refuse('ALREADY_STARTED');
}
