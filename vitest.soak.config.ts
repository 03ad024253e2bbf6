// `npm run test:soak`: the long runs (1,000 bot games through one host, 200 quick games under
// the rate limit). Kept out of `npm test`: the node project there only picks up *.test.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'soak',
    environment: 'node',
    include: ['tests/soak/**/*.soak.ts'],
    setupFiles: ['tests/setup/electron.ts', 'tests/setup/children.ts'],
    // The soak measures the heap after a forced collection.
    execArgv: ['--expose-gc'],
    pool: 'forks',
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
  },
});
