// Every check a request passes before it may change a table, in one place and each once. A
// guard answers a refusal or null; a pipeline runs guards in order and answers the first
// refusal, else the game it checked. A move's sequence number is checked before these
// (table-model.ts), the move itself after them: as one of the seat's answers as it sees them
// (rules/place.ts), then by the engine (rules/engine.ts).
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

type Guard<R> = (r: R) => Refusal | null;

/** Runs guards in order; the first refusal answers. */
function firstRefusal<R>(guards: readonly Guard<R>[], request: R): Refusal | null {
  for (const guard of guards) {
    const refusal = guard(request);
    if (refusal) return refusal;
  }
  return null;
}

// ---- the game -------------------------------------------------------------------------------

const notOver: Guard<GameRequest> = ({ state }) => (state.over ? refuse('GAME_OVER') : null);
const yourTurn: Guard<GameRequest> = ({ state, seat }) => {
  const decider = currentDecider(state);
  return decider === seat ? null : refuse('NOT_YOUR_TURN', `seat ${decider} acts now`);
};
const yourSeat: Guard<GameRequest & { intent: Intent }> = ({ intent, seat }) => (intent.action.seat !== undefined && intent.action.seat !== seat ? refuse('NOT_YOUR_SEAT') : null);
const notHeldByBot: Guard<GameRequest> = ({ model, seat }) => (model.seats[seat]?.botControlled ? refuse('SEAT_HELD_BY_BOT') : null);
const current: Guard<GameRequest & { intent: Intent }> = ({ intent, state }) =>
  intent.version === state.version ? null : refuse('STALE', `the game is at version ${state.version}`);
const hintsAllowed: Guard<TableModel> = (model) => (model.header.hints === false ? refuse('HINTS_OFF') : null);

/** Runs guards over a started game: its state if they all pass, else the first refusal (NOT_STARTED before any). */
function inGame<R extends { model: TableModel }>(request: R, guards: readonly Guard<R & { state: GameState }>[]): Refusal | GameState {
  const state = request.model.state;
  if (!state) return refuse('NOT_STARTED');
  return firstRefusal(guards, { ...request, state }) ?? state;
}

/** A seat's move, once its sequence number is checked; the engine checks the move itself after these. */
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
