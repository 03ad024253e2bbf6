// Vitest: three projects (node, host, dom). `include` lives only inside the projects: with
// `extends: true` a root `test.include` would be concatenated with each project's and files would
// run twice.
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const inNode = {
  environment: 'node',
  // The real `electron` module tries to download its binary on import and throws:
  // this setup file mocks it for every node test (a test may still vi.mock it itself).
  // children.ts kills whatever child process a test leaves running, with its process group.
  setupFiles: ['tests/setup/electron.ts', 'tests/setup/children.ts'],
  // Sized to the slowest machine the suite runs on (2 cores shared with a build or
  // other suites), not Vitest's 5 s default: real servers, workers and whole games
  // take several seconds there. A test that hangs still fails, with its name.
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  plugins: [svelte()],
  test: {
    passWithNoTests: false,
    // Most files wait on sockets, workers and timers rather than the CPU: four at a time finish
    // the suite in about 60 % of the time two take on a 2-core machine.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          ...inNode,
          include: ['tests/**/*.test.ts'],
          // The benches' smoke runs are CI's step after npm test (vitest.bench.config.ts).
          exclude: ['tests/renderer/**', 'tests/e2e/**', 'tests/main/host/**', 'tests/shared/**', 'tests/bench/**', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          // The engine's, the protocol's and the bots' tests: pure functions, no mocks, so the
          // files share a worker's modules (importing them afresh per file was a fifth of their CPU).
          name: 'shared',
          ...inNode,
          include: ['tests/shared/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'host',
          ...inNode,
          include: ['tests/main/host/**/*.test.ts'],
          exclude: ['tests/main/host/**/*.faults.test.ts', '**/node_modules/**'],
          // The host's tests share a worker's modules: each file starts its own hosts on port 0
          // with their own data directories and mocks nothing, and importing the host again for
          // each of 36 files cost more than their tests (85 -> 60 CPU-s for this project). The
          // shell's, the bot pool's and the fingerprints' tests need fresh modules: they stay
          // in the node project.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Host tests under a misbehaving disk mock `node:fs` (tests/kit/host/disk-faults.ts):
          // they need the host's modules fresh, with the mock, so they run apart.
          name: 'host-faults',
          ...inNode,
          include: ['tests/main/host/**/*.faults.test.ts'],
        },
      },
      {
        extends: true,
        // Svelte's package.json picks its server build unless the "browser" condition is set.
        resolve: { conditions: ['browser'] },
        test: {
          name: 'dom',
          environment: 'happy-dom',
          // Files share a worker's modules and page (tests/kit/dom/blank-page.ts clears the page
          // and storage per file; each test unmounts what it mounted).
          isolate: false,
          include: ['tests/renderer/**/*.test.ts'],
          setupFiles: ['tests/kit/dom/languages.ts', 'tests/kit/dom/blank-page.ts'],
          // A screen's first test pays for importing it (the game screen, the replay viewer):
          // seconds on a loaded 2-core machine, past Vitest's 5 s default.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
