// Changes to one table's seats and settings: checked (move-checks.ts, lobby.ts), written and
// flushed (the journal, table-file/table-model.ts), then the bots and the wait for away players are
// brought up to date and everyone is told. Each runs inside the table's queue (table.ts).
import type { AutoBotAfter } from '../../../shared/protocol/auto-bot';
import type { BotLevel } from '../../../shared/protocol/bot-level';
import type { Refusal, Reply } from '../../../shared/protocol/events';
import type { Seat } from '../../../shared/rules/types';
import { managerRefusal, ownerAwayMs, ownerRefusal } from './move-checks';
import * as lobby from './lobby';
import type { TableLine } from '../table-file/lines';
import { refuse } from '../wire/refusal';
import type { ConnectionId, TableTransport } from '../wire/transport';
import type { Clock } from '../clock';
import type { SeatPresence } from '../seats/presence';
import { type KnockTable, knocksStillOpen } from './door';
import type { Announce, Bots, Storage } from './seams';
import { awayFor, seatOf } from './seating';
import type { ViewSender } from './view-sender';
import { botPlays } from '../seats/bot-seats';

/** What a lobby change uses of its table. */
export interface LobbyTable extends KnockTable, Announce {
  readonly connections: Pick<TableTransport, 'toSeat' | 'toConnection' | 'seatOf' | 'release' | 'evict'>;
  readonly storage: Storage;
  readonly presence: Pick<SeatPresence, 'dropped' | 'handedOver' | 'watch' | 'left' | 'due' | 'of' | 'removed'>;
  readonly views: Pick<ViewSender, 'sendAll'>;
  readonly bots: Bots;
  readonly clock: Clock;
  /** The host's grace period, and how long one second of "a bot after N seconds" lasts (seams.ts `HostSeams`). */
  readonly settings: { readonly graceMs: number; readonly secondMs: number };
  /** How long a dropped player's seat waits: the owner's choice (auto-bot.ts). */
  graceMs(): number;
}

export const addBot = (t: LobbyTable, conn: ConnectionId, seat: Seat, level?: BotLevel) => manage(t, conn, () => lobby.addBot(t.model, seat, level));

export const removeBot = (t: LobbyTable, conn: ConnectionId, seat: Seat) => manage(t, conn, () => lobby.removeBot(t.model, seat));

/** Before the start, the owner frees another player's seat; that player is told and leaves. */
export function removePlayer(t: LobbyTable, conn: ConnectionId, seat: Seat): Reply | Promise<Reply> {
  return manage(
    t,
    conn,
    () => lobby.removePlayer(t.model, seat),
    () => {
      t.connections.evict(seat);
      t.presence.removed(seat);
    },
  );
}

/** The game starts: everyone gets their first view. */
export const start = (t: LobbyTable, conn: ConnectionId) =>
  manage(
    t,
    conn,
    () => lobby.start(t.model),
    () => t.views.sendAll(),
  );

/** The owner (or a present player while the owner is away) hands an absent player's seat to a bot. */
export function giveToBot(t: LobbyTable, conn: ConnectionId, seat: Seat, level?: BotLevel): Reply | Promise<Reply> {
  const lines = () => lobby.giveToBot(t.model, seat, level, t.presence.of(seat), t.clock.now(), t.graceMs());
  return manage(t, conn, lines, () => t.presence.handedOver(seat));
}

/**
 * A table made to play again: its seats as given (players, bots), the same owner, and the
 * game started at once. The players in `away` were not at the finished table: they are
 * away here too from the start (the table's wait runs for them, as for any drop).
 */
export async function seatAndStart(t: LobbyTable, seats: readonly lobby.AgainSeat[], owner: Seat | null, autoBot: AutoBotAfter, away: readonly Seat[]): Promise<Reply> {
  const failed = await t.storage.write(lobby.seatAndStart(t.model, seats, owner, autoBot));
  if (failed) return failed;
  for (const seat of away) {
    t.presence.dropped(seat);
    if (botPlays(t.model, seat)) t.presence.handedOver(seat);
  }
  t.presence.watch();
  t.bots.schedule();
  t.changed();
  return { ok: true };
}

export async function leave(t: LobbyTable, conn: ConnectionId): Promise<Reply> {
  const seat = t.connections.seatOf(conn);
  if (seat === null) return refuse('NOT_SEATED');
  if (seat !== 'spectator') {
    const failed = await t.storage.write(lobby.leave(t.model, seat));
    if (failed) return failed;
  }
  t.connections.release(conn);
  if (seat !== 'spectator') t.presence.left(seat);
  t.changed();
  if (seat !== 'spectator' && lobby.abandoned(t.model)) t.abandoned();
  t.bots.schedule();
  return { ok: true };
}

/** The owner chooses what happens to a dropped player's seat (the table file keeps it); nobody else, even while they are away. */
export function setAutoBot(t: LobbyTable, conn: ConnectionId, afterS: AutoBotAfter): Reply | Promise<Reply> {
  return ownerRefusal(t.model, seatOf(t, conn)) ?? change(t, afterS === t.model.autoBotAfterS ? [] : [{ t: 'autoBot', afterS }]);
}

export function takeBack(t: LobbyTable, conn: ConnectionId): Reply | Promise<Reply> {
  const seat = seatOf(t, conn);
  if (seat === null) return refuse('NOT_SEATED');
  return change(t, lobby.takeBack(t.model, seat));
}

/** A lobby change by whoever manages the table: checked, written, then `after`, then everyone told. */
export function manage(t: LobbyTable, conn: ConnectionId, lines: () => Refusal | TableLine[], after?: () => void): Reply | Promise<Reply> {
  const { graceMs, secondMs } = t.settings;
  const denied = managerRefusal(t.model, seatOf(t, conn), (owner) => awayFor(t, owner, t.clock.now()), ownerAwayMs(t.model, graceMs, secondMs));
  return denied ?? change(t, lines(), after);
}

/** A dropped player's time is up: a bot plays their seat until they take it back. */
export function handOver(t: LobbyTable, seat: Seat): Reply | Promise<Reply> {
  if (!t.presence.due(seat)) return { ok: true };
  return change(t, [{ t: 'control', seat, bot: true }], () => t.presence.handedOver(seat));
}

/** Writes a lobby change; no lines means nothing to do. */
export async function change(t: LobbyTable, lines: Refusal | TableLine[], after?: () => void): Promise<Reply> {
  if ('ok' in lines) return lines;
  if (lines.length === 0) return { ok: true };
  const failed = await t.storage.write(lines);
  if (failed) return failed;
  after?.();
  t.bots.schedule();
  t.presence.watch();
  t.changed();
  knocksStillOpen(t);
  return { ok: true };
}
