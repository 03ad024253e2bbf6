// The only module that imports socket.io-client. It narrows the typed Socket.IO client to the
// few calls the connection needs, so tests can hand the connection a fake socket instead.
import { io, type Socket } from 'socket.io-client';
import type { ClientEvent, ClientToServerEvents, PayloadOf, ServerToClientEvents } from '../../../../shared/protocol/events';

/** The reply type of a client event's acknowledgement. */
export type ReplyOf<E extends ClientEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

export type SocketLifecycle = 'connect' | 'disconnect' | 'connect_error';

export interface ClientSocket {
  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): void;
  /** Connection lifecycle; `detail` is the reason or error message. */
  onLifecycle(listener: (what: SocketLifecycle, detail: string) => void): void;
  /** Emit with an acknowledgement; rejects when the host does not answer within `timeoutMs`. */
  request<E extends ClientEvent>(event: E, payload: PayloadOf<E>, timeoutMs: number): Promise<ReplyOf<E>>;
  /** Connect again after the host closed the connection (Socket.IO does not retry then by itself). */
  reconnect(): void;
  close(): void;
}

export interface SocketAuth {
  readonly protocolVersion: number;
  /** This browser's device id (device-id.ts), for the host's bounds per device. */
  readonly device?: string;
}

/** Where a device that slept says it woke: the page back in view, the network back. */
export interface WakeSignals {
  /** Fires `visibilitychange` (the page's document). */
  readonly doc?: EventTarget & { readonly visibilityState: string };
  /** Fires `online` (the page's window). */
  readonly win?: EventTarget;
}

export interface SocketOptions {
  /** Default: this page's document and window (none outside a browser). */
  readonly wake?: WakeSignals;
  /** The pause between retries, growing from `min` to `max` (tests lengthen it). */
  readonly retryDelayMs?: { readonly min: number; readonly max: number };
}

/** The page's document and window; none where there is no page (this module also runs under Node in tests). */
function pageSignals(): WakeSignals {
  const page = globalThis as Partial<EventTarget> & { readonly document?: WakeSignals['doc'] };
  return {
    ...(page.document ? { doc: page.document } : {}),
    ...(typeof page.addEventListener === 'function' ? { win: page as EventTarget } : {}),
  };
}

/** Connect to the host at `url` (the page's own origin when served by the host). */
export function createSocket(url: string, auth: SocketAuth, options: SocketOptions = {}): ClientSocket {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    auth: { ...auth },
    // WebSocket first: the lobby is live after one round trip instead of long-polling's three,
    // which a phone's busy first second feels most (bench/first-load.ts). If it fails (a proxy
    // in the way), long-polling is tried in the same attempt, and every later attempt uses
    // Socket.IO's own order (long-polling, then the upgrade), so nothing between a phone and
    // the host stops it.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // Retry at most ~2.6 s apart (2 s ± 30 %), so a restarted host has its players back
    // within 3 s; a handful of players retrying that often costs a LAN host nothing.
    reconnectionDelay: options.retryDelayMs?.min ?? 250,
    reconnectionDelayMax: options.retryDelayMs?.max ?? 2000,
    randomizationFactor: 0.3,
  });
  socket.on('connect_error', () => {
    socket.io.opts.transports = ['polling', 'websocket'];
  });
  // A phone that slept wakes with its next retry up to the longest pause away (its timers stood
  // still while it slept): it tries at once instead, so a woken player is back at the table as
  // the screen comes on. Only while Socket.IO is retrying by itself (`active`): not after the
  // host or the page closed the connection on purpose (a seat opened in another tab).
  const wake = options.wake ?? pageSignals();
  const retryNow = (): void => {
    if (socket.connected || !socket.active || wake.doc?.visibilityState === 'hidden') return;
    socket.disconnect(); // drops the waiting retry and its backoff…
    socket.connect(); // …and tries now (failing, the retries go on from the shortest pause)
  };
  wake.doc?.addEventListener('visibilitychange', retryNow);
  wake.win?.addEventListener('online', retryNow);
  return {
    on(event, listener) {
      // Socket.IO's listener typing cannot follow a generic event name: this method's own
      // signature ties the listener to its event, so the socket may take both untyped.
      const untyped: Socket = socket;
      const name: string = event;
      untyped.on(name, listener);
    },
    onLifecycle(listener) {
      socket.on('connect', () => listener('connect', ''));
      socket.on('disconnect', (reason) => listener('disconnect', reason));
      socket.on('connect_error', (error) => listener('connect_error', error.message));
    },
    request(event, payload, timeoutMs) {
      const emit = socket.timeout(timeoutMs).emitWithAck as (e: ClientEvent, p: unknown) => Promise<unknown>;
      return emit.call(socket.timeout(timeoutMs), event, payload) as Promise<ReplyOf<typeof event>>;
    },
    reconnect() {
      socket.connect();
    },
    close() {
      wake.doc?.removeEventListener('visibilitychange', retryNow);
      wake.win?.removeEventListener('online', retryNow);
      socket.close();
    },
  };
}
