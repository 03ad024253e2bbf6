// Table housekeeping and the card panel, in the browser:
// - before the start, the table's creator changes a bot's level, removes the bot, and removes a
//   player, who is told and is back in the lobby;
// - during a game, an absent player's seat counts down to the moment a bot may take it, and then
//   the creator hands it to a bot;
// - on a desktop, hovering or focusing a card shows its full text beside it.
import { readFileSync } from 'node:fs';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { createTable, hostForSpec, pageErrors } from '../kit/pages/setup';
import { startSoloTable } from '../kit/pages/solo';
import { shot } from '../kit/pages/shots';

// A short grace, so the countdown can be watched to its end.
const GRACE_MS = 4000;
const host = hostForSpec({ seed: 'seats', botDelayMs: 0, graceMs: GRACE_MS });
const cardSet = JSON.parse(readFileSync('src/shared/rules/card-set/default-set.json', 'utf8')) as {
  characters: { id: string; name: Record<string, string>; text: Record<string, string> }[];
};

const LAPTOP = { width: 1280, height: 800 };

async function openPage(browser: Browser, errors: string[], prefix: string, viewport = LAPTOP): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  pageErrors(page, { prefix, into: errors });
  await page.goto(host.url);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  return page;
}

async function joinAs(page: Page, name: string, table: string): Promise<void> {
  await page.getByTestId('player-name').fill(name);
  await page.locator('[data-testid="table-row"]').filter({ hasText: table }).getByTestId('join').click();
  await expect(page.getByTestId('table-room')).toBeVisible();
}

test('before the start, the creator changes a bot’s level, removes the bot, and removes a player, who is told', async ({ browser }) => {
  const errors: string[] = [];
  const ann = await openPage(browser, errors, 'Ann: ');
  await createTable(ann, { player: 'Ann', table: 'Tidy table', seats: 4 });
  await expect(ann.getByTestId('table-room')).toBeVisible();
  await ann.getByTestId('add-bot').first().click();
  const bot = ann.locator('[data-testid="room-seat"][data-kind="bot"]');
  await expect(bot).toHaveCount(1);
  // Its level can change until the start.
  await bot.getByTestId('seat-level').locator('input[data-value="master"]').check();
  await expect(bot.getByTestId('seat-level').locator('input[data-value="master"]')).toBeChecked();

  const bob = await openPage(browser, errors, 'Bob: ');
  await joinAs(bob, 'Bob', 'Tidy table');
  const humans = ann.locator('[data-testid="room-seat"][data-kind="human"]');
  await expect(humans).toHaveCount(2);
  await shot(ann, 'room-before-removals', { fullPage: false });

  await bot.getByTestId('remove-bot').click();
  await expect(bot).toHaveCount(0);
  await expect(bob.locator('[data-testid="room-seat"][data-kind="bot"]')).toHaveCount(0);

  await humans.filter({ hasText: 'Bob' }).getByTestId('remove-player').click();
  await expect(humans).toHaveCount(1);
  await expect(ann.locator('[data-testid="room-seat"][data-kind="free"]')).toHaveCount(3);
  // Bob is told, and is back in the lobby, where the table still is.
  await expect(bob.getByTestId('error')).toContainText('removed you');
  await expect(bob.getByTestId('lobby')).toBeVisible();
  await expect(bob.locator('[data-testid="table-row"]').filter({ hasText: 'Tidy table' })).toHaveCount(1);
  await shot(bob, 'removed-player-lobby', { fullPage: false });
  expect(errors).toEqual([]);
  await ann.context().close();
  await bob.context().close();
});

test('an absent player’s seat counts down to the moment a bot may take it, then the creator hands it to one', async ({ browser }) => {
  const errors: string[] = [];
  const ann = await openPage(browser, errors, 'Ann: ');
  await createTable(ann, { player: 'Ann', table: 'Absent friend', seats: 3 });
  // A table that waits for its players: the host's grace period is the countdown, then the owner decides.
  await ann.getByTestId('auto-bot').locator('input[data-value="null"]').check();
  const bob = await openPage(browser, errors, 'Bob: ');
  await joinAs(bob, 'Bob', 'Absent friend');
  await expect(bob.getByTestId('auto-bot-note')).toHaveText('When a player drops out, the table waits for them.');
  await ann.getByTestId('add-bot').first().click();
  await ann.getByTestId('start').click();
  await expect(ann.getByTestId('table')).toBeVisible();
  await expect(bob.getByTestId('table')).toBeVisible();

  // Bob's page goes away: his seat counts down on Ann's table.
  await bob.context().close();
  const bobSeat = ann.getByTestId('seat-panel').filter({ hasText: 'Bob' });
  const countdown = bobSeat.getByTestId('handover-countdown');
  await expect(countdown).toHaveText(/a bot may take over in 0:0[1-4]/);
  const first = await countdown.textContent();
  await shot(ann, 'absent-seat-countdown', { fullPage: false });
  await expect(countdown).not.toHaveText(first ?? '');
  await expect(bobSeat.getByTestId('give-to-bot')).toHaveCount(0);
  // At its end the countdown makes way for the creator's button.
  await expect(countdown).toBeHidden({ timeout: GRACE_MS + 5000 });
  await bobSeat.getByTestId('give-to-bot').click();
  await expect(bobSeat.getByTestId('give-to-bot')).toHaveCount(0);
  await expect(bobSeat).toContainText('Bot');
  expect(errors).toEqual([]);
  await ann.context().close();
});

test('on a desktop, hovering or focusing a card shows its full text beside it, and it goes away after', async ({ browser }) => {
  const errors: string[] = [];
  const page = await openPage(browser, errors, '');
  await startSoloTable(page, host.url, 3, 'Hover');
  const card = page.locator('[data-testid="hand"] [data-card]').first();
  await card.waitFor();
  const id = (await card.getAttribute('data-card'))!;
  const def = cardSet.characters.find((c) => c.id === id)!;
  const tip = page.getByTestId('card-tooltip');

  await card.hover();
  await expect(tip).toBeVisible();
  await expect(tip.getByTestId('card-info')).toHaveAttribute('data-card', id);
  await expect(tip.getByTestId('card-text')).toHaveText(def.text['en']!);
  const box = (await tip.boundingBox())!;
  expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 800, `the panel at ${JSON.stringify(box)}`).toBe(true);
  await shot(page, 'card-hover-panel', { fullPage: false });
  await page.getByTestId('connection-status').hover();
  await expect(tip).toBeHidden();
  // Escape dismisses it where it stands.
  await card.hover();
  await expect(tip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  // The pointer leaves the hand: from here on the keyboard alone picks the card. (Left over the
  // first card, it would show that card's panel again whenever the layout moves under it.)
  await page.mouse.move(1, 1);
  // A window made phone-sized while a focused card shows its panel: the panel goes with its
  // card, inside the new window, or away when the hand was laid out anew.
  await card.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tip).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(async () => {
      if ((await tip.count()) === 0) return true;
      const b = await tip.boundingBox();
      return b !== null && b.x >= 0 && b.x + b.width <= 390 && b.y >= 0 && b.y + b.height <= 844;
    }, 'no panel, or one inside the 390x844 window')
    .toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // By keyboard: the focused card's panel, also for the next card the arrows reach.
  await card.focus();
  await page.keyboard.press('ArrowRight');
  const next = page.locator('[data-testid="hand"] [data-card]').nth(1);
  await expect(next).toBeFocused();
  await expect(tip.getByTestId('card-info')).toHaveAttribute('data-card', (await next.getAttribute('data-card'))!);
  // Focus leaving the cards takes the panel away.
  await page.getByTestId('open-score').focus();
  await expect(tip).toHaveCount(0);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('a seat opened in a second tab leaves the first waiting, with Play here to take it back', async ({ browser }) => {
  const errors: string[] = [];
  // On a phone: the status, the notice and Play here must all fit its narrow header and screen.
  const first = await openPage(browser, errors, 'first tab: ', { width: 390, height: 844 });
  await startSoloTable(first, host.url, 3, 'Ann');
  // The same browser (same localStorage, so the same seat token) opens the table's link again.
  const second = await first.context().newPage();
  pageErrors(second, { prefix: 'second tab: ', into: errors });
  await second.goto(first.url());
  await expect(second.getByTestId('hand')).toBeVisible();
  await expect(first.getByTestId('connection-status')).toHaveText('Seat open elsewhere');
  // The notice says it in full, on a few lines across the phone, not a narrow column.
  const notice = first.getByTestId('error');
  await expect(notice).toHaveAttribute('data-code', 'SUPERSEDED');
  expect((await notice.boundingBox())!.width).toBeGreaterThan(300);
  await expect(first.getByTestId('play-here')).toBeInViewport();
  await shot(first, 'seat-open-elsewhere-phone', { fullPage: false });
  // The second tab plays on; the first comes back only when asked (no tug of war between tabs).
  await expect(second.getByTestId('connection-status')).toHaveText('Connected');
  await first.getByTestId('play-here').click();
  await expect(first.getByTestId('connection-status')).toHaveText('Connected');
  await expect(first.locator('[data-testid="seat-panel"]', { hasText: '(you)' })).toContainText('Ann');
  await expect(second.getByTestId('connection-status')).toHaveText('Seat open elsewhere');
  await expect(second.getByTestId('play-here')).toBeVisible();
  expect(errors).toEqual([]);
  await first.context().close();
});
