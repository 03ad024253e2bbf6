// Playwright runs the machine's own Chromium or Chrome (CI: Debian's apt package `chromium`),
// else its own browser if it was installed; tests/setup/browser.ts chooses and, when there is
// none, stops with the one command that installs it. CI never runs `npx playwright install`.
// Each spec starts the servers it needs itself (port 0), so there is no `webServer` block.
import { defineConfig } from '@playwright/test';
import { browserPath } from './tests/setup/browser';

/**
 * Specs that mostly wait rather than compute: the guided round's bots take 900 ms a move (told at
 * the normal pace), a dropped phone's countdown runs its seconds, the LAN phone sleeps and wakes,
 * and prompts.spec's games (test:soak) are told at the normal pace.
 */
const PACED = ['tutorial.spec.ts', 'prompts.spec.ts', 'dropped-phone.spec.ts', 'phone-http.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  // The specs' hosts start from one bundled file (tests/setup/test-host.ts).
  globalSetup: './tests/setup/test-host.ts',
  // Two workers for the specs that keep the CPU busy (a page, its host and Playwright take a
  // core or more each on 2 cores; a third was no faster), and a third that runs the paced specs
  // one after the other beside them, since those mostly wait.
  workers: 3,
  projects: [
    { name: 'paced', testMatch: PACED, workers: 1 },
    { name: 'browser', testIgnore: PACED, workers: 2 },
  ],
  forbidOnly: !!process.env['CI'],
  retries: 0,
  reporter: process.env['CI'] ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    // No trace by default: recording one snapshots the whole page at every action and doubled
    // the CPU a whole-game spec takes. To debug a failure: `npx playwright test x.spec.ts --trace on`.
    trace: 'off',
    launchOptions: {
      executablePath: browserPath(),
      // Never pass --user-data-dir here: Playwright rejects it in launch() args.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
