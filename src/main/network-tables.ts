// Tables advertised on the LAN, as the desktop window lists them: each mDNS entry becomes a
// plain http URL on the advertising host, marked verified when a Chronicle host answers at that
// address for that table (verified-tables.ts). Entries are untrusted: anything that does not
// make a clean URL (an odd address, port or path) is left out.
import { isIPv4 } from 'node:net';
import type { NetworkTable } from '../shared/bridge';
import { type BrowseOptions, browseTables } from './discovery/bonjour-browser';
import type { FoundTable } from './discovery/discovery';
import { type ListedTable, VerifiedTables, type VerifyOptions } from './discovery/verified-tables';

const TABLE_PATH = /^\/t\/[A-Za-z0-9_-]{1,64}$/;

/** A clean entry only: an IPv4 address, a port, a table path. */
const isClean = (found: FoundTable): boolean => isIPv4(found.host) && Number.isInteger(found.port) && found.port >= 1 && found.port <= 65535 && TABLE_PATH.test(found.path);

export function networkTableOf(found: ListedTable): NetworkTable | null {
  if (!isClean(found)) return null;
  return {
    name: found.name,
    url: `http://${found.host}:${found.port}${found.path}`,
    freeSeats: found.freeSeats,
    seats: found.seats,
    verified: found.verified,
  };
}

export const networkTablesOf = (found: readonly ListedTable[]): NetworkTable[] => found.flatMap((f) => networkTableOf(f) ?? []);

export interface NetworkTablesWatch {
  /** Asks the network again now, and every listed address again. */
  refresh(): void;
  close(): Promise<void>;
}

/** Browses the LAN, checks what it finds, and reports every change of the list. */
export function watchNetworkTables(onChange: (tables: NetworkTable[]) => void, options: { browse?: BrowseOptions; verify?: VerifyOptions } = {}): NetworkTablesWatch {
  const verified = new VerifiedTables(options.verify ?? {}, (listed) => onChange(networkTablesOf(listed)));
  // Only clean entries are asked about: an entry naming another port's or path's server is never contacted.
  const browser = browseTables(options.browse ?? {}, (found) => verified.found(found.filter(isClean)));
  return {
    refresh: () => {
      browser.refresh();
      verified.recheck();
    },
    close: async () => {
      verified.close();
      await browser.close();
    },
  };
}
