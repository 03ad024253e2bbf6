// Join links. A table's link is `<origin>/?table=<id>`; `/t/<id>` is read too. (The query form
// is the one handed out: the built page loads its assets by relative paths, which only
// resolve from the site root.) A PIN table's link carries its invite secret after `#invite=`:
// it lets in without the PIN, and a fragment never goes to a server (logs, Referer).
import { type TableId, tableIdOf } from '../../../../shared/ids';

export function tableIdFromLocation(location: Pick<Location, 'pathname' | 'search'>): TableId | null {
  const fromQuery = new URLSearchParams(location.search).get('table');
  if (fromQuery) return tableIdOf(fromQuery);
  const match = /\/t\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  return match?.[1] === undefined ? null : tableIdOf(match[1]);
}

export function joinLink(origin: string, tableId: string, invite: string | null = null): string {
  const link = `${origin}/?table=${encodeURIComponent(tableId)}`;
  return invite ? `${link}#invite=${encodeURIComponent(invite)}` : link;
}

/** The invite secret a join link was opened with, or null. */
export function inviteFromLocation(location: Pick<Location, 'hash'>): string | null {
  const invite = new URLSearchParams(location.hash.replace(/^#/, '')).get('invite');
  return invite && /^[A-Za-z0-9_-]{43}$/.test(invite) ? invite : null;
}

/** A URL on this machine only (127.x, ::1, localhost): never a link to hand to another device. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\./.test(host);
  } catch {
    return false;
  }
}
