// Who may talk to the host. Two checks, for HTTP and WebSocket alike:
//  - The Host header must name this machine: one of its own addresses, `localhost`,
//    `127.0.0.1`, `[::1]`, its own host name, or a `.local` name its tables are advertised under
//    right now (asked of the advertiser at each check: names change on an mDNS conflict), with
//    the port it listens on. This defeats DNS rebinding: a page that makes its own name resolve
//    to a LAN address still sends that name as Host, and is refused, also when it claims a name
//    shaped like ours (`chronicle-<id>.local`, `*.localhost`) that is not ours.
//  - WebSockets ignore CORS, so a request that carries an Origin must come from a page this
//    host served (an allowed host with this port) or from an origin allowed explicitly (the
//    renderer's dev server). Requests without an Origin come from non-browser clients and are
//    allowed: the seat token is what protects a seat.
import type { IncomingMessage } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';

export interface HostCheck {
  /** The Host header names this machine on the port it serves. */
  hostAllowed(hostHeader: string | undefined): boolean;
  /** The request's Host, and its Origin when it has one, are allowed. */
  requestAllowed(req: Pick<IncomingMessage, 'headers'>): boolean;
}

export interface HostCheckOptions {
  /** The port the host listens on (read when checking: it is known only once listening). */
  readonly port: () => number;
  /** Browser origins allowed besides the host's own pages (e.g. `http://localhost:5173`). */
  readonly allowedOrigins?: readonly string[];
  /** Extra host names this machine answers to (e.g. a name given to it in the router). */
  readonly hostNames?: readonly string[];
  /** The `.local` names its tables are advertised under now (read at each check). */
  readonly advertisedNames?: () => Iterable<string>;
  /** This machine's addresses; default: every interface's, re-read at most every few seconds. */
  readonly addresses?: () => readonly string[];
}

const ADDRESSES_TTL_MS = 5000;

/** Every address of this machine's interfaces (loopback included), lower case, IPv6 without zone. */
export function machineAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) out.push(a.address.toLowerCase().replace(/%.*$/, ''));
  }
  return out;
}

/** Splits `name:port` / `[v6]:port` into a lower-case host name and port (null when absent). */
export function splitHost(value: string): { name: string; port: number | null } | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!m) return null;
  const name = m[1]!
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  return { name, port: m[2] === undefined ? null : Number(m[2]) };
}

/** `::ffff:10.0.0.2` is the IPv4 address 10.0.0.2 as an IPv6 socket sees it. */
const unmapped = (address: string): string => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

export function createHostCheck(options: HostCheckOptions): HostCheck {
  const readAddresses = options.addresses ?? machineAddresses;
  let cached: { at: number; set: Set<string> } | null = null;
  const addresses = (): Set<string> => {
    const now = Date.now();
    if (!cached || now - cached.at > ADDRESSES_TTL_MS) cached = { at: now, set: new Set(readAddresses().map(unmapped)) };
    return cached.set;
  };
  const own = hostname().toLowerCase();
  const names = new Set(['localhost', '127.0.0.1', '::1', own, `${own}.local`, ...(options.hostNames ?? []).map((n) => n.toLowerCase())]);
  const advertised = (name: string): boolean => {
    for (const n of options.advertisedNames?.() ?? []) if (splitHost(n)?.name === name) return true;
    return false;
  };

  const nameAllowed = (name: string): boolean => names.has(name) || addresses().has(unmapped(name)) || advertised(name);

  const hostAllowed = (value: string | undefined): boolean => {
    if (value === undefined) return false;
    const parsed = splitHost(value);
    if (!parsed || !nameAllowed(parsed.name)) return false;
    return (parsed.port ?? 80) === options.port();
  };

  return {
    hostAllowed,
    requestAllowed(req) {
      if (!hostAllowed(req.headers.host)) return false;
      const origin = req.headers.origin;
      if (origin === undefined) return true;
      if (options.allowedOrigins?.includes(origin)) return true;
      try {
        const url = new URL(origin);
        return url.protocol === 'http:' && hostAllowed(url.host);
      } catch {
        return false;
      }
    },
  };
}
