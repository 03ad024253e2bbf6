// The built renderer (out/renderer, from `npm run build`) served over plain HTTP, the way the
// host serves it to LAN browsers, loads in Chromium with no console errors.
import { expect, test } from '@playwright/test';
import { servedBuild } from '../kit/pages/static-build';

const built = servedBuild();

test('shows Chronicle with no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto(built());
  await expect(page).toHaveTitle('Chronicle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chronicle');
  await expect(page.getByRole('region', { name: 'Lobby' })).toBeVisible();
  expect(errors).toEqual([]);
  // Headless Chromium asks for an icon; ship a real one (sirv's SPA fallback would hide a 404).
  const icon = await page.request.get(`${built()}/favicon.svg`);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  if (process.env['SCREENSHOT']) await page.screenshot({ path: process.env['SCREENSHOT'] });
});
