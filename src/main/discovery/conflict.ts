// RFC 6762 §9 after a table is announced: a response from another device carrying a record with
// the name, type and class of one of our unique records (SRV/TXT of the instance, A/AAAA of the
// host) but other rdata means that device claims the name too. Left alone, browsers could resolve
// the table to that device (a guest hijacking a table's name), so the advertiser answers with its
// own records, cache-flush bit set, and keeps the name (name-policy.ts); the browsers check who
// answers at an address before they call an entry verified (verified-tables.ts).
// Not conflicts: identical rdata (our own packets looped back, or a copy of them: the A/AAAA set
// is the host's addresses, any of which may come back), goodbyes (TTL 0: the sender lets a record
// go), records of names we do not announce, and responses from this host's own addresses (ours
// carry our rdata, but one sent just before a TXT update may be read just after it; a packet from
// the wire claiming one of our addresses as its source is dropped by Linux as a martian anyway).
// The incoming record's cache-flush bit is not required: what makes it a conflict is that *our*
// record is unique (RFC 6762 §9), and a claim without the bit would still sit next to ours in caches.
import type { MdnsPacket, MdnsRecord, MdnsSender } from './mdns-stack';

/** Our records that are unique to us (PTR is shared: every host lists its instances under the type). */
const UNIQUE_TYPES = new Set(['SRV', 'TXT', 'A', 'AAAA']);
/** RFC 6762 §6: responses not sent from the mDNS port are ignored. */
const MDNS_PORT = 5353;

/** DNS names compare case-insensitively, ASCII letters only (RFC 6762 §16). */
const lowerAscii = (name: string): string => name.replace(/[A-Z]/g, (c) => c.toLowerCase());
const key = (name: string, type: string): string => `${lowerAscii(name)}\u0000${type}`;

function bytes(value: unknown): string | null {
  if (typeof value === 'string') return Buffer.from(value).toString('hex');
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  return null;
}

/** One spelling of an IPv6 address (RFC 5952, as the URL parser writes it): `2001:db8:0:0:1::1` is `2001:db8::1:0:0:1`. */
function ipv6(address: string): string {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase();
  }
}

/** The rdata of a record as a comparable string, or null when its shape is not one we know. */
export function rdataKey(type: string, data: unknown): string | null {
  if (type === 'A') return typeof data === 'string' ? data : null;
  if (type === 'AAAA') return typeof data === 'string' ? ipv6(data) : null;
  if (type === 'SRV') {
    if (typeof data !== 'object' || data === null) return null;
    const srv = data as { target?: unknown; port?: unknown; priority?: unknown; weight?: unknown };
    if (typeof srv.target !== 'string' || typeof srv.port !== 'number') return null;
    return `${lowerAscii(srv.target)} ${srv.port} ${Number(srv.priority ?? 0)} ${Number(srv.weight ?? 0)}`;
  }
  if (type === 'TXT') {
    // dns-packet decodes TXT as an array of strings' bytes; an empty string adds nothing.
    const strings = Array.isArray(data) ? data.map(bytes) : [bytes(data)];
    if (strings.some((s) => s === null)) return null;
    return strings.filter((s) => s !== '').join(',');
  }
  return null;
}

/** Reads responses for claims on the names of one published service (its records as announced). */
export class ConflictWatch {
  /** name + type → the rdata we announce for it. */
  private readonly ours = new Map<string, { readonly name: string; readonly rdata: Set<string> }>();
  /** Where our own packets come from: the addresses we announce, and loopback. */
  private readonly ownAddresses = new Set<string>(['::1']);

  constructor(records: readonly MdnsRecord[]) {
    for (const r of records) {
      if (!UNIQUE_TYPES.has(r.type) || (r.ttl ?? 1) <= 0) continue;
      const rdata = rdataKey(r.type, r.data);
      if (rdata === null) continue;
      const k = key(r.name, r.type);
      const entry = this.ours.get(k) ?? { name: r.name, rdata: new Set<string>() };
      entry.rdata.add(rdata);
      this.ours.set(k, entry);
      if (r.type === 'A' || r.type === 'AAAA') this.ownAddresses.add(rdata);
    }
  }

  /** Our names (as we spell them) that this response claims with other data; none for our own packets. */
  claimed(packet: MdnsPacket, sender?: MdnsSender): string[] {
    if (sender && (sender.port !== MDNS_PORT || this.fromUs(sender.address))) return [];
    const names = new Set<string>();
    for (const r of [...(packet.answers ?? []), ...(packet.additionals ?? [])]) {
      if (!r || typeof r.name !== 'string' || typeof r.type !== 'string') continue;
      if (!(typeof r.ttl === 'number' && r.ttl > 0)) continue; // a goodbye gives a record up
      if (r.class !== undefined && r.class !== 'IN') continue;
      const ours = this.ours.get(key(r.name, r.type));
      if (!ours) continue;
      const rdata = rdataKey(r.type, r.data);
      if (rdata !== null && !ours.rdata.has(rdata)) names.add(ours.name);
    }
    return [...names];
  }

  private fromUs(address: string): boolean {
    return address.startsWith('127.') || this.ownAddresses.has(address.toLowerCase());
  }
}
