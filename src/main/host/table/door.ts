// Who comes in at one table's door: a newcomer joining (by the PIN or the invite), a knock at a
// PIN table that locked itself and the owner's answer, a player coming back by their token, a
// spectator. Each runs inside the table's queue (table.ts); knocks that can no longer be let in
// are turned away here too.
import type { Reply, Resumed, Seated } from '../../../shared/protocol/events';
import type { TableInfo } from '../../../shared/protocol/table-info';
import type { Seat } from '../../../shared/rules/types';
import type { TableId } from '../../../shared/ids';
import type { TableModel } from '../table-file/table-model';
import { inLobby, ownerRefusal } from './move-checks';
import type { TableKnocks, WaitingKnock } from './knocks';
import * as lobby from './lobby';
import { refuse } from '../wire/refusal';
import { hashToken, newToken } from '../guards/tokens';
import type { ConnectionId, TableTransport } from '../wire/transport';
import type { IntentMemory } from './moves';
import type { Storage } from './seams';
import { type SeatingTable, seatOf, takeSeat } from './seating';
import type { ViewSender } from './view-sender';

/** What the knocks at the door use of their table (lobby-changes.ts closes them too). */
export interface KnockTable {
  readonly id: TableId;
  readonly model: TableModel;
  readonly connections: Pick<TableTransport, 'toSeat' | 'toConnection'>;
  /** People asking the owner to let them in without the PIN (knocks.ts). */
  readonly knocks: TableKnocks;
}

/** What the door uses of its table. */
export interface DoorTable extends KnockTable, SeatingTable {
  readonly connections: Pick<TableTransport, 'toSeat' | 'toConnection' | 'takeSeat' | 'seatOf' | 'isOpen' | 'watch'>;
  readonly storage: Storage;
  readonly views: Pick<ViewSender, 'sendTo' | 'sendToWatcher'>;
  /** Where a player coming back goes on numbering their intents from. */
  readonly memory: Pick<IntentMemory, 'lastSeq'>;
  /** The table's public info now (table-info.ts). */
  info(): TableInfo;
  /** The invite secret of a PIN table, for its seated players' links. */
  invite(): { invite?: string };
  /** The public info changed: tell the lobby and the LAN. */
  changed(): void;
}

export async function join(t: DoorTable, conn: ConnectionId, req: lobby.Admission & { name: string; seat?: Seat }): Promise<Reply<Seated>> {
  const token = newToken();
  const joined = lobby.join(t.model, req, hashToken(token));
  if ('ok' in joined) return joined;
  const failed = await t.storage.write(joined.lines);
  if (failed) return failed;
  takeSeat(t, conn, joined.seat);
  t.changed();
  knocksStillOpen(t);
  return { ok: true, tableId: t.id, seat: joined.seat, token, table: t.info(), ...t.invite() };
}

/**
 * Someone who knows the PIN asks the owner to let them in without typing it (the table's wrong
 * PINs have locked it): the owner is told at once (`table:knocks`), the knocker gets the code the
 * owner sees beside their name; the answer comes later. Bounds and order: knocks.ts.
 */
export function knock(t: DoorTable, conn: ConnectionId, who: { device: string; address: string }, name: string): Reply<{ code: string }> {
  if (t.model.header.pin === null) return refuse('BAD_REQUEST', 'this table has no PIN: join it');
  const closed = inLobby(t.model) ?? (t.model.seats.some((s) => s.kind === 'free') ? null : refuse('TABLE_FULL'));
  if (closed) return closed;
  if (seatOf(t, conn) !== null) return refuse('BAD_REQUEST', 'you are seated here already');
  const added = t.knocks.add(conn, who, name);
  if ('refused' in added) {
    if (added.refused === 'turnedAway') return { ...refuse('NOT_LET_IN', `the owner said no: try again in ${Math.ceil(added.waitMs / 60_000)} min`), retryAfterMs: added.waitMs };
    const why = added.refused === 'address' ? 'devices at your address are asking already' : 'the owner has many people asking already';
    return { ...refuse('TOO_MANY_REQUESTS', `${why}: try again in a minute`), retryAfterMs: 60_000 };
  }
  if (added.bumped) turnAway(t, [added.bumped]);
  tellKnocks(t);
  return { ok: true, code: added.knock.code };
}

/** The owner lets a knocker in (a free seat, their own token, told by `table:admitted`) or not. */
export async function answerKnock(t: DoorTable, conn: ConnectionId, id: string, admit: boolean): Promise<Reply> {
  const denied = ownerRefusal(t.model, seatOf(t, conn));
  if (denied) return denied;
  const knock = t.knocks.take(id);
  if (!knock) return refuse('KNOCK_GONE');
  tellKnocks(t);
  if (!admit) t.knocks.refuse(knock);
  if (!admit || !t.connections.isOpen(knock.conn)) {
    turnAway(t, [knock]);
    return admit ? refuse('KNOCK_GONE') : { ok: true };
  }
  const token = newToken();
  const sat = lobby.sit(t.model, { name: knock.name }, hashToken(token));
  if ('ok' in sat) {
    turnAway(t, [knock]);
    return sat;
  }
  const failed = await t.storage.write(sat.lines);
  if (failed) {
    turnAway(t, [knock]);
    return failed;
  }
  takeSeat(t, knock.conn, sat.seat);
  t.changed();
  t.connections.toConnection(knock.conn, 'table:admitted', { tableId: t.id, seat: sat.seat, token, table: t.info(), ...t.invite() });
  knocksStillOpen(t);
  return { ok: true };
}

export async function resume(t: DoorTable, conn: ConnectionId, token: string): Promise<Reply<Resumed>> {
  const seat = lobby.seatOfToken(t.model, token);
  if (typeof seat !== 'number') return seat;
  const back = lobby.comeBack(t.model, seat);
  const failed = back.length > 0 ? await t.storage.write(back) : null;
  if (failed) return failed;
  takeSeat(t, conn, seat);
  t.changed();
  t.views.sendTo(seat);
  if (seat === t.model.owner && t.knocks.size > 0) tellKnocks(t);
  return { ok: true, tableId: t.id, seat, table: t.info(), lastSeq: t.memory.lastSeq(seat), ...t.invite() };
}

export function spectate(t: DoorTable, conn: ConnectionId, admission: lobby.Admission): Reply<{ table: TableInfo }> {
  const denied = lobby.spectate(t.model, admission);
  if (denied) return denied;
  t.connections.watch(conn);
  t.views.sendToWatcher(conn);
  t.changed();
  return { ok: true, table: t.info() };
}

/** Tells the owner who is knocking now (a flood of knocks in a few messages a second, knocks.ts). */
export function tellKnocks(t: KnockTable): void {
  t.knocks.tellOwner(() => {
    const owner = t.model.owner;
    if (owner !== null) t.connections.toSeat(owner, 'table:knocks', { tableId: t.id, knocks: t.knocks.list() });
  });
}

/** Knocks at a table that started or filled up can no longer be let in: their knockers are told. */
export function knocksStillOpen(t: KnockTable): void {
  if (t.knocks.size === 0) return;
  if (t.model.phase === 'lobby' && t.model.seats.some((s) => s.kind === 'free')) return;
  turnAway(t, t.knocks.takeAll());
  tellKnocks(t);
}

export function turnAway(t: KnockTable, knocks: readonly WaitingKnock[]): void {
  for (const k of knocks) t.connections.toConnection(k.conn, 'table:turnedAway', t.id);
  if (knocks.length > 0) tellKnocks(t);
}
