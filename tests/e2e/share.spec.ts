// The address to share: a page opened on the host machine through loopback shows a QR code and
// link with the machine's LAN address (never 127.0.0.1), which another device opens and joins
// from. The host and both browsers run in a network namespace of their own whose LAN address
// is 10.23.0.1 (guest-network.ts; skipped, saying why, where namespaces cannot be made).
import { expect, test } from '@playwright/test';
import { GUEST_ADDRESS, guestNetwork } from '../kit/pages/guest-network';

const net = guestNetwork();

test('a page opened via 127.0.0.1 shares a LAN address in its QR code and link', async () => {
  const page = await (await net.browser.newContext({ locale: 'en-US' })).newPage();
  await page.goto(net.loopbackUrl);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expect(page.getByTestId('join-link')).toHaveText(`http://${GUEST_ADDRESS}:${net.port}`);

  await page.getByTestId('player-name').fill('Ada');
  await page.getByTestId('table-name').fill('Shared table');
  await page.getByTestId('create').click();
  await expect(page.getByTestId('table-room')).toBeVisible();
  const link = (await page.getByTestId('table-room').getByTestId('join-link').textContent())!;
  const url = new URL(link);
  expect(url.host).toBe(`${GUEST_ADDRESS}:${net.port}`);
  expect(url.searchParams.get('table')).toMatch(/^[A-Za-z0-9_-]+$/);
  if (process.env['SCREENSHOT_DIR']) await page.screenshot({ path: `${process.env['SCREENSHOT_DIR']}/room-lan-link.png`, fullPage: true });

  // Another device opens that link, at the LAN address, and joins the table.
  const other = await (await net.browser.newContext({ locale: 'en-US' })).newPage();
  await other.goto(link);
  // The link lands on that table's join card.
  const card = other.getByTestId('join-card');
  await expect(card).toContainText('Shared table');
  await card.getByTestId('join-card-name').fill('Bob');
  await card.getByTestId('join-card-join').click();
  await expect(other.getByTestId('table-room')).toBeVisible();
  await expect(page.locator('[data-testid="room-seat"][data-kind="human"]')).toHaveCount(2);
  await other.context().close();
  await page.context().close();
});
