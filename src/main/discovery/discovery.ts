// LAN discovery contract (docs/architecture.md, "Discovery"). The host advertises each open table;
// clients list them. An advertisement is only a hint (mDNS is unauthenticated, RFC 6762 §21):
// joining still goes through Socket.IO and the table's own checks, and a client shows where a
// table is (address) next to what it claims to be (name).
// The implementation: bonjour-advertiser.ts and bonjour-browser.ts over mdns-stack.ts; the TXT format in txt.ts.
import type { AdvertisingStatus } from '../../shared/advertising';

/** What a host advertises for one open table. */
export interface AdvertisedTable {
  /** The host's id for the table (any string; only hashed into the instance name). */
  readonly tableId: string;
  /** Display name; sanitised and truncated to 63 UTF-8 bytes in the TXT record. */
  readonly name: string;
  /** TCP port of the host's HTTP/Socket.IO server. */
  readonly port: number;
  /** Seats still free, 0..seats. */
  readonly freeSeats: number;
  /** Seats at the table, 1..16. */
  readonly seats: number;
  /** URL path of the table on that server, e.g. `/t/<id>`. */
  readonly path: string;
}

/** Host side. Every method is safe to call at any time; mDNS errors are logged, never thrown. */
export interface Discovery {
  /**
   * Starts advertising a table, or updates its advertisement (same `tableId`), e.g. when the
   * number of free seats changes. Throws a RangeError only for invalid input (a caller bug).
   */
  advertise(table: AdvertisedTable): void;
  /** Stops advertising a table (sends goodbye packets). Unknown ids are ignored. */
  withdraw(tableId: string): void;
  /** Withdraws every table (goodbye packets) and releases the mDNS socket. */
  close(): Promise<void>;
  /**
   * Whether the tables are on the network now, and under which names: `hostNames` are the
   * `.local` names a browser may reach this host by (they change when one is taken).
   */
  status(): AdvertisingStatus;
  /** Calls `listener` with each new status; returns the unsubscribe. */
  onStatus(listener: (status: AdvertisingStatus) => void): () => void;
  /** The `.local` host names the tables are advertised under now (each table's SRV target). */
  hostNames(): readonly string[];
}

/** A table found on the network (only compatible, well-formed advertisements). */
export interface FoundTable {
  /** DNS-SD instance name (unique on the link), e.g. `Friday night (k3f9ab)`. */
  readonly instance: string;
  /** Table name from the TXT record. Untrusted text: display only. */
  readonly name: string;
  /** IPv4 address to connect to (the answering packet's source when it is one of the host's). */
  readonly host: string;
  readonly port: number;
  readonly freeSeats: number;
  readonly seats: number;
  readonly path: string;
  readonly protocolVersion: number;
}

/** Browser side, created by `browseTables(options, onChange)`. */
export interface TableBrowser {
  /** Current list, sorted by name then instance. */
  tables(): FoundTable[];
  /** Asks the network again now (e.g. when the user opens the lobby). */
  refresh(): void;
  /** Stops browsing and releases the mDNS socket. No `onChange` call after it resolves. */
  close(): Promise<void>;
}

/** Called with the full new list whenever it changes (a table appears, changes or goes). */
export type TablesChanged = (tables: FoundTable[]) => void;

export type DiscoveryLogLevel = 'debug' | 'info' | 'warn';
/** Where discovery reports what it does and the mDNS errors it survives. */
export type DiscoveryLog = (level: DiscoveryLogLevel, message: string) => void;
