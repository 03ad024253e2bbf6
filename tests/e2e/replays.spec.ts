// A player's finished game stays a click away on this device: after a whole game against bots
// and Back to the lobby, the lobby lists it under "Your finished games" and Replay opens it in
// the replay viewer with the player's name. Another device sees no such list.
import { type Page, expect, test } from '@playwright/test';
import { hostForSpec, pageErrors } from '../kit/pages/setup';
import { playWholeGame, startSoloTable } from '../kit/pages/solo';

const host = hostForSpec({ botDelayMs: 0 });
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const shot = async (page: Page, name: string): Promise<void> => {
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
};

test('a finished game is listed in its player’s lobby and replays with the players’ names', async ({ browser }) => {
  test.setTimeout(3 * 60_000);
  const context = await browser.newContext({ locale: 'en-US', viewport: LAPTOP, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await startSoloTable(page, host.url, 3, 'Solo');
  await playWholeGame(page);
  await page.getByTestId('back-to-lobby').click();

  const mine = page.getByTestId('my-finished-game');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('3 seats');
  await shot(page, 'lobby-finished-laptop');
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('play-now')).toBeInViewport(); // the list does not push Play now down
  await shot(page, 'lobby-finished-phone');
  await page.setViewportSize(LAPTOP);

  // A reload keeps it: the token is on the device.
  await page.reload();
  await mine.getByTestId('replay-mine').click();
  await expect(page.getByTestId('replay')).toBeVisible();
  await expect(page.getByTestId('replay-seat').first()).toContainText('Solo');

  // Another device (its own storage) has nothing to list.
  const other = await (await browser.newContext({ locale: 'en-US', viewport: LAPTOP })).newPage();
  await other.goto(host.url);
  await expect(other.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  await expect(other.getByTestId('play-now')).toBeVisible();
  await expect(other.getByTestId('my-finished-games')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
