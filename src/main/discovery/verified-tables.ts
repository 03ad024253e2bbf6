// The tables found over mDNS, each checked at its address: an entry is verified when a Chronicle
// host answers there and lists the table the entry names (its path `/t/<id>`, not over). mDNS is
// unauthenticated (RFC 6762 §21): any device can announce an entry, or take a host's names over,
// so what a lobby may call a table is what answers at its address.
//  - A verified entry is kept while its host keeps listing the table, also once mDNS lets it go (a
//    goodbye, a device claiming its names, answers lost): the last good entry of a live host. It
//    goes when the host no longer lists the table, or twice in a row does not answer.
//  - An entry nothing answers for is listed as unverified, unless it copies a verified entry's
//    table (an impostor of a table listed already is left out).
//  - Entries are checked when they appear and every `recheckMs`; one check per address at a
//    time, at most `maxEntries` entries followed (a device announcing thousands costs no more).
import type { FoundTable } from './discovery';
import { type HostCheck, type HostTable, httpHostCheck } from './host-check';

/** A table on the list, and whether its address answered for it. */
export interface ListedTable extends FoundTable {
  readonly verified: boolean;
}

export interface VerifyOptions {
  /** How an address is asked (default: HTTP, 3 s). */
  readonly check?: HostCheck;
  /** How often every entry is checked again (ms). Default 10000. */
  readonly recheckMs?: number;
  /** Most entries followed at once. Default 64. */
  readonly maxEntries?: number;
}

interface Entry {
  found: FoundTable;
  /** Listed by the mDNS browser now. */
  inMdns: boolean;
  state: 'pending' | 'verified' | 'unverified';
  /** The host's own word on the table, once verified (what is listed once mDNS lets the entry go). */
  live: HostTable | null;
  /** Checks in a row the verified entry's host did not answer. */
  misses: number;
}

const TABLE_ID = /^\/t\/([^/]+)$/;
const keyOf = (t: FoundTable): string => `${t.host}:${t.port}${t.path}`;
const originOf = (t: FoundTable): string => `${t.host}:${t.port}`;
const tableIdOf = (t: FoundTable): string | null => TABLE_ID.exec(t.path)?.[1] ?? null;

export class VerifiedTables {
  private readonly entries = new Map<string, Entry>();
  /** Addresses being checked; `true` when another check was asked for meanwhile. */
  private readonly checking = new Map<string, boolean>();
  private readonly check: HostCheck;
  private readonly maxEntries: number;
  private readonly timer: ReturnType<typeof setInterval>;
  private last = '[]';
  private closed = false;

  constructor(
    options: VerifyOptions,
    private readonly onChange: (tables: ListedTable[]) => void,
  ) {
    this.check = options.check ?? httpHostCheck();
    this.maxEntries = options.maxEntries ?? 64;
    this.timer = setInterval(() => this.recheck(), options.recheckMs ?? 10_000);
    this.timer.unref();
  }

  /** The mDNS browser's list now. */
  found(tables: readonly FoundTable[]): void {
    if (this.closed) return;
    for (const entry of this.entries.values()) entry.inMdns = false;
    const fresh = new Set<string>();
    for (const table of tables) {
      const key = keyOf(table);
      let entry = this.entries.get(key);
      if (!entry) {
        if (this.entries.size >= this.maxEntries) continue;
        entry = { found: table, inMdns: true, state: 'pending', live: null, misses: 0 };
        this.entries.set(key, entry);
        fresh.add(originOf(table));
      }
      entry.found = table;
      entry.inMdns = true;
    }
    for (const [key, entry] of this.entries) {
      if (entry.inMdns) continue;
      // Gone from mDNS: a verified entry stays while its host still lists the table (asked now).
      if (entry.state === 'verified') fresh.add(originOf(entry.found));
      else this.entries.delete(key);
    }
    for (const origin of fresh) this.checkOrigin(origin);
    this.emit();
  }

  /** Checks every entry again now (e.g. when the user asks for the list again). */
  recheck(): void {
    for (const origin of new Set([...this.entries.values()].map((e) => originOf(e.found)))) this.checkOrigin(origin);
  }

  list(): ListedTable[] {
    const entries = [...this.entries.values()];
    const verifiedIds = new Set(entries.filter((e) => e.state === 'verified').map((e) => tableIdOf(e.found)));
    const listed: ListedTable[] = [];
    for (const e of entries) {
      if (e.state === 'pending') continue;
      if (e.state === 'verified' && e.live) {
        // Kept without mDNS: the seats as the host last said, not as its last advert did.
        const data = e.inMdns ? e.found : { ...e.found, name: e.live.name, seats: e.live.seats, freeSeats: e.live.freeSeats };
        listed.push({ ...data, verified: true });
      } else if (!verifiedIds.has(tableIdOf(e.found))) {
        listed.push({ ...e.found, verified: false });
      }
    }
    return listed.sort((a, b) => (a.name === b.name ? (keyOf(a) < keyOf(b) ? -1 : 1) : a.name < b.name ? -1 : 1));
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  private checkOrigin(origin: string): void {
    if (this.checking.has(origin)) {
      this.checking.set(origin, true);
      return;
    }
    const sample = [...this.entries.values()].find((e) => originOf(e.found) === origin);
    if (!sample) return;
    this.checking.set(origin, false);
    const { host, port } = sample.found;
    void this.check(host, port)
      .catch(() => null)
      .then((tables) => {
        const again = this.checking.get(origin) === true;
        this.checking.delete(origin);
        if (this.closed) return;
        this.settle(origin, tables);
        if (again) this.checkOrigin(origin);
      });
  }

  /** What the host at `origin` answered (null: nothing answered). */
  private settle(origin: string, tables: readonly HostTable[] | null): void {
    for (const [key, entry] of this.entries) {
      if (originOf(entry.found) !== origin) continue;
      const id = tableIdOf(entry.found);
      const live = tables?.find((t) => t.id === id && t.phase !== 'over') ?? null;
      if (live) {
        Object.assign(entry, { state: 'verified', live, misses: 0 });
        continue;
      }
      // A verified entry's host not answering once may be a lost packet; twice, it is gone.
      if (tables === null && entry.state === 'verified' && ++entry.misses < 2) continue;
      if (!entry.inMdns) this.entries.delete(key);
      else Object.assign(entry, { state: 'unverified', live: null, misses: 0 });
    }
    this.emit();
  }

  private emit(): void {
    const list = this.list();
    const text = JSON.stringify(list);
    if (text === this.last) return;
    this.last = text;
    this.onChange(list);
  }
}
