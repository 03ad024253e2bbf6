import { describe, expect, it } from 'vitest';
import { chooseBrowser, INSTALL_COMMAND, type BrowserSearch } from './browser';

function search(over: Partial<BrowserSearch> & { files?: string[]; onPath?: Record<string, string> }): BrowserSearch {
  const files = new Set(over.files ?? []);
  return {
    platform: 'linux',
    env: {},
    home: '/home/ann',
    exists: (path) => files.has(path),
    which: (command) => over.onPath?.[command],
    playwrightBrowser: () => '/home/ann/.cache/ms-playwright/chromium-1/chrome-linux64/chrome',
    ...over,
  };
}

describe('chooseBrowser', () => {
  it("takes Debian's chromium on the PATH before Playwright's own browser", () => {
    const choice = chooseBrowser(
      search({
        onPath: { chromium: '/usr/bin/chromium' },
        files: ['/usr/bin/chromium', '/home/ann/.cache/ms-playwright/chromium-1/chrome-linux64/chrome'],
      }),
    );
    expect(choice).toEqual({ path: '/usr/bin/chromium', source: 'system' });
  });

  it("takes Debian's old headless shell before its whole Chromium: the tests run headless", () => {
    const both = {
      onPath: { chromium: '/usr/bin/chromium', 'chromium-headless-shell': '/usr/bin/chromium-headless-shell' },
      files: ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'],
    };
    expect(chooseBrowser(search(both))).toEqual({ path: '/usr/bin/chromium-headless-shell', source: 'system' });
    expect(chooseBrowser(search({ files: ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'] }))).toEqual({ path: '/usr/bin/chromium-headless-shell', source: 'system' });
  });

  it('finds Chrome at its usual place on a Fedora machine with nothing on the PATH', () => {
    expect(chooseBrowser(search({ files: ['/opt/google/chrome/chrome'] }))).toEqual({ path: '/opt/google/chrome/chrome', source: 'system' });
  });

  it('finds Chrome in the Applications folder on a Mac', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(chooseBrowser(search({ platform: 'darwin', files: [chrome] }))).toEqual({ path: chrome, source: 'system' });
    const own = '/home/ann/Applications/Chromium.app/Contents/MacOS/Chromium';
    expect(chooseBrowser(search({ platform: 'darwin', files: [own] }))).toEqual({ path: own, source: 'system' });
  });

  it('finds Chrome under Program Files on Windows', () => {
    const chrome = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
    const choice = chooseBrowser(search({ platform: 'win32', env: { PROGRAMFILES: 'C:\\Program Files' }, files: [chrome] }));
    expect(choice).toEqual({ path: chrome, source: 'system' });
  });

  it('takes CHROMIUM_PATH or CHROME_PATH first, and says so when it points at nothing', () => {
    const files = ['/usr/bin/chromium', '/custom/chrome'];
    expect(chooseBrowser(search({ env: { CHROME_PATH: '/custom/chrome' }, files }))).toEqual({ path: '/custom/chrome', source: 'env' });
    const missing = chooseBrowser(search({ env: { CHROMIUM_PATH: '/nowhere/chromium' }, files }));
    expect(missing).toEqual({ error: expect.stringContaining('CHROMIUM_PATH=/nowhere/chromium does not exist') });
  });

  it("falls back to Playwright's installed browser when the machine has none", () => {
    const own = '/home/ann/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';
    expect(chooseBrowser(search({ platform: 'darwin', files: [own] }))).toEqual({ path: own, source: 'playwright' });
  });

  it('ignores a PATH entry that is not there and names the install command when nothing is found', () => {
    const choice = chooseBrowser(search({ onPath: { chromium: '/usr/bin/chromium' } }));
    expect(choice).toEqual({ error: expect.stringContaining(INSTALL_COMMAND) });
    if ('error' in choice) expect(choice.error).not.toContain('\n');
  });
});
