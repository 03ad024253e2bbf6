// Discovery over mDNS/DNS-SD with bonjour-service 1.4.4 (multicast-dns 7.2.5, IPv4 only).
// Notes from its source that shape this file (see reliability-security.md §4.3, toolchain-facts §4):
//  - The multicast-dns socket's `error` event has no listener in bonjour-service: an EADDRINUSE or
//    EACCES would throw. We listen to `error` and `warning` and pass an error callback, so mDNS
//    failures are logged and the socket is re-created on the next network check.
//  - On a name conflict bonjour-service silently stops the service: instance names carry a short id
//    hashed from the table id and a per-process random salt, so they are unique on the link.
//  - `service.stop()` unregisters records *by name*, A/AAAA included; with a shared host name, stopping
//    one table would drop the addresses of all the others. Each table therefore gets its own SRV
//    target `chronicle-<id>.local` (also keeps us clear of the OS responder's `<hostname>.local`).
//  - The browser never expires services (PTR TTL is 8 h) and queries only once: we re-query with
//    back-off and drop what has not answered for `staleAfterMs`; goodbyes drop after 1 s (RFC 6762
//    §10.1), which also hides the goodbye/announce pair of a TXT update from our own clients.
//  - Multicast memberships go stale when the network changes: when the interface list changes we
//    re-create the mDNS socket and re-advertise everything (probing again, RFC 6762 §8).
import { createHash, randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { Bonjour, type BrowserConfig, type ServiceConfig } from 'bonjour-service';
import type {
  AdvertisedTable,
  Discovery,
  DiscoveryLog,
  DiscoveryLogLevel,
  FoundTable,
  TableBrowser,
  TablesChanged,
} from './discovery';
import { advertisedName, encodeTableTxt, parseTableTxt, truncateUtf8, utf8Length } from './txt';

/** DNS-SD service type: `_chronicle._tcp.local` (application name ≤ 15 chars, RFC 6763 §7.2). */
export const SERVICE_TYPE = 'chronicle';
const SERVICE_DOMAIN = `_${SERVICE_TYPE}._tcp.local`;

// ---- the slice of bonjour-service we use (real adapter below; tests may inject a fake) --------

/** A resource record as multicast-dns decodes it. */
export interface MdnsRecord {
  readonly name: string;
  readonly type: string;
  readonly ttl?: number;
  readonly data?: unknown;
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
  once(event: 'up', listener: () => void): unknown;
  stop(callback?: (err?: unknown) => void): void;
}
export interface ServiceBrowser {
  readonly services: readonly BrowsedService[];
  on(event: 'down', listener: (service: BrowsedService) => void): unknown;
  update(): void;
  stop(): void;
}
/** One mDNS socket with its responder and browser. */
export interface MdnsStack {
  publish(config: ServiceConfig): PublishedService;
  unpublishAll(callback: (err?: unknown) => void): void;
  find(config: BrowserConfig): ServiceBrowser;
  destroy(callback: () => void): void;
  /** multicast-dns events: 'response' (packet, rinfo), 'error', 'warning'. */
  on(event: 'response', listener: (packet: MdnsPacket) => void): void;
  on(event: 'error' | 'warning', listener: (err: unknown) => void): void;
}
export interface MdnsSocketOptions {
  readonly interface?: string;
  readonly bind?: string;
}
export type MdnsStackFactory = (options: MdnsSocketOptions, onError: (err: unknown) => void) => MdnsStack;

/** The real stack: a bonjour-service instance and its multicast-dns socket. */
export const createBonjourStack: MdnsStackFactory = (options, onError) => {
  const socketOptions: Record<string, string> = {};
  if (options.interface !== undefined) socketOptions.interface = options.interface;
  if (options.bind !== undefined) socketOptions.bind = options.bind;
  // The constructor's options go to multicast-dns; bonjour-service types them as ServiceConfig.
  const bonjour = new Bonjour(socketOptions, onError);
  // `server` is private in the typings; its multicast-dns instance is where errors surface.
  const server = (bonjour as unknown as { server?: { mdns?: unknown } }).server;
  const mdns = server?.mdns as { on?: unknown } | undefined;
  if (!mdns || typeof mdns.on !== 'function') throw new Error('bonjour-service internals changed: no server.mdns');
  const events = mdns as { on(event: string, listener: (...args: never[]) => void): void };
  return {
    publish: (config) => {
      const service = bonjour.publish(config);
      return {
        once: (event, listener) => service.once(event, listener),
        stop: (callback) => service.stop?.(callback),
      };
    },
    unpublishAll: (callback) => bonjour.unpublishAll(callback),
    find: (config) => bonjour.find(config),
    destroy: (callback) => bonjour.destroy(callback),
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

const defaultLog: DiscoveryLog = (level, message) => {
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

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
}

/**
 * Owns one mDNS stack at a time: creates it, logs its errors, re-creates it when the network
 * configuration changes or after a socket error (checked every `networkPollMs`).
 */
class StackKeeper {
  stack: MdnsStack | null = null;
  private broken = false;
  private lastKey: string;
  private readonly poll: ReturnType<typeof setInterval> | null = null;
  private lastError = '';

  constructor(
    private readonly options: MdnsOptions,
    readonly log: DiscoveryLog,
    private readonly onStack: (stack: MdnsStack, reason: 'start' | 'network' | 'recover') => void,
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
          this.log('info', `network changed (${key || 'no interfaces'}): restarting mDNS`);
          this.start('network');
        } else if (this.broken) {
          this.start('recover');
        }
      }, pollMs);
      this.poll.unref();
    }
  }

  private report(level: DiscoveryLogLevel, what: string, err: unknown): void {
    const text = `${what}: ${errorText(err)}`;
    // The same failure repeats at every poll while the network is down: say it once.
    this.log(text === this.lastError ? 'debug' : level, text);
    this.lastError = text;
  }

  private start(reason: 'start' | 'network' | 'recover'): void {
    this.dispose();
    this.broken = false;
    const create = this.options.createStack ?? createBonjourStack;
    let stack: MdnsStack;
    try {
      stack = create({ interface: this.options.interface, bind: this.options.bind }, (err) =>
        this.report('warn', 'mDNS send failed', err),
      );
    } catch (err) {
      this.broken = true;
      this.report('warn', 'cannot start mDNS', err);
      return;
    }
    stack.on('error', (err) => {
      // EADDRINUSE/EACCES or a failed bind: the socket is unusable, re-create it at the next poll.
      if (this.stack === stack) this.broken = true;
      this.report('warn', 'mDNS socket error', err);
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
function settle(ms: number, run: (done: () => void) => void): Promise<void> {
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

// ---- host side --------------------------------------------------------------------------------

export interface BonjourDiscoveryOptions extends MdnsOptions {
  /** Minimum time between two re-publications of one table (ms). Default 1000 (RFC 6762 §8.4). */
  readonly minUpdateIntervalMs?: number;
}

interface Advert {
  table: AdvertisedTable;
  txt: Record<string, string>;
  readonly instance: string;
  readonly hostName: string;
  service: PublishedService | null;
  lastPublished: number;
  timer: ReturnType<typeof setTimeout> | null;
}

const INSTANCE_NAME_BYTES = 40; // + " (" + 6-char id + ")" stays well under the 63-byte label limit

/** `Friday night (k3f9ab)`: the table name (dots replaced, DNS labels cannot hold them) + short id. */
export function instanceName(tableName: string, shortId: string): string {
  const base = truncateUtf8(advertisedName(tableName).replace(/\./g, '-'), INSTANCE_NAME_BYTES);
  const name = `${base} (${shortId})`;
  if (utf8Length(name) > 63) throw new Error('instance name over 63 bytes'); // cannot happen
  return name;
}

function sameTxt(a: Record<string, string>, b: Record<string, string>): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

class BonjourDiscovery implements Discovery {
  private readonly adverts = new Map<string, Advert>();
  private readonly salt = randomBytes(8).toString('hex');
  private readonly keeper: StackKeeper;
  private readonly minUpdateIntervalMs: number;
  private closed = false;

  constructor(options: BonjourDiscoveryOptions) {
    this.minUpdateIntervalMs = options.minUpdateIntervalMs ?? 1000;
    this.keeper = new StackKeeper(options, options.log ?? defaultLog, (_stack, reason) => {
      if (reason === 'start') return; // nothing advertised yet
      if (this.adverts.size > 0) this.log('info', `re-advertising ${this.adverts.size} table(s) (${reason})`);
      for (const advert of this.adverts.values()) {
        advert.service = null; // went with the old socket
        this.publish(advert, true);
      }
    });
  }

  private get log(): DiscoveryLog {
    return this.keeper.log;
  }

  advertise(table: AdvertisedTable): void {
    if (typeof table.tableId !== 'string' || table.tableId === '') throw new RangeError('tableId must be a non-empty string');
    if (!Number.isInteger(table.port) || table.port < 1 || table.port > 65535) throw new RangeError('port must be 1..65535');
    const txt = encodeTableTxt(table);
    if (this.closed) {
      this.log('warn', `advertise after close ignored (${table.tableId})`);
      return;
    }
    const existing = this.adverts.get(table.tableId);
    if (!existing) {
      const shortId = createHash('sha256').update(`${this.salt}:${table.tableId}`).digest('hex').slice(0, 6);
      const advert: Advert = {
        table,
        txt,
        instance: instanceName(table.name, shortId),
        hostName: `chronicle-${shortId}.local`,
        service: null,
        lastPublished: 0,
        timer: null,
      };
      this.adverts.set(table.tableId, advert);
      this.publish(advert, true);
      return;
    }
    const changed = existing.table.port !== table.port || !sameTxt(existing.txt, txt);
    existing.table = table;
    existing.txt = txt;
    if (!changed || existing.timer) return; // a scheduled update will pick the latest data
    const wait = existing.lastPublished + this.minUpdateIntervalMs - Date.now();
    if (wait <= 0) this.republish(existing);
    else existing.timer = setTimeout(() => this.republish(existing), wait);
  }

  withdraw(tableId: string): void {
    const advert = this.adverts.get(tableId);
    if (!advert) return;
    this.adverts.delete(tableId);
    if (advert.timer) clearTimeout(advert.timer);
    const service = advert.service;
    advert.service = null;
    this.stopService(service, advert.instance, () => this.log('info', `withdrew "${advert.instance}"`));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const advert of this.adverts.values()) if (advert.timer) clearTimeout(advert.timer);
    this.adverts.clear();
    await this.keeper.close(async (stack) => {
      // Goodbyes (TTL 0) for everything still published, then close the socket (watson/bonjour #55).
      await settle(2000, (done) =>
        stack.unpublishAll((err) => {
          if (err) this.log('warn', `goodbye failed: ${errorText(err)}`);
          done();
        }),
      );
      await settle(1000, (done) => stack.destroy(done));
    });
  }

  private publish(advert: Advert, probe: boolean): void {
    const stack = this.keeper.stack;
    advert.lastPublished = Date.now();
    if (!stack) return; // no socket now: the next network change or recovery re-advertises
    try {
      const service = stack.publish({
        name: advert.instance,
        type: SERVICE_TYPE,
        protocol: 'tcp',
        port: advert.table.port,
        host: advert.hostName,
        txt: advert.txt,
        probe,
      });
      advert.service = service;
      service.once('up', () => {
        if (advert.service === service) this.log('info', `advertising "${advert.instance}" on port ${advert.table.port}`);
      });
    } catch (err) {
      advert.service = null;
      this.log('warn', `cannot advertise "${advert.instance}": ${errorText(err)}`);
    }
  }

  /** New TXT or port: goodbye for the old records, then announce the new ones (no probing, the name is ours). */
  private republish(advert: Advert): void {
    advert.timer = null;
    if (this.adverts.get(advert.table.tableId) !== advert) return;
    const old = advert.service;
    advert.service = null;
    advert.lastPublished = Date.now();
    this.stopService(old, advert.instance, () => {
      if (this.adverts.get(advert.table.tableId) === advert && advert.service === null) this.publish(advert, false);
    });
  }

  private stopService(service: PublishedService | null, instance: string, then: () => void): void {
    if (!service) {
      then();
      return;
    }
    try {
      service.stop((err) => {
        if (err) this.log('warn', `goodbye for "${instance}" failed: ${errorText(err)}`);
        then();
      });
    } catch (err) {
      this.log('warn', `cannot stop "${instance}": ${errorText(err)}`);
      then();
    }
  }
}

/** Host side: advertises tables over mDNS. */
export function createBonjourDiscovery(options: BonjourDiscoveryOptions = {}): Discovery {
  return new BonjourDiscovery(options);
}

// ---- browser side -----------------------------------------------------------------------------

export interface BrowseOptions extends MdnsOptions {
  /** Longest interval between queries (ms); queries start 1 s apart and double up to it. Default 10000. */
  readonly requeryMs?: number;
  /** A table that has not answered for this long is dropped (ms). Default 3.5 × requeryMs. */
  readonly staleAfterMs?: number;
  /** Delay between a goodbye and the removal (RFC 6762 §10.1: 1 s). Default 1000. */
  readonly goodbyeGraceMs?: number;
}

interface Sighting {
  service: BrowsedService;
  lastSeen: number;
  goodbyeAt: number | null;
}

const isIPv4 = (address: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(address);

/**
 * The address to dial: the source of the answering packet when it is one of the advertised
 * addresses, or when none is advertised / it is loopback (bonjour-service advertises only
 * non-internal addresses); otherwise the first advertised IPv4 address.
 */
export function pickAddress(service: BrowsedService): string | null {
  const referer = service.referer && isIPv4(service.referer.address) ? service.referer.address : undefined;
  const v4 = (service.addresses ?? []).filter(isIPv4);
  if (referer && (v4.length === 0 || v4.includes(referer) || referer.startsWith('127.'))) return referer;
  return v4.find((a) => !a.startsWith('169.254.')) ?? v4[0] ?? referer ?? null;
}

function rawTxtStrings(raw: unknown): Uint8Array[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.every((s) => s instanceof Uint8Array) ? raw : null;
}

const lower = (name: string): string => name.toLowerCase();

class BonjourTableBrowser implements TableBrowser {
  private readonly sightings = new Map<string, Sighting>(); // by lower-case fqdn
  private readonly reported = new Map<string, string>(); // fqdn -> last reason it was not listed
  private current: FoundTable[] = [];
  private browser: ServiceBrowser | null = null;
  private readonly keeper: StackKeeper;
  private readonly requeryMs: number;
  private readonly staleAfterMs: number;
  private readonly goodbyeGraceMs: number;
  private queryDelay = 1000;
  private queryTimer: ReturnType<typeof setTimeout> | null = null;
  private sweepTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    options: BrowseOptions,
    private readonly onChange: TablesChanged,
  ) {
    this.requeryMs = Math.max(1000, options.requeryMs ?? 10_000);
    this.staleAfterMs = options.staleAfterMs ?? Math.round(this.requeryMs * 3.5);
    this.goodbyeGraceMs = options.goodbyeGraceMs ?? 1000;
    this.keeper = new StackKeeper(options, options.log ?? defaultLog, (stack) => this.attach(stack));
  }

  private get log(): DiscoveryLog {
    return this.keeper.log;
  }

  tables(): FoundTable[] {
    return [...this.current];
  }

  refresh(): void {
    if (this.closed) return;
    this.queryDelay = 1000;
    this.query();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.queryTimer) clearTimeout(this.queryTimer);
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    const browser = this.browser;
    this.browser = null;
    await this.keeper.close(async (stack) => {
      browser?.stop();
      await settle(1000, (done) => stack.destroy(done));
    });
  }

  /** A new socket (start, network change, recovery): browse on it, querying from 1 s again. */
  private attach(stack: MdnsStack): void {
    this.browser?.stop();
    // The browser sends the first query itself and registers its 'response' listener before ours.
    const browser = stack.find({ type: SERVICE_TYPE, protocol: 'tcp' });
    this.browser = browser;
    browser.on('down', (service) => this.onGoodbye(service));
    stack.on('response', (packet) => {
      if (this.browser === browser) this.onResponse(packet, browser);
    });
    this.queryDelay = 1000;
    this.scheduleQuery();
  }

  private query(): void {
    try {
      this.browser?.update();
    } catch (err) {
      this.log('warn', `mDNS query failed: ${errorText(err)}`);
    }
    this.scheduleQuery();
  }

  private scheduleQuery(): void {
    if (this.queryTimer) clearTimeout(this.queryTimer);
    if (this.closed) return;
    const delay = this.queryDelay;
    this.queryDelay = Math.min(this.queryDelay * 2, this.requeryMs);
    this.queryTimer = setTimeout(() => this.query(), delay);
    this.queryTimer.unref();
  }

  /** Every live (TTL > 0) record naming one of our instances counts as a sign of life. */
  private onResponse(packet: MdnsPacket, browser: ServiceBrowser): void {
    const now = Date.now();
    const names = new Set<string>();
    for (const rr of [...(packet.answers ?? []), ...(packet.additionals ?? [])]) {
      if (!rr || typeof rr.name !== 'string' || !(typeof rr.ttl === 'number' && rr.ttl > 0)) continue;
      if (rr.type === 'PTR' && lower(rr.name) === SERVICE_DOMAIN && typeof rr.data === 'string') names.add(lower(rr.data));
      if ((rr.type === 'SRV' || rr.type === 'TXT') && lower(rr.name).endsWith(`.${SERVICE_DOMAIN}`)) names.add(lower(rr.name));
    }
    if (names.size === 0) return;
    for (const fqdn of names) {
      const service = browser.services.find((s) => typeof s.fqdn === 'string' && lower(s.fqdn) === fqdn);
      if (service) this.sightings.set(fqdn, { service, lastSeen: now, goodbyeAt: null });
    }
    this.update();
  }

  private onGoodbye(service: BrowsedService): void {
    if (typeof service.fqdn !== 'string') return;
    const sighting = this.sightings.get(lower(service.fqdn));
    if (!sighting) return;
    sighting.goodbyeAt = Date.now();
    this.update();
  }

  /** Drops what is gone, rebuilds the list, tells the caller if it changed, plans the next sweep. */
  private update(): void {
    if (this.closed) return;
    const now = Date.now();
    let next = Infinity;
    const found: FoundTable[] = [];
    for (const [fqdn, s] of this.sightings) {
      const deadline = s.goodbyeAt !== null ? s.goodbyeAt + this.goodbyeGraceMs : s.lastSeen + this.staleAfterMs;
      if (deadline <= now) {
        this.sightings.delete(fqdn);
        this.reported.delete(fqdn);
        this.log('debug', `${s.goodbyeAt !== null ? 'goodbye from' : 'no answer from'} ${s.service.fqdn ?? fqdn}`);
        continue;
      }
      next = Math.min(next, deadline);
      const table = this.toTable(fqdn, s.service);
      if (table) found.push(table);
    }
    found.sort((a, b) => (a.name === b.name ? (a.instance < b.instance ? -1 : 1) : a.name < b.name ? -1 : 1));
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    if (next !== Infinity) {
      this.sweepTimer = setTimeout(() => this.update(), Math.max(10, next - now));
      this.sweepTimer.unref();
    }
    if (JSON.stringify(found) === JSON.stringify(this.current)) return;
    this.current = found;
    try {
      this.onChange(this.tables());
    } catch (err) {
      this.log('warn', `tables listener threw: ${errorText(err)}`);
    }
  }

  private toTable(fqdn: string, service: BrowsedService): FoundTable | null {
    const skip = (why: string): null => {
      if (this.reported.get(fqdn) !== why) this.log('debug', `ignoring ${service.fqdn ?? fqdn}: ${why}`);
      this.reported.set(fqdn, why);
      return null;
    };
    const strings = rawTxtStrings(service.rawTxt);
    if (!strings) return skip('no TXT record');
    const parsed = parseTableTxt(strings);
    if (!parsed.ok) return skip(`${parsed.reason} TXT (${parsed.detail})`);
    const port = service.port;
    if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) return skip('invalid port');
    const host = pickAddress(service);
    if (!host) return skip('no IPv4 address');
    this.reported.delete(fqdn);
    const { name, freeSeats, seats, path, protocolVersion } = parsed.value;
    return { instance: service.name ?? fqdn, name, host, port, freeSeats, seats, path, protocolVersion };
  }
}

/** Browser side: lists compatible tables; `onChange` gets the whole list on every change. */
export function browseTables(options: BrowseOptions, onChange: TablesChanged): TableBrowser {
  return new BonjourTableBrowser(options, onChange);
}
