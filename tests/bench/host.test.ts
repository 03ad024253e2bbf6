// The host's benches run to their end and exit (BENCH_SMOKE=1: tiny counts; no time checked).
// bench:host's many-tables phase opens more tables from one address than the host's default
// caps allow, as the full run does; bench:start stops every process it started.
import { describe, it } from 'vitest';
import { expectBenchFinishes } from './run-bench';

describe('bench smoke runs: the host', () => {
  it('bench:host prints the single-table figures and both many-tables phases, and exits', async () => {
    await expectBenchFinishes({ script: 'bench:host' }, [
      /intent → all six seats hold views\s+p50 [\d.]+ ms/,
      /\d+ tables × 6 seats, bots think 10–90 ms\s+p50 [\d.]+ ms/,
      /\d+ tables × 6 seats, bots flat out\s+p50 [\d.]+ ms/,
    ]);
  }, 120_000);

  it('bench:start prints every start-up, npm start included, and exits', async () => {
    await expectBenchFinishes({ script: 'bench:start' }, [/chronicle host → HTTP 200\s+p50\s+\d+ ms/, /npm start → HTTP 200\s+p50\s+\d+ ms/]);
  }, 120_000);

  it('bench:move-path prints the host files of one move, the long files and the loops, and exits', async () => {
    await expectBenchFinishes({ script: 'bench:move-path' }, [
      /host files on the path: \d+/,
      /entries in all: \d+/,
      /files over 300 lines in src\/main: \d+/,
      /import loops between files of one folder in src: \d+/,
    ]);
  }, 120_000);

  it('bench:reactions prints both medians, and exits', async () => {
    await expectBenchFinishes({ script: 'bench:reactions' }, [/reaction → all 7 screens\s+median [\d.]+ ms/, /ratio reaction \/ sync, median: [\d.]+/]);
  }, 120_000);

  it('bench/flood.ts prints every phase and the ratio, and exits', async () => {
    await expectBenchFinishes({ file: 'bench/flood.ts' }, [/quiet again\s+\d+ bot decisions/, /flood p99 \/ quiet p99 .*: [\d.]+×/]);
  }, 120_000);

  it('bench/flood-bounds.ts prints both phases and the paused game, and exits', async () => {
    await expectBenchFinishes({ file: 'bench/flood-bounds.ts' }, [/one address .*: \d+ games started/, /170 addresses .*: \d+ games started/, /the family's paused game: /]);
  }, 120_000);
});
