// What a table needs of the network, and nothing more: to send to a seat, to its spectators or
// to everyone at it, and to know which connection holds which seat. The table never sees the
// socket library; a connection is only its id. connections.ts implements this over Socket.IO.
import type { ServerToClientEvents } from '../../../shared/protocol/events';
import type { EventBatch } from '../../../shared/protocol/event-log';
import type { Seat } from '../../../shared/rules/types';
import type { PlayerView, Viewer } from '../../../shared/rules/view';
import type { JsonText } from './json-text';

/** One client connection, as the table knows it. */
export type ConnectionId = string;

/** The protocol's events as the host sends them: a view goes serialised ahead (wire.ts). */
export type HostToClientEvents = Omit<ServerToClientEvents, 'game:view'> & {
  'game:view': (view: JsonText<PlayerView>, batches: readonly EventBatch[] | JsonText<readonly EventBatch[]>) => void;
};

/** The events a table sends as they are; views go with their events (`view…` below). */
export type ServerEvent = Exclude<keyof HostToClientEvents, 'game:view' | 'game:events'>;
export type ServerEventArgs<E extends ServerEvent> = Parameters<HostToClientEvents[E]>;

/**
 * The events of the versions after `after` up to `upTo`, redacted for `viewer`. Every view goes
 * out with the events that led to it that its connection has not had yet, in one message.
 */
export type GameStory = (viewer: Viewer, after: number, upTo: number) => EventBatch[];

/** A view serialised once, before it is sent. */
export interface ReadyView {
  readonly version: number;
  readonly viewer: Viewer;
  readonly json: JsonText<PlayerView>;
  /**
   * The events of `version` alone for this viewer, serialised too: what goes with the view to
   * a connection that holds the version before (ready-views.ts). Any other connection gets
   * its events from the table's story.
   */
  readonly latest?: JsonText<readonly EventBatch[]>;
}

/** Views only go forward on one connection: an older or equal version is not sent again. */
export interface TableTransport {
  /** To the connection holding `seat`, if any. */
  toSeat<E extends ServerEvent>(seat: Seat, event: E, ...args: ServerEventArgs<E>): void;
  /** A seat's view (with the events that led to it) to the connection holding that seat, if any. */
  viewToSeat(seat: Seat, view: ReadyView): void;
  /** The spectator view to one connection (a spectator that just sat down to watch). */
  viewToConnection(conn: ConnectionId, view: ReadyView): void;
  /** The spectator view to every spectator, encoded once for all of them. */
  viewToSpectators(view: ReadyView): void;
  /** To every seat and spectator of the table. */
  toAll<E extends ServerEvent>(event: E, ...args: ServerEventArgs<E>): void;
}

/** Where a seat's player is: connected, or gone since when (host clock). */
export interface SeatPresence {
  readonly connected: boolean;
  readonly goneSince: number | null;
}

/** The connections of one table: who holds which seat, who watches, and the way to reach them. */
export interface TableConnections extends TableTransport {
  /** The seat this connection speaks for at this table, 'spectator', or null. */
  seatOf(conn: ConnectionId): Seat | 'spectator' | null;
  /** Binds the connection to a seat; a connection already holding that seat is superseded. */
  takeSeat(conn: ConnectionId, seat: Seat): void;
  /** Binds the connection as a spectator of this table. */
  watch(conn: ConnectionId): void;
  /** The connection leaves this table on purpose; a seat it held is free of connections. */
  release(conn: ConnectionId): void;
  /** The connection was given a view in a reply (game:sync); it gets the events that led to it now. */
  viewed(conn: ConnectionId, version: number): void;
  presence(seat: Seat): SeatPresence;
  /** The seat went to a bot: its grace period no longer needs announcing. */
  handedOver(seat: Seat): void;
  /** The owner removed this seat's player (before the start): tell them, and let go of their connection. */
  evict(seat: Seat): void;
  spectatorCount(): number;
  /** Someone is seated here on a live connection, or watching. */
  hasConnections(): boolean;
  /** Tells everyone the table closed and lets go of every connection. */
  close(tableId: string): void;
}
