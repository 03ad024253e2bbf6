// What a table needs of the network, and nothing more: to send to a seat, to its spectators or
// to everyone at it, and to know which connection holds which seat. The table never sees the
// socket library; a connection is only its id. connections.ts implements this over Socket.IO.
// Nothing here calls back into the table but the one thing only the network knows: that a
// connection dropped. Views arrive with their events already in hand.
import type { ServerToClientEvents } from '../../../shared/protocol/events';
import type { EventBatch } from '../../../shared/protocol/event-log';
import type { TableInfo } from '../../../shared/protocol/table-info';
import type { Seat } from '../../../shared/rules/types';
import type { PlayerView } from '../../../shared/rules/view';
import type { TableId } from '../../../shared/ids';

/** One client connection, as the table knows it. */
export type ConnectionId = string;

/** The events a table sends as they are; views go with their events (`view…` below). */
export type ServerEvent = Exclude<keyof ServerToClientEvents, 'game:view' | 'game:events'>;
export type ServerEventArgs<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>;

/** A view and the events that led to it that its connection has not had yet: one message. */
export interface ViewMessage {
  readonly version: number;
  readonly view: PlayerView;
  readonly batches: readonly EventBatch[];
}

/**
 * Who a version's views go to: for each seat, the version last sent to the connection holding
 * it (-1 before any), or null when no connection holds it; and whether anyone watches.
 */
export interface Audience {
  readonly seats: readonly (number | null)[];
  readonly spectators: boolean;
}

/** The views of one version: for each seat held by a connection, and for the spectators if any watch. */
export interface Outgoing {
  readonly seats: readonly (ViewMessage | null)[];
  readonly spectators: ViewMessage | null;
}

/** A connection dropped (closed, or moved to another table or seat): the seat it held, or null (a spectator). */
export type Dropped = (seat: Seat | null) => void;

/**
 * The connections of one table: who holds which seat, who watches, and the way to reach them.
 * Views only go forward on one connection: an older or equal version is not sent again.
 */
export interface TableTransport {
  /** The seat this connection speaks for at this table, 'spectator', or null. */
  seatOf(conn: ConnectionId): Seat | 'spectator' | null;
  /**
   * Binds the connection to a seat; a connection already holding that seat is superseded.
   * False when the connection dropped while its request waited: the seat has no connection.
   */
  takeSeat(conn: ConnectionId, seat: Seat): boolean;
  /** Binds the connection as a spectator of this table. */
  watch(conn: ConnectionId): void;
  /** The connection leaves this table on purpose; a seat it held is free of connections. */
  release(conn: ConnectionId): void;
  /** The owner removed this seat's player (before the start): tell them, and let go of their connection. */
  evict(seat: Seat): void;
  /** A live connection holds the seat. */
  holds(seat: Seat): boolean;
  spectatorCount(): number;
  /** Someone is seated here on a live connection, or watching. */
  hasConnections(): boolean;
  /**
   * The last view version sent to the connection holding `seat` (or to `conn`), -1 before
   * any; null when there is no such connection.
   */
  sentVersion(to: { seat: Seat } | { conn: ConnectionId }): number | null;
  /** To the connection holding `seat`, if any. */
  toSeat<E extends ServerEvent>(seat: Seat, event: E, ...args: ServerEventArgs<E>): void;
  /** Who the views of a new version go to. */
  audience(): Audience;
  /** A version's views, each with its events, to the connections holding the seats and to the spectators. */
  sendViews(views: Outgoing): void;
  /** A seat's view with its events to the connection holding that seat, if any. */
  viewToSeat(seat: Seat, view: ViewMessage): void;
  /** A view with its events to one connection (a spectator that just sat down to watch). */
  viewToConnection(conn: ConnectionId, view: ViewMessage): void;
  /** Events up to `version` alone, to a connection that was given that version's view in a reply. */
  eventsToConnection(conn: ConnectionId, batches: readonly EventBatch[], version: number): void;
  /** To every spectator of the table. */
  toSpectators<E extends ServerEvent>(event: E, ...args: ServerEventArgs<E>): void;
  /** To one connection, bound here or not (someone knocking at the table's door). */
  toConnection<E extends ServerEvent>(conn: ConnectionId, event: E, ...args: ServerEventArgs<E>): void;
  /** The connection is still open (to this host, at any table or none). */
  isOpen(conn: ConnectionId): boolean;
  /** To every seat and spectator of the table. */
  toAll<E extends ServerEvent>(event: E, ...args: ServerEventArgs<E>): void;
  /** Tells everyone the table closed and lets go of every connection. */
  close(tableId: string): void;
}

/** The transport of a new table of `seats` seats; `dropped` hears of its connections that drop. */
export type TransportFactory = (tableId: TableId, seats: number, dropped: Dropped) => TableTransport;

/** The host's lobby: everyone looking at the list of tables, and everyone at a table. */
export interface LobbyTransport {
  /** A table's public info changed: to the lobby and to everyone at that table. */
  updated(info: TableInfo): void;
  /** A table went: to the lobby. */
  closed(tableId: string): void;
}
