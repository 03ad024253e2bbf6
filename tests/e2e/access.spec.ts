// Playing without a mouse, on a touch screen, and with a screen reader's eyes (axe-core):
// - a whole game by keyboard only (no mouse or pointer event at all): every prompt answered
//   with arrows and Enter twice, one answer taken back with Esc, a dimmed card's reason read
//   from the live region; axe over the lobby, the room, the table, every dialog, every prompt
//   kind that comes up (before and after picking), the round summary and the game-over screen;
// - a touch phone reads a card's full text from its card sheet and plays it from there.
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { seriousViolations } from '../kit/pages/axe';
import { hostForSpec, pageErrors } from '../kit/pages/setup';
import { playWholeGame, viewVersion } from '../kit/pages/solo';

const host = hostForSpec({ botDelayMs: 0 });
const cardSet = JSON.parse(readFileSync('src/shared/rules/card-set/default-set.json', 'utf8')) as {
  characters: { id: string; name: Record<string, string>; text: Record<string, string> }[];
};

/** axe finds nothing serious on the page, or in `include` only (a dialog over a page scanned before). */
async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  expect(await seriousViolations(page, include), what).toEqual([]);
}

/** Counts mouse and pointer presses in the page: a keyboard-only game must have none. */
const COUNT_POINTER = `for (const type of ['mousedown', 'pointerdown', 'touchstart']) window.addEventListener(type, () => { window.__pointerPresses = (window.__pointerPresses ?? 0) + 1; }, true);`;

interface Shows {
  summary: boolean;
  prompt: boolean;
  allies: boolean;
  legal: boolean;
  dimmed: boolean;
}
/** What the table shows that a keyboard player acts on. (In-page code, as text: no DOM types here.) */
const SHOWS = `(() => {
  const shown = (selector) => [...document.querySelectorAll(selector)].some((el) => el.getClientRects().length > 0);
  return {
    summary: shown('[data-testid="round-summary"]'),
    prompt: shown('[data-testid="choice-prompt"]'),
    allies: document.querySelector('[data-testid="ally-stacks"]:not([disabled])') !== null,
    legal: document.querySelector('[data-testid="hand-card-legal"][data-legal="true"]') !== null,
    dimmed: document.querySelector('[data-testid="hand"] button[aria-disabled="true"]') !== null,
  };
})()`;

test('a whole game by keyboard only, accessible at every screen, dialog and prompt', async ({ browser }) => {
  test.setTimeout(8 * 60_000);
  // Reduced motion: the table tells what happened at instant speed, in step with the views.
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.addInitScript(COUNT_POINTER);
  const errors = pageErrors(page, { consoleErrors: false });

  await page.goto(host.url);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expectAccessible(page, 'lobby');
  await page.getByTestId('player-name').fill('Kim');
  await page.getByTestId('table-name').fill('Keys only');
  await page.getByTestId('seats-3').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('seats-3')).toBeChecked();
  await page.getByTestId('create').press('Enter');
  await expect(page.getByTestId('table-room')).toBeVisible();
  await page.getByTestId('bot-level').locator('input[data-value="novice"]').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('bot-level').locator('input[data-value="novice"]')).toBeChecked();
  for (let added = 1; added < 3; added++) {
    await page.getByTestId('add-bot').first().press('Enter');
    await expect(page.getByTestId('remove-bot')).toHaveCount(added);
  }
  await expectAccessible(page, 'table room');
  await page.getByTestId('start').press('Enter');
  await expect(page.getByTestId('table')).toBeVisible();
  await expectAccessible(page, 'table');
  for (const [key, panel] of [
    ['l', 'panel-last'],
    ['s', 'panel-score'],
    ['?', 'panel-help'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(page.getByTestId(panel)).toBeVisible();
    await expectAccessible(page, panel, `[data-testid="${panel}"]`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(panel)).toBeHidden();
  }

  const kinds = new Set<string>();
  let prompts = 0;
  let tookBack = false;
  let explained = false;
  let alliesShown = false;

  async function answerPrompt(): Promise<void> {
    const prompt = page.getByTestId('choice-prompt');
    const kind = (await prompt.getAttribute('data-kind')) ?? '?';
    if (!kinds.has(kind)) await expectAccessible(page, `prompt ${kind}`);
    const confirm = page.getByTestId('choice-confirm');
    for (let step = 0; step < 3; step++) {
      const options = page.getByTestId('choice-option');
      await expect(options.first()).toBeFocused();
      if ((await options.count()) > 1) {
        await page.keyboard.press('ArrowRight');
        await expect(options.nth(1)).toBeFocused();
      }
      await page.keyboard.press('Enter');
      // Either the answer waits for its Confirm, or the card step follows the player step.
      await page.locator('[data-testid="choice-confirm"], .cards [data-testid="choice-option"]:focus').first().waitFor();
      if (await confirm.isVisible()) break;
    }
    await expect(confirm).toBeFocused();
    if (!kinds.has(kind)) await expectAccessible(page, `prompt ${kind}, answer picked`, '[data-testid="choice-prompt"]');
    kinds.add(kind);
    if (!tookBack) {
      // Taken back: Esc returns to the options with nothing sent; pick again.
      tookBack = true;
      const version = await viewVersion(page);
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      expect(await viewVersion(page)).toBe(version);
      await page.keyboard.press('Enter');
      await expect(confirm).toBeFocused();
    }
    await page.keyboard.press('Enter');
    prompts += 1;
  }

  let summaries = 0;
  async function act(p: Page): Promise<boolean> {
    // What the page offers, in one look (one round trip rather than one per question).
    let shows = await p.evaluate<Shows>(SHOWS);
    // The round summary is closed (Esc) before the next round's hand.
    if (shows.summary) {
      if (summaries === 0) await expectAccessible(p, 'round summary', '[data-testid="round-summary"]');
      summaries += 1;
      await p.keyboard.press('Escape');
      await expect(p.getByTestId('round-summary')).toBeHidden();
      shows = await p.evaluate<Shows>(SHOWS);
    }
    if (shows.prompt) {
      await answerPrompt();
      return true;
    }
    if (!alliesShown && shows.allies) {
      alliesShown = true;
      await p.locator('[data-testid="ally-stacks"]:not([disabled])').first().press('Enter');
      await expect(p.getByTestId('panel-allies')).toBeVisible();
      await expectAccessible(p, 'allies dialog', '[data-testid="panel-allies"]');
      await p.keyboard.press('Escape');
      await expect(p.getByTestId('panel-allies')).toBeHidden();
    }
    if (!shows.legal) return false;
    if (!explained && shows.dimmed) {
      explained = true;
      await p.locator('[data-testid="hand"] button[aria-disabled="true"]').first().press('Enter');
      await expect(p.getByTestId('play-reason')).toHaveText(/cannot be played/);
      await expect(p.getByTestId('play-reason')).toHaveAttribute('aria-live', 'assertive');
    }
    await p.keyboard.press('1');
    return true;
  }

  await playWholeGame(page, { act });
  await expect(page.getByTestId('game-over')).toBeVisible();
  // The game-over screen itself: the table behind it, its log included, was scanned at every
  // new prompt (a whole page with a whole game's log took some 20 s on a loaded machine).
  await expectAccessible(page, 'game over', '[data-testid="game-over"]');
  expect(prompts, 'no decision came up in the whole game').toBeGreaterThan(0);
  expect(tookBack).toBe(true);
  expect(summaries).toBeGreaterThan(0);
  expect(explained).toBe(true);
  test.info().annotations.push({ type: 'prompt kinds', description: [...kinds].join(', ') });
  expect(await page.evaluate<number>('window.__pointerPresses ?? 0')).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('on a touch phone, a tap opens the card sheet with the full text, and its Play button plays the card', async ({ browser }) => {
  test.setTimeout(4 * 60_000);
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(host.url);
  await page.getByTestId('player-name').fill('Tap');
  await page.getByTestId('table-name').fill('Touch');
  await page.getByTestId('seats-3').tap();
  await page.getByTestId('create').tap();
  await page.getByTestId('bot-level').locator('input[data-value="novice"]').check();
  for (let added = 1; added < 3; added++) {
    await page.getByTestId('add-bot').first().tap();
    await expect(page.getByTestId('remove-bot')).toHaveCount(added);
  }
  await page.getByTestId('start').tap();
  const legal = page.locator('[data-testid="hand-card-legal"][data-legal="true"]').first();
  await legal.waitFor({ timeout: 60_000 });
  const id = (await legal.getAttribute('data-card'))!;
  const card = cardSet.characters.find((c) => c.id === id)!;
  await legal.tap();
  const sheet = page.getByTestId('card-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { level: 2 })).toHaveText(card.name['fr']!);
  await expect(sheet.getByTestId('card-text')).toHaveText(card.text['fr']!);
  await expectAccessible(page, 'card sheet');
  if (process.env['SCREENSHOT_DIR']) await page.screenshot({ path: `${process.env['SCREENSHOT_DIR']}/card-sheet-phone-fr.png` });
  await sheet.getByTestId('sheet-play').tap();
  await expect(sheet).toBeHidden();
  // The game log tells the play. (The card itself may come back to the hand: a bot playing
  // after us can return it with the Hermit's ability.)
  await expect(page.getByTestId('game-log')).toContainText(new RegExp(`Vous avez joué ${card.name['fr']!}( face cachée)?\\.`));
  await context.close();
});
