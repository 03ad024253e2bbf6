// The client side of discovery: tables found on the LAN over mDNS/DNS-SD, re-queried with
// back-off, dropped when they stop answering or say goodbye, listed once each however many
// names they went by (notes: mdns-stack.ts). What each device says under a name is kept apart:
// bonjour-service holds one service per name, the last packet's, so a device answering for a
// table's name with its own address would push the table itself off the list; here both stay,
// and whoever checks the addresses (verified-tables.ts) can tell them apart. A goodbye drops
// only what its sender said.
import type { DiscoveryLog, FoundTable, TableBrowser, TablesChanged } from './discovery';
import { parseTableTxt } from './txt';
import {
  type BrowsedService,
  type MdnsOptions,
  type MdnsPacket,
  type MdnsSender,
  type MdnsStack,
  SERVICE_DOMAIN,
  SERVICE_TYPE,
  type ServiceBrowser,
  StackKeeper,
  defaultLog,
  errorText,
  settle,
} from './mdns-stack';

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
  private readonly sightings = new Map<string, Sighting>(); // by lower-case fqdn and the sender's address
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
    stack.on('response', (packet, sender) => {
      if (this.browser === browser) this.onResponse(packet, browser, sender);
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

  /**
   * Every live (TTL > 0) record naming one of our instances counts as a sign of life of what its
   * sender said under that name; a PTR with TTL 0 is its sender's goodbye for the name. What the
   * sender says is the library's service for the name when the library built it from the
   * sender's packet (it keeps the last packet's SRV); otherwise only a sign of life.
   */
  private onResponse(packet: MdnsPacket, browser: ServiceBrowser, sender?: MdnsSender): void {
    const now = Date.now();
    const names = new Set<string>();
    const goodbyes = new Set<string>();
    for (const rr of [...(packet.answers ?? []), ...(packet.additionals ?? [])]) {
      if (!rr || typeof rr.name !== 'string' || typeof rr.ttl !== 'number') continue;
      const ptr = rr.type === 'PTR' && lower(rr.name) === SERVICE_DOMAIN && typeof rr.data === 'string';
      if (rr.ttl === 0) {
        if (ptr) goodbyes.add(lower(rr.data));
        continue;
      }
      if (ptr) names.add(lower(rr.data));
      if ((rr.type === 'SRV' || rr.type === 'TXT') && lower(rr.name).endsWith(`.${SERVICE_DOMAIN}`)) names.add(lower(rr.name));
    }
    if (names.size === 0 && goodbyes.size === 0) return;
    for (const fqdn of names) {
      const service = browser.services.find((s) => typeof s.fqdn === 'string' && lower(s.fqdn) === fqdn);
      const from = sender?.address ?? service?.referer?.address ?? '';
      const key = `${fqdn}\u0000${from}`;
      const seen = this.sightings.get(key);
      if (service && (sender === undefined || service.referer?.address === sender.address)) this.sightings.set(key, { service, lastSeen: now, goodbyeAt: null });
      else if (seen) Object.assign(seen, { lastSeen: now, goodbyeAt: null });
    }
    for (const fqdn of goodbyes) {
      for (const [key, s] of this.sightings) {
        const [name, from] = key.split('\u0000');
        if (name === fqdn && (sender === undefined || from === sender.address)) s.goodbyeAt ??= now;
      }
    }
    this.update();
  }

  /** Drops what is gone, rebuilds the list, tells the caller if it changed, plans the next sweep. */
  private update(): void {
    if (this.closed) return;
    const now = Date.now();
    let next = Infinity;
    // One entry per table: the names a renamed table went by (kept alive by a device claiming
    // them) lead to the same table at the same address, port and path; the latest seen is listed.
    const byTable = new Map<string, { table: FoundTable; seen: number }>();
    for (const [key, s] of this.sightings) {
      const fqdn = key.split('\u0000')[0]!;
      const deadline = s.goodbyeAt !== null ? s.goodbyeAt + this.goodbyeGraceMs : s.lastSeen + this.staleAfterMs;
      if (deadline <= now) {
        this.sightings.delete(key);
        this.reported.delete(fqdn);
        this.log('debug', `${s.goodbyeAt !== null ? 'goodbye from' : 'no answer from'} ${s.service.fqdn ?? fqdn}`);
        continue;
      }
      next = Math.min(next, deadline);
      const table = this.toTable(fqdn, s.service);
      if (!table) continue;
      const where = `${table.host}:${table.port}${table.path}`;
      const other = byTable.get(where);
      if (!other || s.lastSeen > other.seen || (s.lastSeen === other.seen && table.instance > other.table.instance)) byTable.set(where, { table, seen: s.lastSeen });
    }
    const found = [...byTable.values()].map((x) => x.table);
    const order = (t: FoundTable): string[] => [t.name, t.instance, t.host, String(t.port)];
    found.sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      const i = x.findIndex((v, n) => v !== y[n]);
      return i === -1 ? 0 : x[i]! < y[i]! ? -1 : 1;
    });
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
