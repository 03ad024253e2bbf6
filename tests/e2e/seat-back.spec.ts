// Seats that come back and tables that never stall: a guest opening a table's link lands on
// its join card and joins in one action; a player who leaves a game takes the seat back from
// the same page; a dropped player's seat goes to a bot with nobody clicking (one "second" of
// the table's choice lasts 10 ms on this host: "30 s" are 0.3 s), and the player has it back
// with one tap (dropped-phone.spec.ts: the same on a touch phone, and across Play again).
import { expect, test } from '@playwright/test';
import { guestNetwork } from '../kit/pages/guest-network';
import { createTable, hostForSpec, openLivePage } from '../kit/pages/setup';
import { shot } from '../kit/pages/shots';
import { seatPanel } from '../kit/pages/locators';

const host = hostForSpec({ botDelayMs: 50, secondMs: 10 });
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// The table room's link needs a LAN address to share: the host and the browser of this test run
// in a network namespace of their own (guest-network.ts; skipped, saying why, where namespaces
// cannot be made), Ann's page on the host machine, Bob's at the LAN address.
test.describe('from the LAN', () => {
  const net = guestNetwork({ botDelayMs: 50, secondMs: 10 });

  test('a guest opening a PIN table’s link lands on its join card and joins in one action', async () => {
    const errors: string[] = [];
    const ann = await openLivePage(net.browser, errors, 'Ann: ', net.loopbackUrl);
    await ann.getByTestId('table-pin').fill('4826');
    await createTable(ann, { player: 'Ann', table: 'Friday', seats: 4 });
    const room = ann.getByTestId('table-room');
    await ann.getByTestId('add-bot').first().click();
    await expect(ann.locator('[data-testid="room-seat"][data-kind="bot"]')).toHaveCount(1);
    await shot(ann, 'room-seat-controls-laptop');
    await ann.setViewportSize(PHONE);
    await shot(ann, 'room-seat-controls-phone');
    const link = (await room.getByTestId('join-link').getAttribute('href'))!;

    // Bob opens it on his phone, at the host's LAN address.
    const bob = await openLivePage(net.browser, errors, 'Bob: ', link, { viewport: PHONE, name: 'Bob' });
    const card = bob.getByTestId('join-card');
    await expect(card).toContainText('Join Friday');
    await expect(card.getByTestId('join-card-seated')).toContainText('Ann');
    await expect(card.getByTestId('join-card-name')).toHaveValue('Bob');
    await expect(card.getByTestId('join-card-pin')).toHaveCount(0);
    await expect(bob.getByTestId('table-row')).toHaveCount(0); // the card, not the whole lobby
    await expect(card.getByTestId('join-card-join')).toBeFocused();
    await shot(bob, 'join-card-phone');
    await bob.setViewportSize(LAPTOP);
    await shot(bob, 'join-card-laptop');
    await card.getByTestId('join-card-join').click(); // the one action
    await expect(bob.getByTestId('table-room')).toBeVisible();
    await expect(ann.locator('[data-testid="room-seat"][data-kind="human"]')).toHaveCount(2);
    await expect(room).toContainText('Bob');
    expect(errors).toEqual([]);
  });
});

test('Leave, then “Take your seat back” from the same page: the seat is the player’s again', async ({ browser }) => {
  const errors: string[] = [];
  const page = await openLivePage(browser, errors, '', host.url, { name: 'Cleo' });
  await page.getByTestId('play-now-players').locator('input[data-value="3"]').check();
  await page.getByTestId('play-now').click();
  await expect(page.getByTestId('table')).toBeVisible();
  await page.getByTestId('leave-game').click();
  await expect(page.getByTestId('leave-dialog')).toContainText('“Take your seat back” in the lobby gives it back to you on this device');
  await page.getByTestId('leave-confirm').click();

  // First on the lobby, and focused: the seat a bot now plays.
  const back = page.getByTestId('take-seat-back');
  await expect(back).toHaveText('Take your seat back');
  await expect(back).toBeFocused();
  const row = page.locator('[data-testid="table-row"]').filter({ hasText: 'Cleo and the bots' });
  await expect(row.getByTestId('resume')).toHaveText('Take your seat back');
  await page.setViewportSize(PHONE);
  await expect(back).toBeInViewport();
  await shot(page, 'lobby-take-back-phone');
  await page.setViewportSize(LAPTOP);
  await back.click();
  await expect(page.getByTestId('table')).toBeVisible();
  // The bot handed the seat back: no bot badge on it, nothing to take back.
  await expect(seatPanel(page, 'Cleo')).not.toContainText('Bot');
  await expect(page.getByTestId('take-back')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a dropped seat goes to a bot with nobody clicking, and its player has it back with one click', async ({ browser }) => {
  const errors: string[] = [];
  const ann = await openLivePage(browser, errors, 'Ann: ', host.url);
  await createTable(ann, { player: 'Ann', table: 'No waiting', seats: 3 });
  await ann.getByTestId('auto-bot').locator('input[data-value="30"]').check();
  const bob = await openLivePage(browser, errors, 'Bob: ', `${host.url}/?table=${new URL(ann.url()).searchParams.get('table')}`, { name: 'Bob' });
  await expect(bob.getByTestId('auto-bot-note')).toHaveCount(0); // the join card first
  await bob.getByTestId('join-card-join').click();
  await expect(bob.getByTestId('auto-bot-note')).toHaveText('When a player drops out, a bot takes the seat after 30 s; the player takes it back on return.');
  await ann.getByTestId('fill-bots').click();
  await ann.getByTestId('start').click();
  await expect(bob.getByTestId('table')).toBeVisible();

  // Bob's page goes away (a phone locked, a tab closed): the table goes on without him.
  await bob.goto('about:blank');
  await expect(seatPanel(ann, 'Bob')).toContainText('Bot', { timeout: 5000 });
  await expect(ann.getByTestId('give-to-bot')).toHaveCount(0);

  // He comes back to the host: one click, and the seat is his again, no bot on it.
  await bob.goto(host.url);
  await bob.getByTestId('take-seat-back').click();
  await expect(bob.getByTestId('table')).toBeVisible();
  await expect(seatPanel(ann, 'Bob')).not.toContainText('Bot');
  await expect(seatPanel(bob, 'Bob')).not.toContainText('Bot');
  await expect(bob.getByTestId('take-back')).toHaveCount(0);
  expect(errors).toEqual([]);
});
