// Playing without a mouse, on a touch screen, and with a screen reader's eyes (axe-core):
// - a whole game by keyboard only (no mouse or pointer event at all): every prompt answered
//   with arrows and Enter twice, one answer taken back with Esc, a dimmed card's reason read
//   from the live region; axe over the lobby, the room, the table, every dialog, every prompt
//   kind that comes up (before and after picking), the round summary and the game-over screen.
//   The page waits for its next move and for each key's effect itself (kit/pages/page-wait.ts):
//   one round trip a look, no polling from node;
// - a touch phone reads a card's full text from its card sheet and plays it from there.
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { seriousViolations } from '../kit/pages/axe';
import { type Waited, untilInPage } from '../kit/pages/page-wait';
import { hostForSpec, pageErrors } from '../kit/pages/setup';

const host = hostForSpec({ seed: 'access', botDelayMs: 0 });
const cardSet = JSON.parse(readFileSync('src/shared/rules/card-set/default-set.json', 'utf8')) as {
  characters: { id: string; name: Record<string, string>; text: Record<string, string> }[];
};

/** axe finds nothing serious on the page, or in `include` only (a dialog over a page scanned before). */
async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  expect(await seriousViolations(page, include), what).toEqual([]);
}

/** Counts mouse and pointer presses in the page: a keyboard-only game must have none. */
const COUNT_POINTER = `for (const type of ['mousedown', 'pointerdown', 'touchstart']) window.addEventListener(type, () => { window.__pointerPresses = (window.__pointerPresses ?? 0) + 1; }, true);`;

/** What the table shows that a keyboard player acts on. (In-page code, as text: no DOM types here.) */
interface Shows {
  over: boolean;
  busy: boolean;
  version: string | null;
  summary: boolean;
  prompt: boolean;
  allies: boolean;
  legal: boolean;
  dimmed: boolean;
  banner: string;
}
const SHOWS = `(() => {
  const shown = (selector) => [...document.querySelectorAll(selector)].some((el) => el.getClientRects().length > 0);
  const table = document.querySelector('[data-testid="table"]');
  return {
    over: document.querySelector('[data-testid="game-over"]') !== null,
    busy: table?.getAttribute('aria-busy') === 'true',
    version: table?.dataset.version ?? null,
    summary: shown('[data-testid="round-summary"]'),
    prompt: shown('[data-testid="choice-prompt"]'),
    allies: document.querySelector('[data-testid="ally-stacks"]:not([disabled])') !== null,
    legal: document.querySelector('[data-testid="hand-card-legal"][data-legal="true"]') !== null,
    dimmed: document.querySelector('[data-testid="hand"] button[aria-disabled="true"]') !== null,
    banner: (document.querySelector('[data-testid="turn-banner"]')?.textContent ?? '').trim(),
  };
})()`;

/**
 * The next thing to act on, waited for in the page: the game over, or a view the host is not
 * answering (not aria-busy) with a summary, a prompt or a playable card. After a key that sent
 * something in `after`, that view counts again only after a second (the key sent nothing).
 */
const ACTABLE = (after: string | null): string =>
  `s.over || (s.version !== null && !s.busy && (s.version !== ${JSON.stringify(after)} || since() > 1000) && (s.summary || s.prompt || s.legal))`;

/** Where the keyboard is in a prompt. */
interface PromptFocus {
  kind: string;
  options: number;
  /** The focused option's index among all the prompt's options, -1 when focus is elsewhere. */
  focused: number;
  cardFocused: boolean;
  confirm: boolean;
  confirmFocused: boolean;
  version: string | null;
}
const PROMPT_FOCUS = `(() => {
  const options = [...document.querySelectorAll('[data-testid="choice-option"]')];
  const active = document.activeElement;
  const confirm = document.querySelector('[data-testid="choice-confirm"]');
  return {
    kind: document.querySelector('[data-testid="choice-prompt"]')?.dataset.kind ?? '?',
    options: options.length,
    focused: options.indexOf(active),
    cardFocused: active !== null && active.matches('.cards [data-testid="choice-option"]'),
    confirm: confirm !== null && confirm.getClientRects().length > 0,
    confirmFocused: confirm !== null && active === confirm,
    version: document.querySelector('[data-testid="table"]')?.dataset.version ?? null,
  };
})()`;

/** The keyboard game to its end (test:soak), or its first round (npm test: whole games by keyboard cost a minute of CPU). */
const WHOLE_GAME = Boolean(process.env['CHRONICLE_SOAK']);

test(`${WHOLE_GAME ? 'a whole game' : 'the first round of a game'} by keyboard only, accessible at every screen, dialog and prompt`, async ({ browser }) => {
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

  /** Waits in the page until the prompt's focus is as `holds` says (an expression over `s`, a PromptFocus), and asserts it. */
  async function focusUntil(holds: string, what: string): Promise<PromptFocus> {
    const { ok, state } = await untilInPage<PromptFocus>(page, PROMPT_FOCUS, holds);
    expect(ok, `${what}; the prompt shows ${JSON.stringify(state)}`).toBe(true);
    return state;
  }

  async function answerPrompt(): Promise<void> {
    let shows = await focusUntil('s.focused === 0', 'the first option is focused');
    const kind = shows.kind;
    if (!kinds.has(kind)) await expectAccessible(page, `prompt ${kind}`);
    for (let step = 0; step < 3; step++) {
      if (step > 0) shows = await focusUntil('s.focused === 0', 'the first option is focused');
      if (shows.options > 1) {
        await page.keyboard.press('ArrowRight');
        await focusUntil('s.focused === 1', 'ArrowRight focuses the second option');
      }
      await page.keyboard.press('Enter');
      // Either the answer waits for its Confirm, or the card step follows the player step.
      shows = await focusUntil('s.confirm || s.cardFocused', 'Enter leads to the Confirm or to the card step');
      if (shows.confirm) break;
    }
    shows = await focusUntil('s.confirmFocused', 'the Confirm is focused');
    if (!kinds.has(kind)) await expectAccessible(page, `prompt ${kind}, answer picked`, '[data-testid="choice-prompt"]');
    kinds.add(kind);
    if (!tookBack) {
      // Taken back: Esc returns to the options with nothing sent; pick again.
      tookBack = true;
      const version = shows.version;
      await page.keyboard.press('Escape');
      expect((await focusUntil('!s.confirm', 'Esc hides the Confirm')).version, 'Esc sent nothing').toBe(version);
      await page.keyboard.press('Enter');
      await focusUntil('s.confirmFocused', 'Enter picks again and focuses the Confirm');
    }
    await page.keyboard.press('Enter');
    prompts += 1;
  }

  let summaries = 0;
  let after: string | null = null;
  let again = 0;
  for (let steps = 0; ; steps++) {
    expect(steps, 'the game did not end').toBeLessThan(2000);
    // What the page offers, waited for and read in one look (one round trip rather than one per question).
    const look: Waited<Shows> = await untilInPage<Shows>(page, SHOWS, ACTABLE(after), 20_000);
    const shows = look.state;
    if (!look.ok) throw new Error(`nothing to do and no new view for 20 s after version ${after}; the page shows ${JSON.stringify(shows)}`);
    if (shows.over) break;
    // npm test plays until a round summary, a decision and a dimmed card have come (every screen, dialog and prompt
    // kind it brings, the round summary closed by Esc); test:soak plays on to the game-over screen.
    if (!WHOLE_GAME && summaries > 0 && prompts > 0 && explained && !shows.summary && !shows.prompt) break;
    // The same view again: the key sent nothing. Once may be a key pressed as the view landed; a page that stays so fails here.
    again = shows.version === after ? again + 1 : 0;
    expect(again, `keys that sent nothing in view ${after}; the page shows ${JSON.stringify(shows)}`).toBeLessThan(3);
    // The round summary is closed (Esc) before the next round's hand.
    if (shows.summary) {
      if (summaries === 0) await expectAccessible(page, 'round summary', '[data-testid="round-summary"]');
      summaries += 1;
      await page.keyboard.press('Escape');
      const closed = await untilInPage<Shows>(page, SHOWS, '!s.summary');
      expect(closed.ok, `Esc closes the round summary; the page shows ${JSON.stringify(closed.state)}`).toBe(true);
      after = null;
      continue;
    }
    if (shows.prompt) {
      await answerPrompt();
      after = shows.version;
      continue;
    }
    if (!alliesShown && shows.allies) {
      alliesShown = true;
      await page.locator('[data-testid="ally-stacks"]:not([disabled])').first().press('Enter');
      await expect(page.getByTestId('panel-allies')).toBeVisible();
      await expectAccessible(page, 'allies dialog', '[data-testid="panel-allies"]');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('panel-allies')).toBeHidden();
    }
    if (!explained && shows.dimmed) {
      explained = true;
      await page.locator('[data-testid="hand"] button[aria-disabled="true"]').first().press('Enter');
      await expect(page.getByTestId('play-reason')).toHaveText(/cannot be played/);
      await expect(page.getByTestId('play-reason')).toHaveAttribute('aria-live', 'assertive');
    }
    await page.keyboard.press('1');
    after = shows.version;
  }
  if (WHOLE_GAME) {
    await expect(page.getByTestId('game-over')).toBeVisible();
    // The game-over screen itself: the table behind it, its log included, was scanned at every
    // new prompt (a whole page with a whole game's log took some 20 s on a loaded machine).
    await expectAccessible(page, 'game over', '[data-testid="game-over"]');
  } else console.log("skipped: the keyboard game's later rounds and its game-over screen run in npm run test:soak (npm test plays its first round)");
  expect(prompts, 'no decision came up').toBeGreaterThan(0);
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
