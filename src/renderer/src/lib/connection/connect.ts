// A page's connection to one host over a socket, in its parts (see types.ts). Refusals of any
// part's requests go to the one notice on show.
import { HostCalls } from './host-calls.svelte';
import { SocketGameSession } from './game-session.svelte';
import { SocketLobbyFeed } from './lobby-feed.svelte';
import { SocketReplayClient } from './replay-client';
import { type SeatStore, localSeatStore } from './seat-store';
import type { ClientSocket } from './socket';
import type { HostConnection } from './types';
import type { TableId } from '../../../../shared/ids';

export interface ConnectionOptions {
  readonly store?: SeatStore;
  /** How long to wait for the host's acknowledgement. */
  readonly timeoutMs?: number;
  /** A table to sit back down at on the first connection, if this device holds a seat there. */
  readonly resumeTable?: TableId | null;
}

export interface SocketConnection extends HostConnection {
  readonly lobby: SocketLobbyFeed;
  readonly session: SocketGameSession;
  readonly replays: SocketReplayClient;
  readonly notices: HostCalls;
}

export function connect(socket: ClientSocket, options: ConnectionOptions = {}): SocketConnection {
  const calls = new HostCalls(socket, options.timeoutMs ?? 8000);
  return {
    // The feed listens first: on a (re)connection the table list is asked for before the seat is taken back.
    lobby: new SocketLobbyFeed(calls),
    session: new SocketGameSession(calls, options.store ?? localSeatStore(), options.resumeTable ?? null),
    replays: new SocketReplayClient(calls),
    notices: calls,
  };
}
