// Every screen at every size, from one seeded 6-seat game (five zero-delay bots) on a touch
// phone in Hungarian: the lobby, the table room, the game, a prompt, a round summary, game over,
// the shared board and the replay. Each screen is reached once and looked at as the window
// takes each size (one game, not one a size):
// - at every size, axe-core finds no violation at all (moderate ones too: a seat's h3 under no
//   h2 was one);
// - on the phone sizes, every control's hit area is at least 44×44 CSS px (SMALL_TARGETS);
// - at game over, before any tap, the winner line and every row of the ranking (its name and
//   Final Fame) are in sight and on top at every phone size (in Hungarian, and in English at
//   375×667), then the last round's summary is one tap away and leaves the winner in sight;
// - a round summary, and the last round's at game over, show every seat's Fame row at every size.
// Each failing look is listed per screen and size; the test fails at the end with them all.
import { type Browser, type Page, expect, test } from '@playwright/test';
import { allViolations } from '../kit/pages/axe';
import { LAST_SUMMARY_HIDDEN, RESULT_HIDDEN } from '../kit/pages/game-over-fit';
import { hostForSpec, pageErrors } from '../kit/pages/setup';
import { shot } from '../kit/pages/shots';
import { clickFirstLegal, nextView, startSoloTable, tableState } from '../kit/pages/solo';
import { tapOnTop } from '../kit/pages/touch-taps';
import { SMALL_TARGETS } from '../kit/pages/touch-targets';
import { WORDS_CUT } from '../kit/pages/words-cut';
import { FAME_ROWS_HIDDEN } from '../kit/pages/summary-fit';

const host = hostForSpec({ seed: 'every-screen', botDelayMs: 0 });

const PHONES = [
  { width: 360, height: 740 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
  { width: 844, height: 390 },
] as const;
const LARGE = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
] as const;
type Size = { readonly width: number; readonly height: number };
const HOME: Size = { width: 375, height: 667 };
const name = (size: Size): string => `${size.width}x${size.height}`;
/** What a screen looks like to a player, checked at every size; problems go into `found`. */
async function lookAtEverySize(
  page: Page,
  screen: string,
  found: string[],
  { targets = true, picture, fameRows = false }: { targets?: boolean; picture?: string; fameRows?: boolean } = {},
): Promise<void> {
  if (process.env['EVERY_SCREEN_TRACE']) console.log(`every-screen: ${screen}`);
  for (const size of [...PHONES, ...LARGE]) {
    await page.setViewportSize(size);
    // Two frames: the layout and any size-measured part (the story's room) settle first.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const at = `${screen} at ${name(size)}`;
    for (const v of await allViolations(page)) found.push(`${at}: axe ${v}`);
    for (const cut of await page.evaluate<string[]>(WORDS_CUT)) found.push(`${at}: ${cut}`);
    if (fameRows) for (const row of await page.evaluate<string[]>(FAME_ROWS_HIDDEN)) found.push(`${at}: a Fame row out of sight: ${row}`);
    if (picture && PHONES.includes(size as (typeof PHONES)[number])) await shot(page, `${picture}-${name(size)}-hu`, { fullPage: false });
    if (targets && PHONES.includes(size as (typeof PHONES)[number])) for (const small of await page.evaluate<string[]>(SMALL_TARGETS)) found.push(`${at}: ${small}`);
  }
  await page.setViewportSize(HOME);
}

/** The game-over screen's result, looked at before any tap at each phone size. */
async function resultAtPhones(page: Page, lang: string, found: string[]): Promise<void> {
  for (const size of lang === 'hu' ? PHONES : [HOME]) {
    await page.setViewportSize(size);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    await shot(page, `game-over-${name(size)}-${lang}`, { fullPage: false });
    for (const hidden of await page.evaluate<string[]>(RESULT_HIDDEN)) found.push(`game over at ${name(size)} in ${lang}, before any tap: ${hidden}`);
  }
  await page.setViewportSize(HOME);
}

const SHOWS = `(() => ({
  prompt: [...document.querySelectorAll('[data-testid="choice-prompt"]')].some((el) => el.getClientRects().length > 0),
  summary: [...document.querySelectorAll('[data-testid="round-summary"]')].some((el) => el.getClientRects().length > 0),
}))()`;

async function openBoard(browser: Browser, href: string, found: string[]): Promise<void> {
  const context = await browser.newContext({ locale: 'hu-HU', viewport: HOME, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  const board = await context.newPage();
  await board.goto(href);
  await expect(board.getByTestId('board')).toHaveAttribute('data-version', /\d+/);
  await lookAtEverySize(board, 'the board', found);
  await shot(board, 'board-375x667-hu', { fullPage: false });
  await context.close();
}

test('every screen at every size: axe finds nothing, phone controls are 44×44, the result is in sight at game over', async ({ browser }) => {
  test.setTimeout(6 * 60_000);
  const context = await browser.newContext({ locale: 'hu-HU', viewport: HOME, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  const found: string[] = [];

  await page.goto(host.url);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  await lookAtEverySize(page, 'the lobby', found);
  await startSoloTable(page, host.url, 6, 'Anna');
  // The table room was passed on the way in: looked at on a table of its own before its game starts.
  const tableId = new URL(page.url()).searchParams.get('table')!;
  const href = await page.getByTestId('show-board').getAttribute('href');
  await lookAtEverySize(page, 'the game', found, { picture: 'table' });
  // In French too (its history titles are the longest): the page speaks it (its lang, for the
  // browser's hyphenation) and shows every word whole on a phone.
  await page.getByTestId('language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  for (const size of PHONES) {
    await page.setViewportSize(size);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    for (const cut of await page.evaluate<string[]>(WORDS_CUT)) found.push(`the game in French at ${name(size)}: ${cut}`);
    await shot(page, `table-${name(size)}-fr`, { fullPage: false });
  }
  await page.setViewportSize(HOME);
  await page.getByTestId('language').selectOption('hu');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu');
  await openBoard(browser, href!, found);

  let prompt = false;
  let summary = false;
  for (let steps = 0; steps < 3000; steps++) {
    const { over, version } = await tableState(page);
    if (over) break;
    const shows = await page.evaluate<{ prompt: boolean; summary: boolean }>(SHOWS);
    if (shows.prompt && !prompt) {
      prompt = true;
      await lookAtEverySize(page, 'a prompt', found, { picture: 'prompt' });
    }
    if (shows.summary && !summary) {
      summary = true;
      await lookAtEverySize(page, 'a round summary', found, { picture: 'round-summary', fameRows: true });
    }
    const acted = await clickFirstLegal(page);
    await nextView(page, version).catch(() => expect(acted, `nothing to do and no new view after version ${version}`).toBe(true));
  }
  expect(prompt, 'a prompt came up').toBe(true);
  expect(summary, 'a round summary came up').toBe(true);

  // Game over: the result first, as it stands, before any tap.
  await expect(page.getByTestId('game-over')).toBeVisible();
  // Settled: the last round's summary shown (as it once opened by itself) or offered.
  await expect(page.locator('[data-testid="summary-continue"], [data-testid="last-round"]').first()).toBeVisible();
  await resultAtPhones(page, 'hu', found);
  await lookAtEverySize(page, 'game over', found);
  // The last round's summary, one tap away; the winner stays in sight beside it.
  const opened = await tapOnTop(page, '[data-testid="last-round"]');
  if (!('x' in opened)) found.push(`game over: the last round's summary is not one tap away (${JSON.stringify(opened)})`);
  else {
    await expect(page.getByTestId('round-summary')).toBeVisible();
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await shot(page, `last-round-${name(size)}-hu`, { fullPage: false });
      for (const hidden of await page.evaluate<string[]>(LAST_SUMMARY_HIDDEN)) found.push(`the last round's summary at ${name(size)}: ${hidden}`);
    }
    await page.setViewportSize(HOME);
    await lookAtEverySize(page, "game over, the last round's summary open", found, { fameRows: true });
    const closed = await tapOnTop(page, '[data-testid="summary-continue"]');
    expect(closed, "the last round's summary closes by a tap").toHaveProperty('x');
    await expect(page.getByTestId('round-summary')).toBeHidden();
  }
  // In English too, where its words are shorter but its buttons not.
  await page.getByTestId('language').selectOption('en');
  await expect(page.getByTestId('game-over').getByRole('heading', { level: 2 })).toHaveText('Game over');
  await resultAtPhones(page, 'en', found);
  await page.getByTestId('language').selectOption('hu');

  // The replay of the game just played, from the lobby.
  await page.getByTestId('back-to-lobby').click();
  await page.getByTestId('finished-game').first().getByTestId('replay-finished').click();
  await expect(page.getByTestId('replay')).toBeVisible();
  // The replay is read on a laptop: axe only (its seats list allies as lines of small buttons).
  await lookAtEverySize(page, 'the replay', found, { targets: false });

  // The table room, on a table of its own (no game started).
  await page.getByTestId('replay-close').click();
  await page.getByTestId('player-name').fill('Anna');
  await page.getByTestId('table-name').fill('Szoba');
  await page.getByTestId('create').click();
  await expect(page.getByTestId('table-room')).toBeVisible();
  await page.getByTestId('add-bot').first().click();
  await lookAtEverySize(page, 'the table room', found);
  await shot(page, 'table-room-375x667-hu', { fullPage: false });

  console.log(`every-screen (table ${tableId}): ${found.length} problems${found.map((f) => `\n  - ${f}`).join('')}`);
  expect(found).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
