// The lobby's changes, as the table-file lines that make them: taking and leaving seats, bots,
// the start, hand-overs to bots and back. Pure: each answers a refusal or the lines to write;
// the table checks who asks, writes the lines and tells everyone.
import type { BotLevel } from '../../../shared/protocol/bot-level';
import type { Refusal } from '../../../shared/protocol/events';
import type { Seat } from '../../../shared/rules/types';
import { type Presence, handoverCheck } from '../seats/absence';
import { inLobby, seatExists } from './move-checks';
import { refuse } from '../wire/refusal';
import type { TableLine } from '../table-file/lines';
import type { TableModel } from '../table-file/table-model';
import { inviteMatches, pinMatches, tokenMatches } from '../guards/tokens';
import type { AutoBotAfter } from '../../../shared/protocol/auto-bot';
import { seatOf } from '../../../shared/ids';

/** How a newcomer gets in: the table's invite secret (from its link) or its PIN. */
export interface Admission {
  readonly pin?: string;
  readonly invite?: string;
}

/**
 * The invite, when given, decides alone (a stale link is told apart from a wrong PIN); else the
 * PIN. No PIN at all for a table that has one is no guess: it is told so (PIN_REQUIRED, which the
 * guessing limits do not count, as they count only WRONG_PIN).
 */
export function admit(model: TableModel, req: Admission): Refusal | null {
  if (req.invite !== undefined) return inviteMatches(req.invite, model.header.seed) ? null : refuse('BAD_INVITE');
  if (req.pin === undefined && model.header.pin !== null) return refuse('PIN_REQUIRED');
  return pinMatches(req.pin, model.header.pin) ? null : refuse('WRONG_PIN');
}

export function join(model: TableModel, req: Admission & { name: string; seat?: Seat }, tokenHash: string): Refusal | { seat: Seat; lines: TableLine[] } {
  return admit(model, req) ?? sit(model, req, tokenHash);
}

/** A newcomer let in (by the PIN, the invite, or the owner answering their knock) takes a free seat. */
export function sit(model: TableModel, req: { name: string; seat?: Seat }, tokenHash: string): Refusal | { seat: Seat; lines: TableLine[] } {
  const denied = inLobby(model) ?? (req.seat === undefined ? null : seatExists(model, req.seat));
  if (denied) return denied;
  const seat = req.seat ?? seatOf(model.seats.findIndex((s) => s.kind === 'free'));
  if (seat < 0) return refuse('TABLE_FULL');
  if (model.seats[seat]?.kind !== 'free') return refuse('SEAT_TAKEN');
  const lines: TableLine[] = [{ t: 'seat', seat, name: req.name, token: tokenHash }];
  if (model.owner === null) lines.push({ t: 'owner', seat });
  return { seat, lines };
}

/** The player's seat `token` holds, or a refusal. Every seat is compared, so the time taken does not tell which one matched. */
export function seatOfToken(model: TableModel, token: string): Refusal | Seat {
  let seat = -1;
  for (const [i, s] of model.seats.entries()) {
    if (s.tokenHash !== null && tokenMatches(token, s.tokenHash) && s.kind === 'human') seat = i;
  }
  return seat < 0 ? refuse('BAD_TOKEN') : seatOf(seat);
}

/**
 * A player comes back to their seat, and plays it from this moment: a bot that played it
 * meanwhile (handed over while they were away, or after they left) hands it back at once. The
 * seat's token is the player's word that they are back: one tap, never a second "take it back".
 * A finished game has nothing to hand back.
 */
export function comeBack(model: TableModel, seat: Seat): TableLine[] {
  const back = model.seat(seat).botControlled && model.phase !== 'over';
  return back ? [{ t: 'control', seat, bot: false }] : [];
}

/** A seat of a table made to play again: a player's (with a bot playing it from the start while they are away), or a bot's. */
export type AgainSeat = { name: string; tokenHash: string; botLevel?: BotLevel } | { level: BotLevel };

/** A table made to play again: its seats as given (players, bots, players' seats a bot plays for now), its owner, started. */
export function seatAndStart(model: TableModel, seats: readonly AgainSeat[], owner: Seat | null, autoBot: AutoBotAfter): TableLine[] {
  const lines: TableLine[] = autoBot === model.autoBotAfterS ? [] : [{ t: 'autoBot', afterS: autoBot }];
  lines.push(...seats.map((s, n): TableLine => ('level' in s ? { t: 'bot', seat: seatOf(n), level: s.level } : { t: 'seat', seat: seatOf(n), name: s.name, token: s.tokenHash })));
  if (owner !== null) lines.push({ t: 'owner', seat: owner });
  lines.push({ t: 'start' });
  seats.forEach((s, seat) => {
    if ('botLevel' in s && s.botLevel !== undefined) lines.push({ t: 'control', seat: seatOf(seat), bot: true, level: s.botLevel });
  });
  return lines;
}

export function spectate(model: TableModel, req: Admission): Refusal | null {
  return admit(model, req);
}

/** A seated player leaves: in the lobby the seat frees (and ownership moves on); in a game they are marked gone. */
export function leave(model: TableModel, seat: Seat): TableLine[] {
  // Leaving a game in play hands the seat to a bot, which plays on (its player may come back).
  if (model.phase === 'playing')
    return [
      { t: 'left', seat },
      { t: 'control', seat, bot: true },
    ];
  if (model.phase !== 'lobby') return [{ t: 'left', seat }];
  const lines: TableLine[] = [{ t: 'free', seat }];
  if (model.owner === seat) lines.push({ t: 'owner', seat: nextOwner(model, seat) });
  return lines;
}

/** Nobody is seated at a lobby that is not the host's default table: it may go. */
export function abandoned(model: TableModel): boolean {
  return model.phase === 'lobby' && !model.header.persistent && !model.seats.some((s) => s.kind === 'human');
}

/** A bot takes a free seat; on a bot's seat, the bot's level changes (until the start). */
export function addBot(model: TableModel, seat: Seat, level: BotLevel | undefined): Refusal | TableLine[] {
  const denied = inLobby(model) ?? seatExists(model, seat);
  if (denied) return denied;
  const kind = model.seats[seat]?.kind;
  if (kind !== 'free' && kind !== 'bot') return refuse('SEAT_TAKEN');
  return [{ t: 'bot', seat, level }];
}

export function removeBot(model: TableModel, seat: Seat): Refusal | TableLine[] {
  const denied = inLobby(model) ?? seatExists(model, seat);
  if (denied) return denied;
  if (model.seats[seat]?.kind !== 'bot') return refuse('NOT_A_BOT_SEAT');
  return [{ t: 'free', seat }];
}

/** The owner frees another human's seat before the start (the owner leaves instead). */
export function removePlayer(model: TableModel, seat: Seat): Refusal | TableLine[] {
  const denied = inLobby(model) ?? seatExists(model, seat);
  if (denied) return denied;
  if (model.seats[seat]?.kind !== 'human') return refuse('NOT_HUMAN_SEAT');
  if (model.owner === seat) return refuse('BAD_REQUEST', 'the owner leaves the table instead');
  return [{ t: 'free', seat }];
}

export function start(model: TableModel): Refusal | TableLine[] {
  const denied = inLobby(model);
  if (denied) return denied;
  if (model.seats.some((s) => s.kind === 'free')) return refuse('SEATS_NOT_FILLED');
  return [{ t: 'start' }];
}

/**
 * An absent player's seat goes to a bot: in a game it plays for them, in the lobby it simply
 * replaces them. The owner's seat is only lent, even in the lobby: they keep their token and
 * the table, and have their seat back as they return (ownership never moves because someone
 * else hands a seat over). No lines when a bot plays the seat already.
 */
export function giveToBot(model: TableModel, seat: Seat, level: BotLevel | undefined, presence: Presence, now: number, graceMs: number): Refusal | TableLine[] {
  const slot = model.seats[seat];
  if (!slot) return refuse('BAD_REQUEST', 'no such seat');
  if (slot.kind !== 'human') return refuse('NOT_HUMAN_SEAT');
  if (slot.botControlled) return [];
  const check = handoverCheck(presence, now, graceMs);
  if (check !== 'ok') return refuse(check);
  if (model.phase !== 'lobby' || model.owner === seat) return [{ t: 'control', seat, bot: true, level }];
  return [{ t: 'bot', seat, level }];
}

export function takeBack(model: TableModel, seat: Seat): Refusal | TableLine[] {
  if (!model.seats[seat]?.botControlled) return refuse('NOT_BOT_CONTROLLED');
  return [{ t: 'control', seat, bot: false }];
}

/** The lowest other human seat, to own the table after `leaving`. */
function nextOwner(model: TableModel, leaving: Seat): Seat | null {
  const i = model.seats.findIndex((s, seat) => seat !== leaving && s.kind === 'human');
  return i < 0 ? null : seatOf(i);
}
