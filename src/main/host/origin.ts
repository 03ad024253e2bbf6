// WebSockets ignore CORS: any web page a player has open could connect to the host. A request
// that carries an Origin must come from a page this host served (same host:port) or from an
// origin allowed explicitly (e.g. the renderer's dev server). Requests without an Origin come
// from non-browser clients and are allowed: the seat token is what protects a seat.
import type { IncomingMessage } from 'node:http';

export function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
