// BENCH_SMOKE=1: every bench runs with tiny counts, to show it still runs to its end, prints its
// figures and exits (tests/bench/smoke.test.ts runs each so in `npm test`). Its figures then
// mean nothing: the counts are too small for them.
export const SMOKE = process.env['BENCH_SMOKE'] === '1';

/** `full` normally; `smoke` under BENCH_SMOKE=1. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);
