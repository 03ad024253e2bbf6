// The typed Socket.IO server and socket of the host, and what a connection carries.
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../shared/protocol/events';
import type { Seat } from '../../../shared/rules/types';
import type { TokenBucket } from '../guards/rate-limit';
import type { ReplaySession } from '../replay/replay-session';

/** Which table and seat this connection speaks for; set only by join, create, resume, spectate. */
export interface Binding {
  readonly tableId: string;
  readonly seat: Seat | 'spectator';
  /** Lets go of the connection at that table: it is gone or moves to another seat. */
  readonly detach: () => void;
}

export interface SocketData {
  binding: Binding | null;
  /** Version of the last view sent on this connection: views only go forward. */
  sentVersion: number;
  bucket: TokenBucket;
  /** A game record this connection opened to replay. */
  replay?: ReplaySession | null;
}

type NoInterServerEvents = Record<string, never>;

export type HostServer = Server<ClientToServerEvents, ServerToClientEvents, NoInterServerEvents, SocketData>;
export type HostSocket = Socket<ClientToServerEvents, ServerToClientEvents, NoInterServerEvents, SocketData>;
