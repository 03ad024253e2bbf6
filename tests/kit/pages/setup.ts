// What the specs set up alike: the built renderer, one host serving it to a spec's tests, the
// errors a page reports (a spec asserts there were none), and a table created from the lobby.
import { existsSync } from 'node:fs';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { type HostProcessOptions, type RunningHost, startHost } from './host';

/** Where `npm run build` puts the renderer the hosts serve. */
export const RENDERER = 'out/renderer';

/** Fails at once, saying what to do, when the renderer has not been built. */
export function requireBuiltRenderer(): void {
  if (!existsSync(`${RENDERER}/index.html`)) throw new Error(`${RENDERER} is missing: run \`npm run build\` first`);
}

export type SpecHost = Pick<RunningHost, 'url' | 'port' | 'dataDir'>;

/**
 * A host serving the built renderer, started before the spec's tests and stopped after them.
 * With `scope: 'test'` each test gets a host of its own: a seeded spec whose tests run in
 * parallel then replays the same games in each test (its n-th table gets `<seed>:<n>`) whichever
 * worker runs it and whatever that worker ran before.
 */
export function hostForSpec(options: HostProcessOptions & { scope?: 'spec' | 'test' } = {}): SpecHost {
  const { scope = 'spec', ...hostOptions } = options;
  let running: RunningHost | undefined;
  const start = async () => {
    requireBuiltRenderer();
    running = await startHost(RENDERER, hostOptions);
  };
  const stop = async () => {
    await running?.stop();
    running = undefined;
  };
  if (scope === 'test') {
    test.beforeEach(start);
    test.afterEach(stop);
  } else {
    test.beforeAll(start);
    test.afterAll(stop);
  }
  const started = (): RunningHost => {
    if (!running) throw new Error('the spec host is used before it started (only inside tests)');
    return running;
  };
  return {
    get url() {
      return started().url;
    },
    get port() {
      return started().port;
    },
    get dataDir() {
      return started().dataDir;
    },
  };
}

export interface ErrorWatch {
  /** Prefixes each message (e.g. `page 2: `) when a test watches several pages. */
  readonly prefix?: string;
  /** Also collect `console.error` messages (default true); uncaught errors always count. */
  readonly consoleErrors?: boolean;
  /** The list to add them to, shared by several pages (default: a new one). */
  readonly into?: string[];
}

/** The page's uncaught errors and console errors from now on, in the order they came. */
export function pageErrors(page: Page, { prefix = '', consoleErrors = true, into }: ErrorWatch = {}): string[] {
  const errors = into ?? [];
  if (consoleErrors) {
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`${prefix}${msg.text()}`);
    });
  }
  page.on('pageerror', (err) => errors.push(`${prefix}${err.message}`));
  return errors;
}

export interface NewTable {
  readonly player: string;
  readonly table: string;
  readonly seats: 3 | 4 | 5 | 6;
}

/** Fills the lobby's form with the player's name and the table's, and creates it. */
export async function createTable(page: Page, { player, table, seats }: NewTable): Promise<void> {
  await page.getByTestId('player-name').fill(player);
  await page.getByTestId('table-name').fill(table);
  await page.getByTestId(`seats-${seats}`).check();
  await page.getByTestId('create').click();
}

/** Adds `count` bots in the table room, one at a time: each click waits for the seat it filled. */
export async function addBots(page: Page, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    await page.getByTestId('add-bot').first().click();
    await expect(page.getByTestId('remove-bot')).toHaveCount(i);
  }
}

export interface LivePageOptions {
  readonly viewport?: { width: number; height: number };
  /** The player name this device remembers from an earlier evening. */
  readonly name?: string;
}

/** A page of its own browser context (its own storage: another device) at `url`, once its connection is live. */
export async function openLivePage(browser: Browser, errors: string[], prefix: string, url: string, options: LivePageOptions = {}): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: options.viewport ?? { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  if (options.name) {
    await context.addInitScript((n) => {
      try {
        (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('chronicle.name', n);
      } catch {
        // about:blank has no storage
      }
    }, options.name);
  }
  const page = await context.newPage();
  pageErrors(page, { prefix, into: errors });
  await page.goto(url);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  return page;
}
