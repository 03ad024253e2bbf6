// The typed Socket.IO server and socket of the host, and what a connection carries.
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/protocol/events';
import type { Seat } from '../../shared/rules/types';
import type { TokenBucket } from './rate-limit';
import type { Table } from './table';

/** Which table and seat this connection speaks for; set only by join, create, resume, spectate. */
export interface Binding {
  readonly table: Table;
  readonly seat: Seat | 'spectator';
}

export interface SocketData {
  binding: Binding | null;
  /** Version of the last view sent on this connection: views only go forward. */
  sentVersion: number;
  bucket: TokenBucket;
}

type NoInterServerEvents = Record<string, never>;
export type HostServer = Server<ClientToServerEvents, ServerToClientEvents, NoInterServerEvents, SocketData>;
export type HostSocket = Socket<ClientToServerEvents, ServerToClientEvents, NoInterServerEvents, SocketData>;
