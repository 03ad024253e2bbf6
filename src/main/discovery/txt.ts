// The TXT record of a Chronicle table advertisement (DNS-SD, RFC 6763 §6), encoded and parsed.
// Pure: no I/O, no Node APIs (TextEncoder/TextDecoder/Intl only), so it is unit-tested alone.
//
//   v  protocol version        decimal integer, 1..999999   e.g. "1"
//   n  table name              UTF-8, sanitised, ≤ 63 bytes  e.g. "Friday night"
//   f  free seats              decimal integer, 0..s         e.g. "2"
//   s  seats                   decimal integer, 1..16        e.g. "4"
//   p  URL path of the table   /[A-Za-z0-9._~-/]*, ≤ 100 B   e.g. "/t/k3f9ab"
//
// Host and port are not in the TXT record: they are in the SRV and A records (RFC 6763 §6.7 / zeroconf
// TXT guidelines). The whole record stays under ~200 bytes, the RFC's "typical" size.
// Parsing follows RFC 6763 §6: keys are case-insensitive, unknown keys are ignored, only the first
// occurrence of a key counts, strings that start with "=" are ignored. The version is checked before
// anything else so that a future version may change the other fields freely ("incompatible", not
// "malformed"). Everything in a TXT record is untrusted (any host on the link can send one).
import { PROTOCOL_VERSION } from '../../shared/protocol/version';

export const TXT_KEY = { version: 'v', name: 'n', freeSeats: 'f', seats: 's', path: 'p' } as const;

export const MAX_NAME_BYTES = 63;
export const MAX_PATH_BYTES = 100;
export const MAX_SEATS = 16;
/** Names that sanitise to nothing are advertised under this one. */
export const FALLBACK_NAME = 'Chronicle table';
/** Incoming records larger than one Ethernet packet's worth (RFC 6763 §6.2) are refused. */
const MAX_INCOMING_TXT_BYTES = 1300;
const MAX_INCOMING_STRINGS = 32;
/** Each TXT string (length-prefixed) holds at most 255 bytes. */
const MAX_STRING_BYTES = 255;

/** The table data a TXT record carries. */
export interface TableTxt {
  readonly protocolVersion: number;
  readonly name: string;
  readonly freeSeats: number;
  readonly seats: number;
  readonly path: string;
}

export type TxtParseResult = { readonly ok: true; readonly value: TableTxt } | { readonly ok: false; readonly reason: 'malformed' | 'incompatible'; readonly detail: string };

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

// Control and format characters (bidi overrides, zero-width spaces, BOM...), line/paragraph
// separators and lone surrogates; ZERO WIDTH JOINER is kept, emoji sequences need it.
const UNSAFE_CHARS = /(?!\u200D)[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/** NFC; line breaks and tabs become spaces, other control/format characters go; runs of spaces become one. */
export function sanitizeName(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(UNSAFE_CHARS, '')
    .replace(/\p{Zs}+/gu, ' ')
    .trim();
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Cuts `text` to at most `maxBytes` UTF-8 bytes without splitting a character or a grapheme
 * cluster (an emoji sequence, a letter with its accents); marks a cut with "…" (3 bytes).
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  const ELLIPSIS = '…';
  const budget = maxBytes - utf8Length(ELLIPSIS);
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = utf8Length(segment);
    if (used + size > budget) break;
    out += segment;
    used += size;
  }
  out = out.trimEnd();
  return budget >= 0 ? out + ELLIPSIS : '';
}

/** The name as advertised: sanitised, never empty, at most MAX_NAME_BYTES. */
export function advertisedName(name: string): string {
  return truncateUtf8(sanitizeName(name), MAX_NAME_BYTES) || FALLBACK_NAME;
}

const SAFE_PATH = /^\/[A-Za-z0-9._~\-/]*$/;

/** A same-origin absolute path: no scheme, no `//host`, no dot segments, no query. */
export function isSafePath(path: string): boolean {
  if (path.length > MAX_PATH_BYTES || !SAFE_PATH.test(path)) return false;
  if (path.startsWith('//')) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}

function checkCounts(freeSeats: number, seats: number): string | null {
  if (!Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS) return `seats must be an integer 1..${MAX_SEATS}`;
  if (!Number.isInteger(freeSeats) || freeSeats < 0 || freeSeats > seats) return 'freeSeats must be an integer 0..seats';
  return null;
}

/**
 * The TXT record for a table, as bonjour-service's `txt` option takes it (insertion order is the
 * wire order). Throws RangeError for invalid seat counts or path (caller bugs); the name is
 * sanitised and truncated instead, it comes from a user.
 */
export function encodeTableTxt(
  table: { readonly name: string; readonly freeSeats: number; readonly seats: number; readonly path: string },
  protocolVersion: number = PROTOCOL_VERSION,
): Record<string, string> {
  const countError = checkCounts(table.freeSeats, table.seats);
  if (countError) throw new RangeError(`Invalid table advertisement: ${countError}`);
  if (!isSafePath(table.path)) throw new RangeError(`Invalid table advertisement: unsafe path ${JSON.stringify(table.path)}`);
  if (!Number.isInteger(protocolVersion) || protocolVersion < 1) throw new RangeError('Invalid protocol version');
  const record: Record<string, string> = {
    [TXT_KEY.version]: String(protocolVersion),
    [TXT_KEY.name]: advertisedName(table.name),
    [TXT_KEY.freeSeats]: String(table.freeSeats),
    [TXT_KEY.seats]: String(table.seats),
    [TXT_KEY.path]: table.path,
  };
  // Cannot fail with the limits above (max ~190 bytes); kept as the guard for future fields.
  for (const s of txtStrings(record)) {
    if (s.length > MAX_STRING_BYTES) throw new RangeError('TXT string over 255 bytes');
  }
  return record;
}

/** The wire strings (`key=value`, UTF-8) of a record, as a DNS TXT RDATA carries them. */
export function txtStrings(record: Readonly<Record<string, string>>): Uint8Array[] {
  return Object.entries(record).map(([key, value]) => encoder.encode(`${key}=${value}`));
}

/** Size of the TXT RDATA on the wire: each string plus its length byte. */
export function txtWireSize(record: Readonly<Record<string, string>>): number {
  return txtStrings(record).reduce((sum, s) => sum + 1 + s.length, 0);
}

const DECIMAL = /^(0|[1-9][0-9]{0,5})$/;
const EQUALS = 0x3d;

/**
 * Parses a TXT record given as its wire strings (bonjour-service's `service.rawTxt`).
 * `malformed`: missing/invalid field, bad UTF-8, oversized record. `incompatible`: a well-formed
 * version other than `expectedVersion` (the rest of the record is then not looked at).
 */
export function parseTableTxt(strings: readonly Uint8Array[], expectedVersion: number = PROTOCOL_VERSION): TxtParseResult {
  const malformed = (detail: string): TxtParseResult => ({ ok: false, reason: 'malformed', detail });
  if (strings.length > MAX_INCOMING_STRINGS) return malformed('too many TXT strings');
  let total = 0;
  const fields = new Map<string, Uint8Array | null>(); // null: key present without "="
  for (const s of strings) {
    total += 1 + s.length;
    if (s.length > MAX_STRING_BYTES) return malformed('TXT string over 255 bytes');
    if (s.length === 0 || s[0] === EQUALS) continue; // empty / no key: ignore (RFC 6763 §6.4)
    const eq = s.indexOf(EQUALS);
    const keyBytes = eq === -1 ? s : s.subarray(0, eq);
    if (keyBytes.some((b) => b < 0x20 || b > 0x7e)) continue; // not a printable-ASCII key: ignore
    const key = String.fromCharCode(...keyBytes).toLowerCase();
    if (fields.has(key)) continue; // only the first occurrence counts (RFC 6763 §6.4)
    fields.set(key, eq === -1 ? null : s.subarray(eq + 1));
  }
  if (total > MAX_INCOMING_TXT_BYTES) return malformed('TXT record too large');

  const text = (key: string): string | undefined => {
    const raw = fields.get(key);
    if (raw === undefined || raw === null) return undefined;
    try {
      return strictDecoder.decode(raw);
    } catch {
      return undefined;
    }
  };
  const integer = (key: string): number | undefined => {
    const value = text(key);
    return value !== undefined && DECIMAL.test(value) ? Number(value) : undefined;
  };

  const version = integer(TXT_KEY.version);
  if (version === undefined || version < 1) return malformed('missing or invalid protocol version');
  if (version !== expectedVersion) {
    return { ok: false, reason: 'incompatible', detail: `protocol version ${version}, expected ${expectedVersion}` };
  }

  const rawName = text(TXT_KEY.name);
  if (rawName === undefined) return malformed('missing or invalid name (not UTF-8)');
  const name = truncateUtf8(sanitizeName(rawName), MAX_NAME_BYTES);
  if (name === '') return malformed('empty name');

  const seats = integer(TXT_KEY.seats);
  const freeSeats = integer(TXT_KEY.freeSeats);
  if (seats === undefined || freeSeats === undefined) return malformed('missing or invalid seat counts');
  const countError = checkCounts(freeSeats, seats);
  if (countError) return malformed(countError);

  const path = text(TXT_KEY.path);
  if (path === undefined || !isSafePath(path)) return malformed('missing or unsafe path');

  return { ok: true, value: { protocolVersion: version, name, freeSeats, seats, path } };
}
