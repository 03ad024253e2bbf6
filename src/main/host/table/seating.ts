// Who sits where at one table: a connection taking a seat, the seat a connection holds, and
// how long a seat's player has been away (seats/presence.ts keeps who is away and since when).
import type { Seat } from '../../../shared/rules/types';
import type { SeatPresence } from '../seats/presence';
import type { TableModel } from '../table-file/table-model';
import type { ConnectionId, TableTransport } from '../wire/transport';

/** What seating uses of its table. */
export interface SeatingTable {
  readonly model: TableModel;
  readonly connections: Pick<TableTransport, 'takeSeat' | 'seatOf'>;
  readonly presence: Pick<SeatPresence, 'arrived' | 'dropped' | 'watch' | 'of'>;
}

/** `conn` sits at `seat`, present, or away if it dropped while its request waited. */
export function takeSeat(t: SeatingTable, conn: ConnectionId, seat: Seat): void {
  // A connection that dropped while its request waited: the seat is held, its player away.
  if (t.connections.takeSeat(conn, seat)) t.presence.arrived(seat);
  else t.presence.dropped(seat);
  t.model.seat(seat).left = false;
  t.presence.watch();
}

/** The seat this connection holds here (not spectators), or null. */
export function seatOf(t: { readonly connections: Pick<TableTransport, 'seatOf'> }, conn: ConnectionId): Seat | null {
  const seat = t.connections.seatOf(conn);
  return seat === 'spectator' ? null : seat;
}

/** How long the seat's player has been away: 0 while connected, Infinity once they left on purpose. */
export function awayFor(t: { readonly presence: Pick<SeatPresence, 'of'> }, seat: Seat, now: number): number {
  const p = t.presence.of(seat);
  if (p.connected) return 0;
  if (p.left) return Infinity;
  return p.goneSince === null ? 0 : now - p.goneSince;
}
