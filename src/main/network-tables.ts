// Tables advertised on the LAN, as the desktop window lists them: each mDNS entry becomes a
// plain http URL on the advertising host. Entries are untrusted: anything that does not make
// a clean URL (an odd address, port or path) is left out.
import { isIPv4 } from 'node:net';
import type { NetworkTable } from '../shared/bridge';
import { browseTables } from './discovery/bonjour-browser';
import type { FoundTable, TableBrowser } from './discovery/discovery';

const TABLE_PATH = /^\/t\/[A-Za-z0-9_-]{1,64}$/;

export function networkTableOf(found: FoundTable): NetworkTable | null {
  if (!isIPv4(found.host) || !Number.isInteger(found.port) || found.port < 1 || found.port > 65535) return null;
  if (!TABLE_PATH.test(found.path)) return null;
  return {
    name: found.name,
    url: `http://${found.host}:${found.port}${found.path}`,
    freeSeats: found.freeSeats,
    seats: found.seats,
  };
}

export const networkTablesOf = (found: readonly FoundTable[]): NetworkTable[] => found.flatMap((f) => networkTableOf(f) ?? []);

/** Browses the LAN and reports every change of the list. */
export function watchNetworkTables(onChange: (tables: NetworkTable[]) => void): TableBrowser {
  return browseTables({}, (found) => onChange(networkTablesOf(found)));
}
