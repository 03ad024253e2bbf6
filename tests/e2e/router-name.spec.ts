// A guest who types the router's name for the host (`mybox.lan`): Chromium resolves it to the
// host (a resolver rule, no DNS), the host answers with its page naming the addresses that work,
// in the browser's language, and its link opens the app at the same table with the same invite
// fragment (the page's one script, allowed by its hash, carries it over).
import { chromium, expect, test } from '@playwright/test';
import { browserPath } from '../setup/browser';
import { hostForSpec, pageErrors } from '../kit/pages/setup';

const host = hostForSpec();
const INVITE = 'a'.repeat(43);

test('a router name gets a page whose address link opens the app, keeping the table and invite', async () => {
  const browser = await chromium.launch({
    executablePath: browserPath(),
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP mybox.lan 127.0.0.1, MAP mybox.fritz.box 127.0.0.1'],
  });
  try {
    const context = await browser.newContext({ locale: 'hu-HU', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const answer = await page.goto(`http://mybox.lan:${host.port}/?table=abc#invite=${INVITE}`);
    expect(answer?.status()).toBe(421);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hu');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nyisd meg a Chronicle-t a címével');
    const link = page.locator('a[data-address]').first();
    await expect(link).toHaveText(`http://127.0.0.1:${host.port}/`);
    await expect(link).toHaveAttribute('href', `http://127.0.0.1:${host.port}/?table=abc#invite=${INVITE}`);
    if (process.env['SCREENSHOT_DIR']) await page.screenshot({ path: `${process.env['SCREENSHOT_DIR']}/router-name-phone.png` });
    // Nothing of the app under that name: no script of it ran, no socket was opened.
    expect(await page.evaluate('document.querySelectorAll("script[src], link[rel=stylesheet]").length')).toBe(0);
    await link.tap();
    await expect(page).toHaveURL(`http://127.0.0.1:${host.port}/?table=abc#invite=${INVITE}`);
    await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
    // The refusal's status is logged by the browser for the page (and its icon); nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 421'))).toEqual([]);
  } finally {
    await browser.close();
  }
});
