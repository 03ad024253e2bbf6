// Join links. A table's link is `<origin>/?table=<id>`; `/t/<id>` is read too. (The query form
// is the one handed out: the built page loads its assets by relative paths, which only
// resolve from the site root.)

export function tableIdFromLocation(location: Pick<Location, 'pathname' | 'search'>): string | null {
  const fromQuery = new URLSearchParams(location.search).get('table');
  if (fromQuery) return fromQuery;
  const match = /\/t\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  return match?.[1] ?? null;
}

export function joinLink(origin: string, tableId: string): string {
  return `${origin}/?table=${encodeURIComponent(tableId)}`;
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
