// A running host: one HTTP server that serves the built renderer and carries Socket.IO, the
// tables of the data directory loaded back, and every connection's events wired to them.
// Everything that does I/O is passed in, so tests run real hosts on port 0.
import { type Server as HttpServer, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { type Advertiser, noAdvertiser } from './tables/advertiser';
import { type AttemptPolicy, createSecretGuards } from './guards/attempts';
import { DeviceIds } from './guards/devices';
import type { TableGuessPolicy } from './guards/table-guesses';
import { type BotPolicy, randomPolicy } from './seats/bot-seats';
import { type Clock, systemClock } from './clock';
import { type Log, consoleLog } from './log';
import { registerHandlers } from './transport/handlers';
import type { HintProvider } from './table/table';
import type { Analyser } from './replay/replay-session';
import { type Guests, countGuests, guestWatcher, isLoopback } from './guests';
import { createHostCheck } from './guards/origin';
import { newSeed } from './guards/tokens';
import { WRONG_NAME_CSP, wrongNamePage } from './guards/wrong-name';
import { DEFAULT_RATE_LIMIT, type RateLimit, TokenBucket, floodGate } from './guards/rate-limit';
import { reachableAddresses as reachableFrom } from './lan-urls';
import type { Lifecycle } from './tables/lifecycle';
import { TableRegistry } from './tables/registry';
import type { HostServer } from './transport/socket-types';
import { socketTransports } from './transport/connections';
import { staticFiles } from './transport/static-files';
import { AddressBudgets, type CostlyRequest } from './guards/budgets';
import { cachedAnalyser } from './replay/analysis-cache';
import { DiskRoom } from './table-file/disk-room';
import { MAX_MESSAGE_BYTES } from '../../shared/protocol/limits';

export interface HostOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** Address to listen on; 127.0.0.1 unless told otherwise (0.0.0.0 to serve the LAN). */
  readonly host?: string;
  /** Where table files live (`<dataDir>/tables/*.jsonl`). */
  readonly dataDir: string;
  readonly discovery?: Advertiser;
  readonly clock?: Clock;
  /** Each new table's secret seed (random by default; tests pass a seeded sequence to replay the same games). */
  readonly newSeed?: () => string;
  readonly log?: Log;
  /** The built renderer (out/renderer); null or missing serves a short notice instead. */
  readonly staticDir?: string | null;
  /** How long a player may be gone before the owner can hand the seat to a bot. */
  readonly graceMs?: number;
  /** How long a second of a table's "a bot after N seconds" lasts (tests shorten it). */
  readonly secondMs?: number;
  /** The pause before a bot moves, so humans can follow. */
  readonly botDelayMs?: number;
  readonly botPolicy?: BotPolicy;
  /** What the Master would play from a player's view; without it, hints are refused. */
  readonly hint?: HintProvider;
  /** "Could I have won?" for a replayed decision, off the main thread; without it, refused. */
  readonly analyse?: Analyser;
  readonly rateLimit?: RateLimit;
  /** Budgets per device (and per client address) for hints, analyses, exports, replays and knocks (budgets.ts). */
  readonly budgets?: Partial<Record<CostlyRequest, RateLimit>>;
  readonly maxTables?: number;
  /** When idle lobbies go, idle games park, and how many tables one device or address may open. */
  readonly lifecycle?: Partial<Lifecycle>;
  /** Largest message a client may send, in bytes (larger closes the connection). */
  readonly maxMessageBytes?: number;
  /** Browser origins allowed besides the host's own pages (e.g. a dev server). */
  readonly allowedOrigins?: readonly string[];
  /** Host names this machine answers to besides its addresses, `localhost` and its mDNS names. */
  readonly hostNames?: readonly string[];
  /**
   * The LAN addresses the host can be reached on, for the join links it hands out (default:
   * from the listen address: every LAN address for 0.0.0.0, none for loopback).
   */
  readonly reachableAddresses?: () => readonly string[];
  /** Which client addresses are guests (default: any but loopback), for `guests()`. */
  readonly isGuest?: (address: string) => boolean;
  /** Guessing limits for PINs (per table) and PINs and seat tokens (per device and per client address). */
  readonly attempts?: { readonly table?: TableGuessPolicy; readonly device?: AttemptPolicy; readonly address?: AttemptPolicy };
  /**
   * Told when the disk holding `dataDir` refuses writes (full: the games wait) and when it has
   * room again (they go on): the desktop app tells its owner what to free and where.
   */
  readonly onDiskFull?: (full: boolean) => void;
  /** How soon the disk is checked for room after a refused write (tests shorten it; disk-room.ts). */
  readonly diskRetryMs?: { readonly first: number; readonly max: number };
}

export interface Host {
  /** The base URL on this machine, e.g. http://127.0.0.1:7420 */
  readonly url: string;
  readonly port: number;
  readonly tables: TableRegistry;
  readonly io: HostServer;
  /** The HTTP server; more listeners may hand it their connections (the app's LAN door). */
  readonly http: HttpServer;
  /** The players seated at tables in play from other machines (the desktop app's game night). */
  guests(): Guests;
  /** Calls `listener` whenever that number changes; returns an unsubscribe. */
  onGuestsChange(listener: (guests: Guests) => void): () => void;
  /** Stops taking requests, finishes and flushes every table, closes everything. */
  close(): Promise<void>;
}

/** The port hosts try first, so join links stay the same from one game night to the next. */
export const DEFAULT_PORT = 7420;
export const DEFAULT_GRACE_MS = 60_000;
export const DEFAULT_BOT_DELAY_MS = 700;

export async function createHost(options: HostOptions): Promise<Host> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? consoleLog;
  const advertiser = options.discovery ?? noAdvertiser;
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const listenHost = options.host ?? '127.0.0.1';
  let ready = false;
  let port = 0;

  const hostCheck = createHostCheck({
    port: () => port,
    allowedOrigins: options.allowedOrigins,
    hostNames: options.hostNames,
    advertisedNames: () => advertiser.hostNames?.() ?? [],
  });
  const serveFiles = staticFiles(options.staticDir ?? null);
  const reachableAddresses = options.reachableAddresses ?? (() => reachableFrom(listenHost));
  const server = createServer((req, res) => {
    if (hostCheck.requestAllowed(req)) return serveFiles(req, res);
    const headers = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
    // A name not ours (a router's `mybox.lan`): a page naming the addresses that do work,
    // still with the refusal's status. A foreign Origin under our own name: refused plainly.
    if (!hostCheck.hostAllowed(req.headers.host)) {
      res.writeHead(421, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': WRONG_NAME_CSP });
      return res.end(wrongNamePage(req, { port, addresses: reachableAddresses() }));
    }
    res.writeHead(421, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('This host does not answer to that name.\n');
  });
  const guards = createSecretGuards(clock, options.attempts);
  const budgets = new AddressBudgets(clock, options.budgets);
  const devices = new DeviceIds(clock);
  const analyse = options.analyse && cachedAnalyser(options.analyse);
  const io: HostServer = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: options.maxMessageBytes ?? MAX_MESSAGE_BYTES,
    connectTimeout: 10_000,
    // Connections are refused until the tables on disk are loaded, so a reconnecting player
    // never finds their table missing; the client simply retries.
    allowRequest: (req, callback) => callback(null, ready && hostCheck.requestAllowed(req)),
  });

  const transports = socketTransports(io);
  const disk = new DiskRoom({
    dataDir: options.dataDir,
    log,
    told: options.onDiskFull,
    firstRetryMs: options.diskRetryMs?.first,
    maxRetryMs: options.diskRetryMs?.max,
  });
  const registry = new TableRegistry({
    disk,
    dataDir: options.dataDir,
    transport: transports.tables,
    lobby: transports.lobby,
    clock,
    newSeed: options.newSeed ?? newSeed,
    log,
    graceMs: options.graceMs ?? DEFAULT_GRACE_MS,
    secondMs: options.secondMs ?? 1000,
    botDelayMs: options.botDelayMs ?? DEFAULT_BOT_DELAY_MS,
    botPolicy: options.botPolicy ?? randomPolicy(),
    hint: options.hint,
    advertiser,
    maxTables: options.maxTables ?? 64,
    lifecycle: options.lifecycle,
    port: () => port,
    onChange: () => guests.poke(),
  });
  const isGuest = options.isGuest ?? ((address: string) => !isLoopback(address));
  const guests = guestWatcher(() => countGuests(io, registry, isGuest));

  io.on('connection', (socket) => {
    socket.data = { binding: null, sentVersion: -1, bucket: new TokenBucket(rateLimit, clock) };
    socket.use(
      floodGate(socket.data.bucket, () => {
        log.warn('a connection flooded the host and was cut off');
        socket.emit('game:error', { code: 'RATE_LIMITED', message: 'too many messages' });
        socket.disconnect(true);
      }),
    );
    registerHandlers(socket, registry, { log, guards, reachableAddresses, port: () => port, analyse, budgets, devices });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, listenHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  await registry.loadAll();
  ready = true;

  const shownHost = listenHost === '0.0.0.0' || listenHost === '::' ? '127.0.0.1' : listenHost;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`,
    port,
    tables: registry,
    io,
    http: server,
    guests: () => guests.current(),
    onGuestsChange: (listener) => guests.subscribe(listener),
    close: () =>
      (closing ??= (async () => {
        ready = false;
        // Close the connections underneath Socket.IO, as a crash would: clients see a
        // "transport close" and reconnect by themselves. (A Socket.IO disconnect would tell
        // them the server sent them away, and they would never retry.) Dropping them before
        // the tables close also spares them the tables' "closed" notices: to the players the
        // tables are not closing, the host is restarting.
        io.engine.close();
        await registry.close();
        disk.close();
        await advertiser.close().catch((e: unknown) => log.error('stopping the advertiser failed', e));
        await new Promise<void>((resolve) => {
          io.close(() => resolve());
          server.closeAllConnections();
        });
      })()),
  };
}
