// The address to share: a page opened on the host machine through loopback shows a QR code and
// link with the machine's LAN address (never 127.0.0.1), which another device can open.
import { networkInterfaces } from 'node:os';
import { expect, test } from '@playwright/test';
import { type RunningHost, startHost } from '../kit/pages/host';
import { RENDERER, requireBuiltRenderer } from '../kit/pages/setup';

let host: RunningHost | undefined;

const lan = Object.values(networkInterfaces())
  .flat()
  .flatMap((a) => (a && a.family === 'IPv4' && !a.internal ? [a.address] : []));

test.afterAll(async () => {
  await host?.stop();
});

test('a page opened via 127.0.0.1 shares a LAN address in its QR code and link', async ({ page, browser }) => {
  if (lan.length === 0) {
    console.log('skipped: this machine has no LAN address to share');
    test.skip(true, 'no LAN address on this machine');
  }
  requireBuiltRenderer();
  host = await startHost(RENDERER, { bind: '0.0.0.0' });
  const local = `http://127.0.0.1:${host.port}`;
  await page.goto(local);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const lobbyLink = page.getByTestId('join-link');
  await expect(lobbyLink).toHaveText(new RegExp(`^http://(${lan.map((a) => a.replace(/\./g, '\\.')).join('|')}):${host.port}`));

  await page.getByTestId('player-name').fill('Ada');
  await page.getByTestId('table-name').fill('Shared table');
  await page.getByTestId('create').click();
  await expect(page.getByTestId('table-room')).toBeVisible();
  const link = (await page.getByTestId('table-room').getByTestId('join-link').textContent())!;
  const url = new URL(link);
  expect(lan).toContain(url.hostname);
  expect(url.searchParams.get('table')).toMatch(/^[A-Za-z0-9_-]+$/);
  if (process.env['SCREENSHOT_DIR']) await page.screenshot({ path: `${process.env['SCREENSHOT_DIR']}/room-lan-link.png`, fullPage: true });

  // Another device opens that link and joins the table.
  const other = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await other.goto(link);
  // The link lands on that table's join card.
  const card = other.getByTestId('join-card');
  await expect(card).toContainText('Shared table');
  await card.getByTestId('join-card-name').fill('Bob');
  await card.getByTestId('join-card-join').click();
  await expect(other.getByTestId('table-room')).toBeVisible();
  await expect(page.locator('[data-testid="room-seat"][data-kind="human"]')).toHaveCount(2);
  await other.context().close();
});
