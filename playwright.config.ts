// Playwright runs the machine's own Chromium or Chrome (CI: Debian's apt package `chromium`),
// else its own browser if it was installed; tests/setup/browser.ts chooses and, when there is
// none, stops with the one command that installs it. CI never runs `npx playwright install`.
// Each spec starts the servers it needs itself (port 0), so there is no `webServer` block.
import { defineConfig } from '@playwright/test';
import { browserPath } from './tests/setup/browser';

/** Specs that mostly wait on the table's own pace (the guided round's bots take 900 ms a move). */
const PACED = ['tutorial.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  // The paced specs start first, so their waiting overlaps the others' work: run last (their
  // files sort last), the guided round alone took the final half-minute of the run.
  projects: [
    { name: 'paced', testMatch: PACED },
    { name: 'browser', testIgnore: PACED },
  ],
  // Two spec files at a time: a page mostly waits on its host and on rendering, and each spec
  // starts its own host on port 0. The tests of one file stay in order in one worker.
  workers: 2,
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
