// Where the desktop windows may go. The app's window only ever shows the app's own origin; a
// table on another LAN host opens in a window of its own pinned to that host's origin; links
// to the outside world open in the system browser, and only `https:` links to the few sites
// the app itself links to (the game's publisher and its BoardGameGeek page).
import type { NetworkTable } from '../../shared/bridge';

/** Hosts `shell.openExternal` may open, over https only. */
export const EXTERNAL_HOSTS: readonly string[] = ['boardgamegeek.com', 'www.boardgamegeek.com', 'alderac.com', 'www.alderac.com'];

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True when `url` is on `origin` (scheme, host and port). `file:` and `javascript:` never are. */
export function onOrigin(url: string, origin: string): boolean {
  const u = parse(url);
  return u !== null && (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === origin;
}

/** True for an `https:` link to an allowed host, without credentials or an odd port. */
export function externalAllowed(url: string): boolean {
  const u = parse(url);
  return u !== null && u.protocol === 'https:' && EXTERNAL_HOSTS.includes(u.hostname) && u.port === '' && u.username === '' && u.password === '';
}

/** The origin of the LAN table `url` opens, when it is one of the tables found on the network. */
export function networkTableOrigin(url: string, tables: readonly NetworkTable[]): string | null {
  const u = parse(url);
  if (u === null || u.protocol !== 'http:') return null;
  return tables.some((t) => t.url === u.href) ? u.origin : null;
}
