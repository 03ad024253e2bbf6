// Real hosts on port 0 with a temporary data directory, and real socket.io-client clients.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterEach } from 'vitest';
import { type Host, type HostOptions, createHost } from '../../../src/main/host/create-host';
import { silentLog } from '../../../src/main/host/log';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../src/shared/protocol/events';
import type { Reply } from '../../../src/shared/protocol/events';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The same socket without the protocol's event types, to send what no client should (bad payloads, wrong acks). */
export const untyped = (socket: ClientSocket): Socket => socket;

export async function tempDir(prefix = 'chronicle-host-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export interface TestHost extends Host {
  readonly dataDir: string;
  /** Closes the host and every client made with `connect`, then deletes the data directory. */
  dispose(): Promise<void>;
  connect(options?: { autoReconnect?: boolean }): Promise<ClientSocket>;
}

/** Test clients play much faster than people: the default flood limit would cut them off. */
export const FAST_CLIENTS = { burst: 100_000, perSecond: 100_000 };
/** Nor the budgets per device for hints, analyses, exports and replays (tests of those pass `budgets: undefined`). */
export const FAST_BUDGETS = { hint: FAST_CLIENTS, analysis: FAST_CLIENTS, export: FAST_CLIENTS, replay: FAST_CLIENTS };

/** A host on 127.0.0.1:0 with bots that move at once and a quiet log. */
export async function startHost(options: Partial<HostOptions> = {}): Promise<TestHost> {
  const dataDir = options.dataDir ?? (await tempDir());
  const host = await createHost({ port: 0, dataDir, log: silentLog, botDelayMs: 0, rateLimit: FAST_CLIENTS, budgets: FAST_BUDGETS, ...options });
  const clients: ClientSocket[] = [];
  return {
    ...host,
    dataDir,
    connect: async (o) => {
      const c = await connectTo(host.url, o);
      clients.push(c);
      return c;
    },
    dispose: async () => {
      for (const c of clients) c.disconnect();
      await host.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function connectTo(url: string, o: { autoReconnect?: boolean } = {}): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: o.autoReconnect ?? false,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    randomizationFactor: 0,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (e) => {
      if (!(o.autoReconnect ?? false)) reject(e);
    });
  });
}

/**
 * A client bound to its own loopback address (127.x.y.z), as another device on the network would
 * be. With `opened`, the socket is added to it at once, for the test to disconnect after. With
 * `device`, the client names itself as the page does (its device id, `auth.device`), so devices
 * behind one address are told apart.
 */
export function connectFrom(url: string, localAddress: string, opened?: ClientSocket[], device?: string): Promise<ClientSocket> {
  // socket.io-client hands `localAddress` to the ws client, which binds the connection to it.
  const auth = device === undefined ? {} : { auth: { device } };
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress, ...auth } as never) as ClientSocket;
  opened?.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A clock the test moves by hand (`clock.t += ms`), for a host started with it. */
export function manualClock(): { t: number; now: () => number } {
  const clock = { t: 1_000_000, now: () => clock.t };
  return clock;
}

/** Any client event with its acknowledgement, untyped: for refusals of bad or guessed payloads. */
export const ask = (s: ClientSocket, event: string, payload: unknown): Promise<Reply<object>> => untyped(s).timeout(20_000).emitWithAck(event, payload);

/** Waits for a condition checked every few milliseconds. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The hosts a test starts one after another on one data directory: all disposed, and the directory deleted, after each test. */
export function disposedAfterEach(dataDir: () => string | undefined): TestHost[] {
  const hosts: TestHost[] = [];
  afterEach(async () => {
    for (const h of hosts.splice(0)) await h.dispose();
    const dir = dataDir();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return hosts;
}
