// A phone the way guests arrive: the host's LAN address over plain http, which is not a secure
// context (no wake lock, no clipboard API), in a network namespace of its own with the host and
// the browser inside it (guest-network.ts; skipped, saying why, where namespaces cannot be
// made). Copy link puts the join link on the clipboard there (read back by pasting it), no phone
// option stays ticked while it does nothing, the turn buzzes, and after a sleep off the network
// the phone is back in its seat (after a long one, taken back from the bot that played it
// meanwhile, in one visible tap). At 127.0.0.1 (a secure context) Copy link works too.
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { seriousViolations } from '../kit/pages/axe';
import { GUEST_ADDRESS, guestNetwork } from '../kit/pages/guest-network';
import { pageErrors } from '../kit/pages/setup';
import { startSoloTable } from '../kit/pages/solo';

// One "second" of a table's "a bot after N seconds" lasts 0.1 s: the room's default minute is 6 s.
const net = guestNetwork({ secondMs: 100 });
test.use({ actionTimeout: 15_000 });
const PHONE = { width: 360, height: 740 };
/** What the browser logs of a phone off the network: no route to the host, or a request cut off as the network went or came back. */
const SLEEP_ERRORS = ['ERR_ADDRESS_UNREACHABLE', 'ERR_NETWORK_CHANGED'];
const SIZES = { phone: PHONE, laptop: { width: 1280, height: 800 }, tv: { width: 1920, height: 1080 } };

/** Screenshots of the screen as it is at the three sizes (SCREENSHOT_DIR set), back at `back` after. */
async function shots(page: Page, name: string, back: { width: number; height: number }): Promise<void> {
  const dir = process.env['SCREENSHOT_DIR'];
  if (!dir) return;
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${dir}/${name}-${size}.png` });
  }
  await page.setViewportSize(back);
}

/** What the clipboard holds, pasted by the keyboard into a field added for it (a paste needs no secure context). */
async function pasted(page: Page): Promise<string> {
  await page.evaluate(`(() => {
    const field = document.createElement('textarea');
    field.id = 'paste-here';
    document.body.append(field);
  })()`);
  const field = page.locator('#paste-here');
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  const text = await field.inputValue();
  await page.evaluate(`document.getElementById('paste-here').remove()`);
  return text;
}

async function phonePage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await net.browser.newContext({ locale: 'en-US', viewport: PHONE, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  // The buzzes the page asks for, kept for the test (the browser's own buzz still runs).
  await context.addInitScript(`(() => {
    const real = navigator.vibrate?.bind(navigator);
    window.__buzzes = [];
    navigator.vibrate = (pattern) => (window.__buzzes.push(pattern), real ? real(pattern) : true);
  })()`);
  const page = await context.newPage();
  return { context, page, errors: pageErrors(page) };
}

test('a phone at the LAN address over http: Copy link copies, no option ticked for nothing, the turn buzzes, a sleep keeps the seat', async () => {
  test.setTimeout(150_000);
  const { context, page, errors } = await phonePage();
  await page.goto(`${net.lanUrl}/`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  // What a guest's browser has here: none of the secure context's APIs.
  expect(await page.evaluate('[window.isSecureContext, typeof navigator.clipboard, typeof navigator.wakeLock, typeof navigator.vibrate]')).toEqual([
    false,
    'undefined',
    'undefined',
    'function',
  ]);

  await page.getByTestId('player-name').fill('Ann');
  await page.getByTestId('table-name').fill('Phone night');
  await page.getByTestId('seats-3').check();
  await page.getByTestId('create').tap();
  const room = page.getByTestId('table-room');
  await expect(room).toBeVisible();
  const link = (await room.getByTestId('join-link').getAttribute('href'))!;
  expect(new URL(link).host).toBe(`${GUEST_ADDRESS}:${net.port}`);
  expect(new URL(link).searchParams.get('table')).toMatch(/^[A-Za-z0-9_-]+$/);

  await test.step('Copy link puts the join link on the clipboard', async () => {
    await room.getByTestId('copy-link').tap();
    await expect(room.getByTestId('copy-link')).toHaveAttribute('data-copied', 'yes');
    await expect(room.getByTestId('copy-link')).toHaveText('Copied');
    await expect(room.getByTestId('copy-failed')).toHaveCount(0);
    expect(await pasted(page)).toBe(link);
    await room.getByTestId('copy-link').scrollIntoViewIfNeeded();
    await shots(page, 'http-share', PHONE);
  });

  await test.step('where nothing can copy, it says so in touch words and selects the link', async () => {
    // A browser that refuses the copy command too (the page has no Clipboard API here).
    await page.evaluate(`document.execCommand = () => false`);
    await expect(room.getByTestId('copy-link')).not.toHaveAttribute('data-copied', 'yes'); // "Copied" goes back to "Copy link"
    await room.getByTestId('copy-link').tap();
    await expect(room.getByTestId('copy-failed')).toHaveText('Could not copy: touch and hold the link to copy it.');
    await expect(room.getByTestId('copy-link')).toHaveText('Copy link');
    expect(await page.evaluate('getSelection().toString()')).toBe(link);
    expect(await seriousViolations(page, '[data-testid="qr"]')).toEqual([]);
    await shots(page, 'http-share-failed', PHONE);
    await page.reload();
    await expect(room).toBeVisible();
  });

  await page.getByTestId('bot-level').locator('input[data-value="novice"]').check();
  for (let added = 1; added < 3; added++) {
    await page.getByTestId('add-bot').first().tap();
    await expect(page.getByTestId('remove-bot')).toHaveCount(added);
  }
  await page.getByTestId('start').tap();
  await expect(page.getByTestId('table')).toBeVisible();

  await test.step('no phone option stays ticked while it does nothing; each off one says why', async () => {
    // Opened from the keyboard: on a 360×740 phone with a full first hand the side column
    // (game log and settings) is left no height at all, so no tap reaches it.
    await page.getByTestId('table-settings').focus();
    await page.keyboard.press('Enter');
    const keepAwake = page.getByTestId('setting-keepAwake');
    await expect(keepAwake).not.toBeChecked();
    await expect(keepAwake).toBeDisabled();
    await expect(page.getByTestId('why-keepAwake')).toContainText('Needs https');
    // The buzz works over http: it stays an option, and is on.
    await expect(page.getByTestId('setting-turnAlert')).toBeChecked();
    await expect(page.getByTestId('setting-turnAlert')).toBeEnabled();
    await expect(page.getByTestId('why-turnAlert')).toHaveCount(0);
    // Every ticked box of the settings can be changed (none is ticked and locked).
    const boxes = page.locator('.settings input[type="checkbox"]');
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = boxes.nth(i);
      if (await box.isChecked()) await expect(box).toBeEnabled();
    }
    // Read with the settings on screen (a laptop's size: on this phone they have no room yet).
    await page.setViewportSize(SIZES.laptop);
    expect(await seriousViolations(page, '.settings')).toEqual([]);
    await page.setViewportSize(PHONE);
    await shots(page, 'http-settings', PHONE);
  });

  const legal = page.locator('[data-testid="hand-card-legal"][data-legal="true"]').first();
  await test.step('the turn buzzes', async () => {
    await legal.waitFor({ timeout: 60_000 });
    await expect.poll(() => page.evaluate('JSON.stringify(window.__buzzes)')).toContain('[120,80,120]');
  });

  await test.step('a short sleep off the network: the phone wakes in its own seat and plays on', async () => {
    const version = await page.getByTestId('table').getAttribute('data-version');
    // The connection badge's states from now on.
    await page.evaluate(`(() => {
      const badge = document.querySelector('[data-testid="connection-status"]');
      window.__statuses = [];
      new MutationObserver(() => window.__statuses.push(badge.className)).observe(badge, { attributes: true });
    })()`);
    expect(net.sleep()).toBeGreaterThan(0);
    await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-lost/);
    await expect(page.getByTestId('connection-status')).toHaveText('Connection lost — reconnecting…');
    await new Promise((r) => setTimeout(r, 2000));
    net.wake();
    await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/, { timeout: 15_000 });
    expect(await page.evaluate('window.__statuses.join(" ")')).toMatch(/status-lost.*status-live/);
    await expect(page.locator('[data-testid="seat-panel"][aria-label="Ann"]').getByTestId('take-back')).toHaveCount(0);
    // Still this phone's move: the card it plays is taken and the game goes on.
    await legal.tap();
    const sheet = page.getByTestId('card-sheet');
    await expect(sheet).toBeVisible();
    await sheet.getByTestId('sheet-play').tap();
    await expect(page.getByTestId('table')).not.toHaveAttribute('data-version', version!, { timeout: 15_000 });
  });

  await test.step('a long sleep: a bot played the seat meanwhile, and the woken phone has it back by itself', async () => {
    expect(net.sleep()).toBeGreaterThan(0);
    // Longer than the table's minute (6 s here) before a bot takes a dropped seat.
    await new Promise((r) => setTimeout(r, 8000));
    net.wake();
    await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/, { timeout: 15_000 });
    // The page's reconnect takes the seat back from the bot at once: no tap, no "Take my seat back".
    const ann = page.locator('[data-testid="seat-panel"][aria-label="Ann"]');
    await expect(ann).toContainText('(you)');
    await expect(ann).not.toContainText('Bot');
    await expect(ann.getByTestId('take-back')).toHaveCount(0);
  });

  // The browser logs each retry that found no network while the phone slept, and each request
  // the network's going or coming cut off (a busy machine may have one in flight then); nothing
  // else went wrong.
  expect(errors.filter((e) => !SLEEP_ERRORS.some((code) => e.includes(`net::${code}`)))).toEqual([]);
  await context.close();
});

test('at 127.0.0.1 (a secure context) Copy link puts the join link on the clipboard too, and Keep the screen on is ticked only where it works', async () => {
  const context = await net.browser.newContext({ locale: 'en-US', viewport: SIZES.laptop, reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: net.loopbackUrl });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await page.goto(`${net.loopbackUrl}/`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  expect(await page.evaluate('[window.isSecureContext, typeof navigator.clipboard]')).toEqual([true, 'object']);
  // The page on the host's own machine hands out its LAN address.
  const link = (await page.getByTestId('join-link').first().getAttribute('href'))!;
  expect(link).toBe(`http://${GUEST_ADDRESS}:${net.port}`);
  await page.getByTestId('copy-link').first().click();
  await expect(page.getByTestId('copy-link').first()).toHaveText('Copied');
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
  expect(await pasted(page)).toBe(link);

  // Keep the screen on is ticked here only if this browser does take the wake lock (headless
  // Chromium denies it, as the desktop app's window does): else it is off and says why.
  await startSoloTable(page, net.loopbackUrl, 3, 'Cy');
  await page.getByTestId('table-settings').click();
  const taken = await page.evaluate(`navigator.wakeLock.request('screen').then((lock) => (lock.release(), true), () => false)`);
  const keepAwake = page.getByTestId('setting-keepAwake');
  if (taken) {
    await expect(keepAwake).toBeEnabled();
    await expect(page.getByTestId('why-keepAwake')).toHaveCount(0);
  } else {
    await expect(keepAwake).not.toBeChecked();
    await expect(keepAwake).toBeDisabled();
    await expect(page.getByTestId('why-keepAwake')).toHaveText(/^Not allowed here/);
  }
  expect(errors).toEqual([]);
  await context.close();
});
