// Which Chromium the browser tests launch. A machine's own Chromium or Chrome comes first (CI
// installs Debian's package and must keep using it), then Playwright's own browser if
// `npx playwright install chromium` was run, else one line naming that command. The choice is
// a pure function of what it is given, so it is tested without touching the machine.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const INSTALL_COMMAND = 'npx playwright install chromium';

export interface BrowserSearch {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  home: string;
  exists: (path: string) => boolean;
  /** The path a command name resolves to on the PATH, or undefined. */
  which: (command: string) => string | undefined;
  /** Where Playwright's own Chromium would be (installed or not). */
  playwrightBrowser: () => string | undefined;
}

export type BrowserChoice = { path: string; source: 'env' | 'system' | 'playwright' } | { error: string };

const ENV_NAMES = ['CHROMIUM_PATH', 'CHROME_PATH'] as const;
// The old headless shell first: the tests run headless, and it is the build Playwright itself runs
// headless tests on. Beside whole Chromium (Debian's `chromium-headless-shell` and `chromium`, one
// version) the browser tests took 254 CPU-s instead of 355 and 2.3 min instead of 3.1 on 2 cores.
const COMMANDS = ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];

function systemPaths(search: BrowserSearch): string[] {
  const { env, home } = search;
  switch (search.platform) {
    case 'darwin':
      return ['/Applications', join(home, 'Applications')].flatMap((apps) => [
        `${apps}/Chromium.app/Contents/MacOS/Chromium`,
        `${apps}/Google Chrome.app/Contents/MacOS/Google Chrome`,
      ]);
    case 'win32':
      return [env['PROGRAMFILES'], env['PROGRAMFILES(X86)'], env['LOCALAPPDATA']]
        .filter((dir): dir is string => !!dir)
        .flatMap((dir) => [`${dir}\\Chromium\\Application\\chrome.exe`, `${dir}\\Google\\Chrome\\Application\\chrome.exe`]);
    default:
      return [
        '/usr/bin/chromium-headless-shell',
        '/usr/bin/chromium',
        '/usr/bin/chromium-browser',
        '/usr/lib/chromium/chromium',
        '/usr/bin/google-chrome-stable',
        '/usr/bin/google-chrome',
        '/opt/google/chrome/chrome',
        '/snap/bin/chromium',
      ];
  }
}

export function chooseBrowser(search: BrowserSearch): BrowserChoice {
  for (const name of ENV_NAMES) {
    const path = search.env[name];
    if (!path) continue;
    // A path given on purpose that is not there is a mistake to say, not to step over.
    if (!search.exists(path)) return { error: `${name}=${path} does not exist; unset it or point it at a Chromium or Chrome binary` };
    return { path, source: 'env' };
  }
  if (search.platform !== 'win32') {
    for (const command of COMMANDS) {
      const path = search.which(command);
      if (path && search.exists(path)) return { path, source: 'system' };
    }
  }
  for (const path of systemPaths(search)) {
    if (search.exists(path)) return { path, source: 'system' };
  }
  const own = search.playwrightBrowser();
  if (own && search.exists(own)) return { path: own, source: 'playwright' };
  return { error: `No Chromium or Chrome found for the browser tests: run \`${INSTALL_COMMAND}\` (or set CHROMIUM_PATH)` };
}

function which(command: string): string | undefined {
  try {
    return execFileSync('/bin/sh', ['-c', `command -v ${command}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export function machineSearch(): BrowserSearch {
  return {
    platform: process.platform,
    env: process.env,
    home: homedir(),
    exists: existsSync,
    which,
    playwrightBrowser: () => {
      try {
        return chromium.executablePath();
      } catch {
        return undefined;
      }
    },
  };
}

/** The browser for this machine, or the process ends with the one line saying what to do. */
export function browserPath(): string {
  const choice = chooseBrowser(machineSearch());
  if ('path' in choice) return choice.path;
  console.error(choice.error);
  process.exit(1);
}
