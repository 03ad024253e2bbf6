// `npm run test:bench`: every bench run to its end with tiny counts (BENCH_SMOKE=1), checking it
// prints its figures and exits; no time is checked. Kept out of `npm test` (each run is a whole
// bench process: over a minute on 2 cores); .ci/run runs it right after `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['tests/bench/**/*.test.ts'],
    setupFiles: ['tests/setup/electron.ts', 'tests/setup/children.ts'],
    maxWorkers: 2,
    testTimeout: 120_000,
  },
});
