// Discovery over mDNS/DNS-SD with bonjour-service 1.4.4 (multicast-dns 7.2.5, IPv4 only).
// Notes from its source that shape this file (see reliability-security.md §4.3, toolchain-facts §4):
//  - The multicast-dns socket's `error` event has no listener in bonjour-service: an EADDRINUSE or
//    EACCES would throw. We listen to `error` and `warning` and pass an error callback, so mDNS
//    failures are logged and the socket is re-created on the next network check.
//  - On a name conflict `publish({ probe: true })` stops the service for good and only says so
//    with console.log; it also sends goodbyes for the taken name, which would drop the other
//    device's records from every cache. So we probe with the library's own probe (its
//    registry's `probe`, the same three queries 250 ms apart) and learn the answer, then
//    publish without probing once the names are free; on a conflict the advertiser renames and
//    probes again (RFC 6762 §9, name-policy.ts). The library probes only the service name: we
//    run the same probe on the SRV target host name too.
//  - Its probe takes ANY response naming the name for a conflict. Our own records never answer
//    a probe: a name is probed only before it is registered on this socket. Goodbyes (TTL 0) are
//    kept from it: one gives a name up rather than holding it, and ours for a name we keep while
//    renaming the other one (conflict.ts) would otherwise look like another device.
//  - `service.stop()` unregisters records *by name*, A/AAAA included; with a shared host name, stopping
//    one table would drop the addresses of all the others. Each table therefore gets its own SRV
//    target `chronicle-<id>.local` (also keeps us clear of the OS responder's `<hostname>.local`).
//    The PTR `_chronicle._tcp.local` is shared all the same: stopping one table (a withdrawal, a
//    TXT update, a rename) took every table's PTR out of the responder, and the others stopped
//    answering browse queries. After a stop the tables still published are registered again.
//  - The browser never expires services (PTR TTL is 8 h) and queries only once: we re-query with
//    back-off and drop what has not answered for `staleAfterMs`; goodbyes drop after 1 s (RFC 6762
//    §10.1), which also hides the goodbye/announce pair of a TXT update from our own clients.
//  - Multicast memberships go stale when the network changes: when the interface list changes we
//    re-create the mDNS socket and re-advertise everything (probing again, RFC 6762 §8).
//
// This file: the slice of bonjour-service we use, and the keeper of the mDNS socket (re-created
// when the network changes, with growing pauses while it keeps failing). The advertiser is
// bonjour-advertiser.ts, the browser bonjour-browser.ts.
import { networkInterfaces } from 'node:os';
import { Bonjour, type BrowserConfig, type ServiceConfig } from 'bonjour-service';
import type { DiscoveryLog, DiscoveryLogLevel } from './discovery';
import { RETRY_MAX_MS, retryDelay } from './name-policy';

/** DNS-SD service type: `_chronicle._tcp.local` (application name ≤ 15 chars, RFC 6763 §7.2). */
export const SERVICE_TYPE = 'chronicle';
export const SERVICE_DOMAIN = `_${SERVICE_TYPE}._tcp.local`;

// ---- the slice of bonjour-service we use (real adapter below; tests may inject a fake) --------

/** A resource record as multicast-dns decodes it. */
export interface MdnsRecord {
  readonly name: string;
  readonly type: string;
  readonly ttl?: number;
  readonly data?: unknown;
  /** `IN` for everything here; the cache-flush bit is decoded apart. */
  readonly class?: string;
  readonly flush?: boolean;
}
/** Where a packet came from (multicast-dns's rinfo). */
export interface MdnsSender {
  readonly address: string;
  readonly port: number;
}
export interface MdnsPacket {
  readonly answers?: readonly MdnsRecord[];
  readonly additionals?: readonly MdnsRecord[];
}
/** What bonjour-service's browser assembles from PTR/SRV/TXT/A records. */
export interface BrowsedService {
  readonly name?: string;
  readonly fqdn?: string;
  readonly port?: number;
  readonly addresses?: readonly string[];
  readonly referer?: { readonly address: string; readonly family: string };
  /** TXT strings as received (Buffers). */
  readonly rawTxt?: unknown;
}
export interface PublishedService {
  /** The records it announces (PTR, SRV, TXT, the host's A/AAAA), as sent. */
  readonly records: readonly MdnsRecord[];
  once(event: 'up', listener: () => void): unknown;
  stop(callback?: (err?: unknown) => void): void;
}
export interface ServiceBrowser {
  readonly services: readonly BrowsedService[];
  update(): void;
  stop(): void;
}
/** One mDNS socket with its responder and browser. */
export interface MdnsStack {
  /**
   * Asks the link whether any device answers for these names (full names: an instance's
   * `<name>._chronicle._tcp.local`, a host's `<host>.local`); calls back once, within about a
   * second, with the names something answered for, and the error of a query that could not be
   * sent (then nobody could have answered: the names are not known to be free).
   */
  probe(names: readonly string[], callback: (taken: string[], sendError?: unknown) => void): void;
  /** Announces a service; the advertiser probes its names first (`probe: false` here). */
  publish(config: ServiceConfig): PublishedService;
  /** Multicasts a response holding these records (a name defended: conflict.ts). */
  respond(records: readonly MdnsRecord[], callback: (err?: unknown) => void): void;
  unpublishAll(callback: (err?: unknown) => void): void;
  find(config: BrowserConfig): ServiceBrowser;
  destroy(callback: () => void): void;
  /** multicast-dns events: 'response' (packet, rinfo), 'error', 'warning'. */
  on(event: 'response', listener: (packet: MdnsPacket, sender?: MdnsSender) => void): void;
  on(event: 'error' | 'warning', listener: (err: unknown) => void): void;
}
export interface MdnsSocketOptions {
  readonly interface?: string;
  readonly bind?: string;
}
export type MdnsStackFactory = (options: MdnsSocketOptions, onError: (err: unknown) => void) => MdnsStack;

/** The part of a multicast-dns instance the stack uses. */
interface MulticastDns {
  on(event: string, listener: (...args: never[]) => void): void;
  removeListener(event: string, listener: (...args: never[]) => void): void;
  query(name: string, type: string, sent: (err?: unknown) => void): void;
  respond(packet: { answers: MdnsRecord[] }, sent: (err?: unknown) => void): void;
}

type PacketListener = (packet: MdnsPacket) => void;

/** The registry's probe: `(mdns, service, done(exists))`, reading `fqdn`, `activated`, `destroyed`. */
type RegistryProbe = (mdns: unknown, service: { fqdn: string; activated: boolean; destroyed: boolean }, done: (exists: boolean) => void) => void;

/** The real stack: a bonjour-service instance and its multicast-dns socket. */
export const createBonjourStack: MdnsStackFactory = (options, onError) => {
  const socketOptions: Record<string, string> = {};
  if (options.interface !== undefined) socketOptions.interface = options.interface;
  if (options.bind !== undefined) socketOptions.bind = options.bind;
  // The constructor's options go to multicast-dns; bonjour-service types them as ServiceConfig.
  const bonjour = new Bonjour(socketOptions, onError);
  // `server` and `registry` are private (and untyped) in the typings; the server's multicast-dns
  // instance is where errors surface, the registry's probe is the library's name check. Element
  // access is TypeScript's way in to a private member.
  const server: { mdns?: unknown; register?: unknown } | undefined = bonjour['server'];
  const registry: { probe?: unknown } | undefined = bonjour['registry'];
  const mdns = server?.mdns as { on?: unknown } | undefined;
  if (!mdns || typeof mdns.on !== 'function') throw new Error('bonjour-service internals changed: no server.mdns');
  if (typeof registry?.probe !== 'function') throw new Error('bonjour-service internals changed: no registry.probe');
  if (typeof server?.register !== 'function') throw new Error('bonjour-service internals changed: no server.register');
  // The responder's own records (answers to queries); it skips a record it holds already.
  const register = (server.register as (records: MdnsRecord[]) => void).bind(server);
  const published = new Set<{ records(): MdnsRecord[] }>();
  const probeOne = (registry.probe as RegistryProbe).bind(registry);
  const events = mdns as MulticastDns;
  let destroyed = false;
  // What one probe sees of the socket: its queries' send errors are kept for its answer (the
  // library's probe ignores them). A query sent after `destroy` on a socket whose bind had failed
  // throws from inside the probe's timer (multicast-dns binds again, and a closed socket throws
  // "Not running"): such a query is dropped, and the probe goes on to its end unanswered. The
  // responses it reads are without goodbyes (TTL 0): a name given up is not a name taken.
  const probeSocket = (failed: (err: unknown) => void) => {
    const live = (records?: readonly MdnsRecord[]): MdnsRecord[] => (records ?? []).filter((r) => r.ttl !== 0);
    const wrapped = new Map<PacketListener, PacketListener>();
    const wrap = (listener: PacketListener): PacketListener => {
      const withoutGoodbyes: PacketListener = (packet) => listener({ ...packet, answers: live(packet.answers), additionals: live(packet.additionals) });
      wrapped.set(listener, withoutGoodbyes);
      return withoutGoodbyes;
    };
    return {
      // The library's probe listens to 'response' only.
      on: (event: 'response', listener: PacketListener) => events.on(event, wrap(listener)),
      removeListener: (event: 'response', listener: PacketListener) => events.removeListener(event, wrapped.get(listener) ?? listener),
      query: (name: string, type: string, sent: () => void) => {
        if (!destroyed) {
          try {
            return events.query(name, type, (err?: unknown) => {
              if (err) failed(err);
              sent();
            });
          } catch (err) {
            failed(err);
          }
        }
        setImmediate(sent);
      },
    };
  };
  return {
    probe: (names, callback) => {
      const taken: string[] = [];
      let sendError: unknown = undefined;
      const socket = probeSocket((err) => (sendError ??= err));
      let left = names.length;
      if (left === 0) return queueMicrotask(() => callback([]));
      for (const name of names) {
        // A probe stops sending once `activated` is false or `destroyed` true: left as they are,
        // each runs its three queries to the end and removes its listener.
        probeOne(socket, { fqdn: name, activated: true, destroyed: false }, (exists) => {
          if (exists) taken.push(name);
          if (--left === 0) callback(taken, sendError);
        });
      }
    },
    publish: (config) => {
      const service = bonjour.publish(config);
      published.add(service);
      // What the registry announced just now (it computes the same list when it announces).
      const records: MdnsRecord[] = service.records();
      return {
        records,
        once: (event, listener) => service.once(event, listener),
        // Typed `CallableFunction | undefined` by the library; set by its registry on publish.
        stop: (callback) => {
          published.delete(service);
          service.stop?.(callback); // unregisters at once, by name (see the top of this file)
          for (const other of published) register(other.records());
        },
      };
    },
    respond: (records, callback) => {
      if (destroyed) return queueMicrotask(() => callback(new Error('mDNS stack closed')));
      events.respond({ answers: [...records] }, callback);
    },
    unpublishAll: (callback) => {
      published.clear();
      bonjour.unpublishAll(callback);
    },
    find: (config) => bonjour.find(config),
    destroy: (callback) => {
      destroyed = true;
      bonjour.destroy(callback);
    },
    on: (event: string, listener: (...args: never[]) => void) => events.on(event, listener),
  };
};

// ---- shared plumbing: options, logging, network watch -----------------------------------------

export interface MdnsOptions extends MdnsSocketOptions {
  /** Where to report; default: warnings to console.warn, nothing else. */
  readonly log?: DiscoveryLog;
  /** How often to look at the network interfaces (ms); 0 = never. Default 3000. */
  readonly networkPollMs?: number;
  /** Snapshot of the network configuration; when it changes the mDNS socket is re-created. */
  readonly networkKey?: () => string;
  /** The mDNS stack factory (tests inject a fake). */
  readonly createStack?: MdnsStackFactory;
}

export const defaultLog: DiscoveryLog = (level, message) => {
  if (level === 'warn') console.warn(`[discovery] ${message}`);
};

/** Non-internal addresses per interface (libuv lists only interfaces that are up and running). */
export function defaultNetworkKey(): string {
  const entries: string[] = [];
  for (const [name, addresses] of Object.entries(networkInterfaces())) {
    for (const a of addresses ?? []) if (!a.internal) entries.push(`${name}/${a.address}`);
  }
  return entries.sort().join(',');
}

export function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
}

/**
 * Owns one mDNS stack at a time: creates it, logs its errors, re-creates it when the network
 * configuration changes, or after a socket error once a pause has passed (1, 2, 4 ... 60 s while
 * it keeps failing; checked every `networkPollMs`).
 */
export class StackKeeper {
  stack: MdnsStack | null = null;
  private broken = false;
  /** Failures in a row: each doubles the pause before the next try. */
  private failures = 0;
  private retryAt = 0;
  private startedAt = 0;
  private lastKey: string;
  private readonly poll: ReturnType<typeof setInterval> | null = null;
  private lastError = '';

  constructor(
    private readonly options: MdnsOptions,
    readonly log: DiscoveryLog,
    private readonly onStack: (stack: MdnsStack, reason: 'start' | 'network' | 'recover') => void,
    /** Called when the stack breaks (the socket is unusable until the next try). */
    private readonly onBroken: () => void = () => {},
  ) {
    const networkKey = options.networkKey ?? defaultNetworkKey;
    this.lastKey = networkKey();
    this.start('start');
    const pollMs = options.networkPollMs ?? 3000;
    if (pollMs > 0) {
      this.poll = setInterval(() => {
        let key: string;
        try {
          key = networkKey();
        } catch (err) {
          this.log('warn', `cannot read network interfaces: ${errorText(err)}`);
          return;
        }
        if (key !== this.lastKey) {
          this.lastKey = key;
          this.failures = 0; // a new network: start again from the shortest pause
          this.log('info', `network changed (${key || 'no interfaces'}): restarting mDNS`);
          this.start('network');
        } else if (this.broken && Date.now() >= this.retryAt) {
          this.start('recover');
        }
      }, pollMs);
      this.poll.unref();
    }
  }

  /** No usable socket now: waiting for the next try. */
  get failing(): boolean {
    return this.broken;
  }

  private report(level: DiscoveryLogLevel, what: string, err: unknown): void {
    const text = `${what}: ${errorText(err)}`;
    // The same failure repeats at every try while the network is down: say it once.
    this.log(text === this.lastError ? 'debug' : level, text);
    this.lastError = text;
  }

  private fail(): void {
    const now = Date.now();
    // A socket that worked for a long while before failing starts the pauses over.
    this.failures = now - this.startedAt > RETRY_MAX_MS ? 1 : this.failures + 1;
    this.retryAt = now + retryDelay(this.failures);
    this.broken = true;
    this.onBroken();
  }

  private start(reason: 'start' | 'network' | 'recover'): void {
    this.dispose();
    this.broken = false;
    this.startedAt = Date.now();
    const create = this.options.createStack ?? createBonjourStack;
    let stack: MdnsStack;
    try {
      stack = create({ interface: this.options.interface, bind: this.options.bind }, (err) => this.report('warn', 'mDNS send failed', err));
    } catch (err) {
      this.report('warn', 'cannot start mDNS', err);
      this.fail();
      return;
    }
    stack.on('error', (err) => {
      // EADDRINUSE/EACCES or a failed bind: the socket is unusable, re-create it after a pause.
      this.report('warn', 'mDNS socket error', err);
      if (this.stack === stack && !this.broken) this.fail();
    });
    stack.on('warning', (err) => this.report('debug', 'mDNS warning', err));
    this.stack = stack;
    this.onStack(stack, reason);
  }

  /** Destroys the current stack without goodbyes (used when its network is gone). */
  private dispose(): void {
    const old = this.stack;
    this.stack = null;
    if (!old) return;
    try {
      old.destroy(() => {});
    } catch (err) {
      this.report('debug', 'mDNS destroy failed', err);
    }
  }

  /** Stops watching; `finish` runs on the live stack (if any) and must end by destroying it. */
  async close(finish: (stack: MdnsStack) => Promise<void>): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    const stack = this.stack;
    this.stack = null;
    if (!stack) return;
    try {
      await finish(stack);
    } catch (err) {
      this.report('debug', 'mDNS close failed', err);
    }
  }
}

/** Resolves when `run(done)` calls done, or after `ms` at the latest. */
export function settle(ms: number, run: (done: () => void) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    try {
      run(done);
    } catch {
      done();
    }
  });
}
