// The built renderer (out/renderer, from `npm run build`) served by a real host, the way LAN
// browsers get it, loads in Chromium with no console errors and reaches the host.
import { expect, test } from '@playwright/test';
import { type RunningHost, startHost } from '../kit/pages/host';
import { RENDERER, requireBuiltRenderer } from '../kit/pages/setup';

let host: RunningHost;
test.beforeAll(async () => {
  requireBuiltRenderer();
  host = await startHost(RENDERER);
});
test.afterAll(async () => {
  await host.stop();
});

test('shows Chronicle with no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto(host.url);
  await expect(page).toHaveTitle('Chronicle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chronicle');
  await expect(page.getByRole('region', { name: 'Lobby' })).toBeVisible();
  await expect(page.getByTestId('start-tutorial')).toBeEnabled();
  expect(errors).toEqual([]);
  // Headless Chromium asks for an icon; ship a real one (sirv's SPA fallback would hide a 404).
  const icons = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  expect(icons.length).toBeGreaterThan(0);
  for (const href of icons) {
    const icon = await page.request.get(new URL(href, host.url).href);
    expect(icon.status(), href).toBe(200);
    expect(icon.headers()['content-type'], href).toBe('image/png');
  }
  if (process.env['SCREENSHOT']) await page.screenshot({ path: process.env['SCREENSHOT'] });
});
