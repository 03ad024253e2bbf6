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
