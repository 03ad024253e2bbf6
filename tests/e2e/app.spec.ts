// The built renderer (out/renderer, from `npm run build`) served over plain HTTP, the way the
// host serves it to LAN browsers, loads in Chromium with no console errors.
import http from 'node:http';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { expect, test } from '@playwright/test';

const ROOT = 'out/renderer';
let server: http.Server;
let baseURL: string;

test.beforeAll(async () => {
  if (!existsSync(`${ROOT}/index.html`)) throw new Error(`${ROOT} is missing: run \`npm run build\` first`);
  const serve = sirv(ROOT, { single: true });
  server = http.createServer((req, res) => serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('shows Chronicle with no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto(baseURL);
  await expect(page).toHaveTitle('Chronicle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chronicle');
  await expect(page.getByRole('region', { name: 'Lobby' })).toBeVisible();
  expect(errors).toEqual([]);
  // Headless Chromium asks for an icon; ship a real one (sirv's SPA fallback would hide a 404).
  const icon = await page.request.get(`${baseURL}/favicon.svg`);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  if (process.env['SCREENSHOT']) await page.screenshot({ path: process.env['SCREENSHOT'] });
});
