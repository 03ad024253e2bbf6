// The engine's and the bots' benches run to their end and exit (BENCH_SMOKE=1: tiny counts; no time checked).
import { describe, it } from 'vitest';
import { expectBenchFinishes } from './run-bench';

describe('bench smoke runs: rules and bots', () => {
  it('bench:engine prints its games per second and the Master playouts, and exits', async () => {
    await expectBenchFinishes({ script: 'bench:engine' }, [/random games \/ s \(applyInPlace\)\s+[\d,.]+/, /Master playouts per 200 ms decision\s+[\d,.]+/]);
  }, 120_000);

  it('bench:bots prints each pairing and the decision times, and exits', async () => {
    await expectBenchFinishes({ script: 'bench:bots' }, [/Master vs 3 Adepts\s+\d+\s+[\d.]+%/, /^master\s+\d+\s+[\d.]+/m, /Master decision ÷ its \d+ ms budget: p50 [\d.]+×/]);
  }, 120_000);
});
