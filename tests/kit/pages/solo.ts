// One player and bots through the real UI: create a table, fill it with bots, start, then play
// a whole game at instant speed, waiting on the table's view version (never on sleeps).
import { type Page, expect } from '@playwright/test';
import { drawsWithin } from './drawing';

export async function startSoloTable(page: Page, url: string, players: number, name = 'Solo'): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  await page.getByTestId('player-name').fill(name);
  await page.getByTestId('table-name').fill(`${players} seats`);
  await page.getByTestId(`seats-${players}`).check();
  await page.getByTestId('create').click();
  // Novice bots think least: the whole game runs at instant speed.
  await page.getByTestId('bot-level').locator('input[data-value="novice"]').check();
  for (let added = 1; added < players; added++) {
    await page.getByTestId('add-bot').first().click();
    await expect(page.getByTestId('remove-bot')).toHaveCount(added);
  }
  await page.getByTestId('start').click();
  await expect(page.getByTestId('table')).toBeVisible();
}

/** The table's view version, or null when no table is shown. */
export async function viewVersion(page: Page): Promise<string | null> {
  return page.getByTestId('table').getAttribute('data-version', { timeout: 5000 });
}

const FIRST_OPTION_CSS = '[data-testid="hand-card-legal"][data-legal="true"], [data-testid="choice-option"]';
const CLICK_TARGET: Record<NextClick, string> = {
  summary: '[data-testid="summary-continue"]',
  confirm: '[data-testid="choice-confirm"]',
  answer: '[data-testid="choice-option"]',
  play: '[data-testid="hand-card-legal"][data-legal="true"]',
};

interface PageDocument {
  querySelector(selector: string): { dataset: Record<string, string | undefined>; getAttribute(name: string): string | null } | null;
}

/**
 * Wait until the view is newer than `version` (or the game is over) and no answer of this page
 * is on its way (the table is not aria-busy). Views come in bursts, so the version read before
 * acting may already be older than the view acted on; the host answers an action only after
 * sending the view it produced, so once the table is no longer busy that view is shown, and
 * the next look never finds the answered prompt again.
 */
export async function nextView(page: Page, version: string | null): Promise<void> {
  await page.waitForFunction(
    (v) => {
      // Runs in the page (the e2e TypeScript project has no DOM types, hence the local shape).
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const table = doc.querySelector('[data-testid="table"]');
      if (table?.getAttribute('aria-busy') === 'true') return false;
      return table?.dataset['version'] !== v || doc.querySelector('[data-testid="game-over"]') !== null;
    },
    version,
    { timeout: 15_000, polling: 'raf' },
  );
}

/**
 * Wait until the page shows `version` or a newer one (or the game is over). Pages on separate
 * sockets receive the same version at slightly different moments: a page that looks for its
 * turn before its view arrives finds nothing to click, and the table waits on it for ever.
 */
export async function catchUp(page: Page, version: string | null): Promise<void> {
  if (version === null) return;
  await page.waitForFunction(
    (v) => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const shown = doc.querySelector('[data-testid="table"]')?.dataset['version'];
      return (shown !== undefined && Number(shown) >= v) || doc.querySelector('[data-testid="game-over"]') !== null;
    },
    Number(version),
    { timeout: 15_000, polling: 'raf' },
  );
}

export interface GameHooks {
  /** Called once for every new view the page shows. */
  onView?: (version: string) => Promise<void>;
  /** Answer the view: return true when something was sent. Defaults to clicking the first legal thing. */
  act?: (page: Page) => Promise<boolean>;
}

/** What the page offers to click next, found in one round trip (a string: the page's CSP forbids eval). */
const NEXT_CLICK = `(() => {
  const shown = (el) => el !== null && el.getClientRects().length > 0;
  if (shown(document.querySelector('[data-testid="summary-continue"]'))) return 'summary';
  if (shown(document.querySelector('[data-testid="choice-confirm"]'))) return 'confirm';
  const option = document.querySelector('${FIRST_OPTION_CSS}');
  if (option === null) return null;
  return option.dataset.testid === 'choice-option' ? 'answer' : 'play';
})()`;
type NextClick = 'summary' | 'confirm' | 'answer' | 'play';

/**
 * Click the first playable card, or the first answer of a prompt (a player, then a card) and
 * its Confirm; a round summary is closed first. Real clicks: a control that is covered or off
 * screen fails here as it would for a player. False when there is nothing to do.
 */
export async function clickFirstLegal(page: Page): Promise<boolean> {
  try {
    for (let step = 0; step < 5; step++) {
      const next = await page.evaluate<NextClick | null>(NEXT_CLICK);
      if (next === null) return step > 0;
      await page.locator(CLICK_TARGET[next]).first().click({ timeout: 1500 });
      // A play or a Confirm sends; a closed summary or a picked answer leads to the next click.
      if (next === 'play' || next === 'confirm') return true;
    }
    return true;
  } catch {
    return false; // the view changed under the click: look again
  }
}

/** The table's view version and whether the game is over, in one round trip. */
const TABLE_STATE = `(() => ({
  over: document.querySelector('[data-testid="game-over"]') !== null,
  version: document.querySelector('[data-testid="table"]')?.dataset.version ?? null,
}))()`;

/** The table's view version (null when no table is shown) and whether the game is over. */
export async function tableState(page: Page): Promise<{ over: boolean; version: string | null }> {
  return page.evaluate<{ over: boolean; version: string | null }>(TABLE_STATE);
}

/** What the page shows when it stalls: enough to tell a covered control from a lost turn. */
const STALL_STATE = `(() => {
  const text = (selector) => document.querySelector(selector)?.textContent?.trim() ?? null;
  const hand = [...document.querySelectorAll('[data-testid="hand"] [data-card]')];
  return JSON.stringify({
    connection: text('[data-testid="connection-status"]'),
    banner: text('[data-testid="turn-banner"]'),
    error: text('[data-testid="error"]'),
    prompt: text('[data-testid="choice-prompt"]'),
    summary: document.querySelector('[data-testid="summary-continue"]') !== null,
    hand: hand.length,
    legal: hand.filter((c) => c.dataset.legal === 'true').length,
    story: text('[data-testid="story"]'),
  });
})()`;

/** Play until the game-over screen; returns the number of views seen. */
export async function playWholeGame(page: Page, hooks: GameHooks = {}): Promise<number> {
  const act = hooks.act ?? clickFirstLegal;
  let seen: string | null = null;
  let views = 0;
  let stalls = 0;
  for (let steps = 0; ; steps++) {
    expect(steps, 'the game did not end').toBeLessThan(5000);
    const { over, version } = await tableState(page);
    if (over) return views;
    if (version !== null && version !== seen) {
      seen = version;
      views += 1;
      await hooks.onView?.(version);
    }
    const acted = await act(page);
    // After an answer, or with nothing to do, the next thing to look at is a newer view. A
    // loaded machine may drop the socket for a moment: the page reconnects and resyncs.
    try {
      await nextView(page, version);
      stalls = 0;
    } catch {
      stalls += 1;
      if (!acted && stalls > 3) {
        const shows = await page.evaluate<string>(STALL_STATE).catch((e: unknown) => String(e));
        // Clicks wait for two frames with their target at rest: a page that stopped drawing takes none.
        const drawing = await drawsWithin(page, 1000).catch(() => false);
        throw new Error(`no new view after version ${version} and nothing to do; the page ${drawing ? 'draws and' : 'draws no frame and'} shows ${shows}`);
      }
    }
  }
}
