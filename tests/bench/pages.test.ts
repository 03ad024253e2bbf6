// The page benches run to their end and exit (BENCH_SMOKE=1: tiny counts; no time checked).
// They load the built app from out/ (`npm test`, which CI runs before them, builds it).
import { describe, it } from 'vitest';
import { expectBenchFinishes } from './run-bench';

describe('bench smoke runs: pages in Chromium', () => {
  it('bench:first-load prints the script on the wire and the time to interactive, and exits', async () => {
    await expectBenchFinishes({ script: 'bench:first-load' }, [
      /script on the wire: [\d.]+ kB/,
      /lobby interactive from the request, median of \d+: CPU as is \d+ ms, slowed 4x \d+ ms/,
    ]);
  }, 120_000);

  it("bench:evening prints a game's weight at its first move and at its end, and exits", async () => {
    await expectBenchFinishes({ script: 'bench:evening' }, [/game 1 at its first move: \d+ DOM nodes/, /game 1 over \(\d+ taps/]);
  }, 180_000);
});
