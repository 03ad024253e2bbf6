// The host's small parts on their own: text cleaning, payload schemas, tokens, the flood
// limit, the serial queue, the absence rule, the table file versions.
import { describe, expect, it } from 'vitest';
import { handoverCheck } from '../../../../src/main/host/seats/absence';
import { TokenBucket } from '../../../../src/main/host/guards/rate-limit';
import { TableFileError, readTableLines } from '../../../../src/main/host/table-file/lines';
import { hashPin, hashToken, newToken, pinMatches, tokenMatches } from '../../../../src/main/host/guards/tokens';
import { SCHEMAS, cleanText } from '../../../../src/shared/protocol';

describe('untrusted text', () => {
  it('is trimmed, stripped of control and format characters, and capped in code points', () => {
    expect(cleanText('  Ann\u0000\u0007\u200b\u202e\u2066  ', 24)).toBe('Ann');
    expect(cleanText('a\n\tb   c', 24)).toBe('a b c');
    expect(cleanText('<img src=x onerror=alert(1)>', 100)).toBe('<img src=x onerror=alert(1)>'); // text, shown as text
    expect(cleanText('😀'.repeat(30), 24)).toBe('😀'.repeat(24));
    expect(cleanText('\u0000\u0001', 24)).toBe('');
  });
});

describe('payload schemas', () => {
  it('take well-formed intents and refuse anything else', () => {
    const act = SCHEMAS['game:act'];
    expect(act.safeParse({ action: { play: 'king' }, seq: 1, version: 0 }).success).toBe(true);
    expect(act.safeParse({ action: { choose: { target: 2 } }, seq: 3, version: 9 }).success).toBe(true);
    for (const bad of [
      null,
      {},
      { action: { play: 'king' }, seq: 0, version: 0 },
      { action: { play: 'king' }, seq: 1.5, version: 0 },
      { action: { play: 'king', extra: 1 }, seq: 1, version: 0 },
      { action: { play: 'king' }, seq: 1, version: 0, seat: 2 },
      { action: { choose: { target: 9 } }, seq: 1, version: 0 },
    ]) {
      expect(act.safeParse(bad).success).toBe(false);
    }
    expect(SCHEMAS['table:list'].safeParse(null).success).toBe(true);
    expect(SCHEMAS['table:list'].safeParse({ x: 1 }).success).toBe(false);
    expect(SCHEMAS['table:join'].safeParse({ tableId: '../../etc', name: 'x' }).success).toBe(false);
  });
});

describe('tokens and PINs', () => {
  it('match only themselves', () => {
    const t = newToken();
    expect(tokenMatches(t, hashToken(t))).toBe(true);
    expect(tokenMatches(newToken(), hashToken(t))).toBe(false);
    const pin = hashPin('1234');
    expect(pinMatches('1234', pin)).toBe(true);
    expect(pinMatches('1235', pin)).toBe(false);
    expect(pinMatches(undefined, pin)).toBe(false);
    expect(pinMatches(undefined, null)).toBe(true);
  });
});

describe('the flood limit', () => {
  it('allows a burst, then refills at its rate', () => {
    const clock = { t: 0, now: () => clock.t };
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, clock);
    expect([1, 2, 3, 4].map(() => bucket.take())).toEqual([true, true, true, false]);
    clock.t += 500;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
  });
});

describe('absence', () => {
  it('allows a hand-over only after the grace period, or at once when the player left', () => {
    expect(handoverCheck({ connected: true, left: false, goneSince: null }, 10, 5)).toBe('PLAYER_PRESENT');
    expect(handoverCheck({ connected: false, left: false, goneSince: 8 }, 10, 5)).toBe('GRACE_NOT_OVER');
    expect(handoverCheck({ connected: false, left: false, goneSince: 5 }, 10, 5)).toBe('ok');
    expect(handoverCheck({ connected: false, left: true, goneSince: 9 }, 10, 5)).toBe('ok');
  });
});

describe('table file versions', () => {
  it('refuse a newer version and a bad header with a clear message', () => {
    expect(() => readTableLines([{ t: 'table', v: 3 }])).toThrow(/newer than this app/);
    expect(() => readTableLines([{ t: 'nope' }])).toThrow(TableFileError);
    expect(() => readTableLines([{ t: 'table', v: 1, id: 'x', name: 'x', players: 3, options: {}, seed: 's' }, { t: 'zzz' }])).toThrow(/line 2/);
  });
});
