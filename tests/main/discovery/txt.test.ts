// The TXT record of a table advertisement: encoding, limits, and parsing of untrusted records.
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/shared/protocol/version';
import {
  FALLBACK_NAME,
  MAX_NAME_BYTES,
  advertisedName,
  encodeTableTxt,
  isSafePath,
  parseTableTxt,
  sanitizeName,
  truncateUtf8,
  txtStrings,
  txtWireSize,
  utf8Length,
} from '../../../src/main/discovery/txt';

const table = { name: 'Friday night', freeSeats: 2, seats: 4, path: '/t/k3f9ab' };
const bytes = (...strings: string[]): Uint8Array[] => strings.map((s) => new TextEncoder().encode(s));
const graphemes = (s: string): string[] => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);

describe('encodeTableTxt', () => {
  it('uses the short keys v, n, f, s, p in that order, as strings', () => {
    const txt = encodeTableTxt(table);
    expect(Object.entries(txt)).toEqual([
      ['v', String(PROTOCOL_VERSION)],
      ['n', 'Friday night'],
      ['f', '2'],
      ['s', '4'],
      ['p', '/t/k3f9ab'],
    ]);
  });

  it('stays small even at the limits: every string ≤ 255 bytes, the record < 200 bytes', () => {
    const txt = encodeTableTxt({ name: '€'.repeat(200), freeSeats: 16, seats: 16, path: `/${'a'.repeat(99)}` });
    for (const s of txtStrings(txt)) expect(s.length).toBeLessThanOrEqual(255);
    expect(txtWireSize(txt)).toBeLessThan(200);
  });

  it('round-trips through the wire format', () => {
    const parsed = parseTableTxt(txtStrings(encodeTableTxt(table)));
    expect(parsed).toEqual({ ok: true, value: { protocolVersion: PROTOCOL_VERSION, ...table } });
  });

  it.each([
    ['no seats', { seats: 0 }],
    ['too many seats', { seats: 17 }],
    ['fractional seats', { seats: 3.5 }],
    ['negative free seats', { freeSeats: -1 }],
    ['more free seats than seats', { freeSeats: 5 }],
    ['a relative path', { path: 't/x' }],
    ['a protocol-relative URL', { path: '//evil.example/t' }],
    ['dot segments', { path: '/t/../admin' }],
    ['a query string', { path: '/t/x?a=1' }],
    ['a full URL', { path: 'http://evil.example/' }],
    ['a long path', { path: `/${'a'.repeat(100)}` }],
  ])('refuses %s (RangeError)', (_label, change) => {
    expect(() => encodeTableTxt({ ...table, ...change })).toThrow(RangeError);
  });
});

describe('table names', () => {
  it('removes control and bidi-override characters and collapses whitespace', () => {
    expect(sanitizeName('  Evil\u202Egnp.exe\n\tnight\u0000 ')).toBe('Evilgnp.exe night');
    expect(sanitizeName('a\u200Bb\uFEFFc')).toBe('abc');
  });

  it('keeps emoji sequences (zero width joiner) and normalises to NFC', () => {
    expect(sanitizeName('👩\u200D💻 Cafe\u0301')).toBe('👩\u200D💻 Café');
  });

  it('falls back to a default name when nothing is left', () => {
    expect(advertisedName(' \u0007\u202E ')).toBe(FALLBACK_NAME);
  });

  it('truncates on character boundaries (2- and 3-byte characters) and marks the cut', () => {
    for (const ch of ['é', '€', '中']) {
      const name = advertisedName(ch.repeat(100));
      expect(utf8Length(name)).toBeLessThanOrEqual(MAX_NAME_BYTES);
      expect(name.endsWith('…')).toBe(true);
      expect(name.slice(0, -1)).toBe(ch.repeat(name.length - 1)); // only whole characters, no U+FFFD
    }
  });

  it('never splits a grapheme cluster (emoji family, flag, combining accents)', () => {
    for (const unit of ['👨\u200D👩\u200D👧\u200D👦', '🇫🇷', 'e\u0301\u0302']) {
      const cut = truncateUtf8(unit.repeat(20), MAX_NAME_BYTES);
      expect(utf8Length(cut)).toBeLessThanOrEqual(MAX_NAME_BYTES);
      const parts = graphemes(cut);
      expect(parts.pop()).toBe('…');
      expect(parts.length).toBeGreaterThan(0);
      for (const g of parts) expect(g).toBe(unit);
    }
  });

  it('does not cut names that fit, and the limit is exact', () => {
    expect(truncateUtf8('a'.repeat(63), 63)).toBe('a'.repeat(63));
    expect(utf8Length(truncateUtf8('a'.repeat(64), 63))).toBe(63);
  });
});

describe('isSafePath', () => {
  it.each(['/', '/t/k3f9ab', '/t/a-b_c.d~e'])('accepts %s', (p) => expect(isSafePath(p)).toBe(true));
  it.each(['', 't', '//x', '/t/./x', '/a b', '/t/%2e%2e', '/\u00e9', '/t#x', '/t\\x'])('refuses %j', (p) => expect(isSafePath(p)).toBe(false));
});

describe('parseTableTxt', () => {
  const good = ['v=1', 'n=Friday night', 'f=2', 's=4', 'p=/t/k3f9ab'];
  const expectMalformed = (strings: Uint8Array[]): void => {
    const r = parseTableTxt(strings, 1);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe('malformed');
  };

  it('reads a good record', () => {
    expect(parseTableTxt(bytes(...good), 1)).toEqual({
      ok: true,
      value: { protocolVersion: 1, name: 'Friday night', freeSeats: 2, seats: 4, path: '/t/k3f9ab' },
    });
  });

  it('reports another protocol version as incompatible, whatever else the record holds', () => {
    expect(parseTableTxt(bytes('v=2', 'x=future'), 1)).toMatchObject({ ok: false, reason: 'incompatible' });
    expect(parseTableTxt(bytes(...good), 2)).toMatchObject({ ok: false, reason: 'incompatible' });
  });

  it('follows RFC 6763 §6: case-insensitive keys, first occurrence wins, unknown keys and "=..." ignored', () => {
    const r = parseTableTxt(bytes('V=1', 'N=First', 'n=Second', 'colour=red', 'flag', '=junk', '', 'F=1', 's=4', 'P=/t/x'), 1);
    expect(r).toEqual({ ok: true, value: { protocolVersion: 1, name: 'First', freeSeats: 1, seats: 4, path: '/t/x' } });
  });

  it('sanitises and truncates incoming names', () => {
    const r = parseTableTxt(bytes('v=1', `n=\u202Ehi\n${'x'.repeat(100)}`, 'f=0', 's=4', 'p=/'), 1);
    expect(r.ok && r.value.name.startsWith('hi x')).toBe(true);
    expect(r.ok && utf8Length(r.value.name)).toBeLessThanOrEqual(MAX_NAME_BYTES);
  });

  it.each([
    ['no version', ['n=a', 'f=1', 's=4', 'p=/']],
    ['a version with a leading zero', ['v=01', 'n=a', 'f=1', 's=4', 'p=/']],
    ['a non-integer version', ['v=1.0', 'n=a', 'f=1', 's=4', 'p=/']],
    ['version 0', ['v=0', 'n=a', 'f=1', 's=4', 'p=/']],
    ['a key without value', ['v=1', 'n', 'f=1', 's=4', 'p=/']],
    ['an empty name', ['v=1', 'n= \u0007', 'f=1', 's=4', 'p=/']],
    ['no seats', ['v=1', 'n=a', 'f=1', 'p=/']],
    ['signed numbers', ['v=1', 'n=a', 'f=+1', 's=4', 'p=/']],
    ['more free seats than seats', ['v=1', 'n=a', 'f=5', 's=4', 'p=/']],
    ['too many seats', ['v=1', 'n=a', 'f=1', 's=17', 'p=/']],
    ['a huge number', ['v=1', 'n=a', 'f=1', 's=99999999999999999999', 'p=/']],
    ['an unsafe path', ['v=1', 'n=a', 'f=1', 's=4', 'p=//evil.example']],
    ['no path', ['v=1', 'n=a', 'f=1', 's=4']],
  ])('refuses %s', (_label, strings) => expectMalformed(bytes(...strings)));

  it('refuses invalid UTF-8 in the name', () => {
    const name = Uint8Array.from([0x6e, 0x3d, 0x61, 0xc3, 0x28]); // "n=a" + broken 2-byte sequence
    expectMalformed([...bytes('v=1', 'f=1', 's=4', 'p=/'), name]);
  });

  it('refuses oversized records', () => {
    expectMalformed([...bytes(...good), new Uint8Array(256).fill(0x61)]);
    expectMalformed([...bytes(...good), ...bytes(...Array.from({ length: 40 }, (_, i) => `k${i}=1`))]);
    expectMalformed([...bytes(...good), ...bytes(...Array.from({ length: 6 }, (_, i) => `k${i}=${'x'.repeat(250)}`))]);
  });
});
