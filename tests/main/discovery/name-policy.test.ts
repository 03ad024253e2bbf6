// The rename and back-off policy on its own: RFC 6762 §9 names, §8.1 pacing, error back-off.
import { describe, expect, it } from 'vitest';
import { CONFLICT_PAUSE_MS, ConflictPacer, RETRY_MAX_MS, hostChoice, instanceChoice, retryDelay } from '../../../src/main/discovery/name-policy';

const bytes = (s: string): number => new TextEncoder().encode(s).length;

describe('instanceChoice / hostChoice', () => {
  it('keeps the first name, then appends (2), (3)...', () => {
    expect(instanceChoice('Friday night (k3f9ab)', 1)).toBe('Friday night (k3f9ab)');
    expect(instanceChoice('Friday night (k3f9ab)', 2)).toBe('Friday night (k3f9ab) (2)');
    expect(instanceChoice('Friday night (k3f9ab)', 17)).toBe('Friday night (k3f9ab) (17)');
  });

  it('stays within one 63-byte DNS label, cutting the name on a character boundary', () => {
    const long = `${'é'.repeat(31)}x`; // 63 bytes
    for (const n of [2, 10, 12345]) {
      const name = instanceChoice(long, n);
      expect(bytes(name)).toBeLessThanOrEqual(63);
      expect(name.endsWith(` (${n})`)).toBe(true);
      expect(name).not.toContain('\uFFFD');
    }
  });

  it('gives the host name a -2, -3... suffix', () => {
    expect(hostChoice('k3f9ab', 1)).toBe('chronicle-k3f9ab.local');
    expect(hostChoice('k3f9ab', 2)).toBe('chronicle-k3f9ab-2.local');
    expect(hostChoice('k3f9ab', 3)).toBe('chronicle-k3f9ab-3.local');
  });
});

describe('ConflictPacer (RFC 6762 §8.1)', () => {
  it('probes at once for the first 14 conflicts within 10 s, then waits 5 s before each further probe', () => {
    const pacer = new ConflictPacer();
    const waits = Array.from({ length: 16 }, (_, i) => pacer.conflict(i * 100));
    expect(waits.slice(0, 14)).toEqual(Array(14).fill(0));
    expect(waits.slice(14)).toEqual([CONFLICT_PAUSE_MS, CONFLICT_PAUSE_MS]);
  });

  it('once paced, waits 5 s before every further probe while the conflicts keep coming, even slower than 15 in 10 s', () => {
    const pacer = new ConflictPacer();
    for (let i = 0; i < 15; i++) pacer.conflict(i * 100);
    // A conflict every 5 s (after each paced probe): 2 in any 10 s, still paced.
    const waits = Array.from({ length: 6 }, (_, i) => pacer.conflict(1500 + (i + 1) * 5000));
    expect(waits).toEqual(Array(6).fill(CONFLICT_PAUSE_MS));
    expect(pacer.conflict(31_500 + 10_000)).toBe(0); // 10 s without one: over
  });

  it('forgets conflicts older than 10 s', () => {
    const pacer = new ConflictPacer();
    for (let i = 0; i < 14; i++) pacer.conflict(i);
    expect(pacer.conflict(10_500)).toBe(0); // the first 14 are over 10 s old
  });
});

describe('retryDelay', () => {
  it('waits 1, 2, 4, 8 ... s after failures in a row, at most a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 100].map(retryDelay)).toEqual([0, 1000, 2000, 4000, 8000, 16000, 32000, RETRY_MAX_MS, RETRY_MAX_MS, RETRY_MAX_MS]);
  });
});
