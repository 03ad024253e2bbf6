// The Content Security Policy the host sends with every page (src/main/host/guards/csp.ts), in Chromium:
// the lobby, the table room and a game table in play (a card's tooltip, the help and the score
// sheet open) render under it without one violation, styles included ('unsafe-inline' is not in
// style-src). A style attribute planted at the end must be reported: the watch itself works.
import { type Page, expect, test } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../src/main/host/guards/csp';
import { hostForSpec, pageErrors } from '../kit/pages/setup';
import { startSoloTable } from '../kit/pages/solo';

const host = hostForSpec();

/** The page as the scripts below use it: this file is type-checked without the DOM. */
declare const window: { cspViolations: string[] };
declare const document: {
  addEventListener(type: 'securitypolicyviolation', listener: (e: { effectiveDirective: string; blockedURI: string; sample: string }) => void): void;
  body: { setAttribute(name: string, value: string): void };
};

/** Every `securitypolicyviolation` the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`));
  });
  return () => page.evaluate(() => [...window.cspViolations]);
}

test('the lobby and a game table render under the policy with no violation', async ({ page }) => {
  const errors = pageErrors(page);
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  const violations = await watchViolations(page);

  const response = await page.goto(host.url);
  expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  expect(await violations()).toEqual([]);

  await startSoloTable(page, host.url, 3, 'Ann');
  const card = page.locator('[data-testid="hand-card-legal"]').first();
  await card.hover(); // the tooltip is placed by style: directives
  await page.keyboard.press('?');
  await expect(page.getByTestId('help')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('s');
  await page.keyboard.press('Escape');
  await card.click();
  await expect(page.getByTestId('table')).not.toHaveAttribute('data-version', '0');
  expect(await violations()).toEqual([]);
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);

  // The watch sees a violation when there is one.
  await page.evaluate(() => document.body.setAttribute('style', 'outline: 1px solid red'));
  await expect.poll(violations).toEqual([expect.stringMatching(/^style-src-attr inline/)]);
});
