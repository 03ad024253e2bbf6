// Playwright runs Debian's Chromium (apt package `chromium`); Playwright's own browser
// download is not possible here, so no `npx playwright install`.
// Each spec starts the servers it needs itself (port 0), so there is no `webServer` block.
import { execSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

function chromiumPath(): string {
  try {
    return execSync('command -v chromium', { encoding: 'utf8', shell: '/bin/sh' }).trim();
  } catch {
    return '/usr/bin/chromium';
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Two spec files at a time: a page mostly waits on its host and on rendering, and each spec
  // starts its own host on port 0. The tests of one file stay in order in one worker.
  workers: 2,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  reporter: process.env['CI'] ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      // Never pass --user-data-dir here: Playwright rejects it in launch() args.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
