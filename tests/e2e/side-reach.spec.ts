// Every part of the table within a tap on a small phone held upright (360×740, 375×667, touch):
// with the first round's 12 cards in hand the side column (game log, discard pile, settings) had
// no height left under the hand, so no tap reached it. Here its button opens it as a panel, where
// the settings open and their options change by a tap and the log's newest line comes into
// view; and through the first round (two history cards) the turn banner never covers the seat
// names under the meeting.
import { type Page, expect, test } from '@playwright/test';
import { hostForSpec, pageErrors } from '../kit/pages/setup';
import { clickFirstLegal, nextView, tableState } from '../kit/pages/solo';
import { SPOT_OF, type Spot, closeByTap, openedDialog, tapOnTop } from '../kit/pages/touch-taps';

const host = hostForSpec({ seed: 'side-reach', botDelayMs: 0 });
const shotDir = process.env['SCREENSHOT_DIR'];

const PHONES = [
  { width: 360, height: 740 },
  { width: 375, height: 667 },
];

/** The seat names under the meeting that the turn banner covers (or that are off screen), listed. */
const NAMES_COVERED = `(() => {
  const banner = document.querySelector('[data-testid="turn-banner"]:not(:empty)');
  const out = [];
  const b = banner && banner.getClientRects().length > 0 ? banner.getBoundingClientRect() : null;
  for (const who of document.querySelectorAll('[data-testid="meeting-slot"] .who')) {
    const r = who.getBoundingClientRect();
    if (r.height === 0) continue;
    if (r.bottom > window.innerHeight + 0.5) out.push('"' + who.textContent.trim() + '" below the screen at ' + Math.round(r.top));
    if (b && b.left < r.right && r.left < b.right && b.top < r.bottom - 0.5 && r.top < b.bottom - 0.5) out.push('"' + who.textContent.trim() + '" under the banner "' + banner.textContent.trim() + '"');
  }
  return out;
})()`;

/** Taps `selector` where a finger would, and fails when nothing of it is on top. */
async function tap(page: Page, selector: string, what: string): Promise<void> {
  const spot = await tapOnTop(page, selector);
  expect('x' in spot ? null : spot, what).toBeNull();
}

/** Taps a checkbox in the open panel and expects it to change; a disabled one must say why. */
async function toggles(page: Page, testid: string, why: string | null): Promise<void> {
  const box = page.locator(`[role="dialog"] [data-testid="${testid}"]`);
  if (await box.isDisabled()) {
    expect(why, `${testid} is off without a reason to give`).not.toBeNull();
    const line = await page.evaluate<Spot>(SPOT_OF(`[role="dialog"] [data-testid="${why}"]`));
    expect('x' in line ? null : line, `why ${testid} is off`).toBeNull();
    return;
  }
  const before = await box.isChecked();
  await tap(page, `[role="dialog"] [data-testid="${testid}"]`, testid);
  await expect(box).toBeChecked({ checked: !before });
}

/** A 3-seat table with the option "two history cards" (the most the top of the table holds) and two bots, started. */
async function startTwoHistoryTable(page: Page): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  await page.getByTestId('player-name').fill('Solo');
  await page.getByTestId('seats-3').check();
  await page.getByLabel('Two history cards each round').check();
  await page.getByTestId('create').click();
  await page.getByTestId('bot-level').locator('input[data-value="novice"]').check();
  for (let added = 1; added < 3; added++) {
    await page.getByTestId('add-bot').first().click();
    await expect(page.getByTestId('remove-bot')).toHaveCount(added);
  }
  await page.getByTestId('start').click();
  await expect(page.getByTestId('table')).toBeVisible();
  // Two, or three when one of them is a Coronation.
  expect(await page.locator('[data-testid="history-card"]').count()).toBeGreaterThanOrEqual(2);
}

const OTHER_SIZES = [
  { width: 360, height: 800 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
  { width: 844, height: 390 },
];

for (const size of PHONES) {
  test(`${size.width}×${size.height}: the log, the pile and the settings open by a tap with a full hand; the banner leaves the meeting's names`, async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US', viewport: size, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    test.setTimeout(120_000);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await startTwoHistoryTable(page);
    await expect(page.locator('[data-testid="hand"] [data-card]')).toHaveCount(12);

    await tap(page, '[data-testid="open-side"]', 'the log & settings button');
    expect((await openedDialog(page))?.testid).toBe('panel-side');
    await expect(page.locator('[role="dialog"] [data-testid="discard"]')).toBeVisible();
    await tap(page, '[role="dialog"] [data-testid="table-settings"]', 'Settings');
    await toggles(page, 'turn-sound', null);
    await toggles(page, 'setting-keepAwake', 'why-keepAwake');
    await toggles(page, 'setting-turnAlert', 'why-turnAlert');
    // The newest line is the log's last in the document (drawn first on an upright phone).
    const newest = await page.evaluate<Spot>(SPOT_OF('[role="dialog"] [data-testid="game-log"] li:last-child'));
    expect('x' in newest ? null : newest, "the log's newest line").toBeNull();
    await closeByTap(page);

    // The whole first round (its two history cards): at every view the banner and the meeting's
    // names keep apart, until the round's summary.
    const covered: string[] = [];
    let views = 0;
    let promptSeen = false;
    for (let steps = 0; steps < 400; steps++) {
      const state = await tableState(page);
      if (state.over || (await page.locator('[data-testid="summary-continue"]').count()) > 0) break;
      views += 1;
      const found = await page.evaluate<string[]>(NAMES_COVERED);
      // With a prompt of yours pending, the panel opens too (over it, until closed).
      if (!promptSeen && (await page.locator('[data-testid="choice-option"]').count()) > 0) {
        promptSeen = true;
        await tap(page, '[data-testid="open-side"]', 'the Log & settings button beside a pending prompt');
        expect((await openedDialog(page))?.testid).toBe('panel-side');
        await closeByTap(page);
      }
      if (found.length > 0 && covered.length === 0 && shotDir) await page.screenshot({ path: `${shotDir}/side-reach-covered-${size.width}x${size.height}.png` });
      covered.push(...found.map((c) => `view ${state.version}: ${c}`));
      await clickFirstLegal(page);
      // Nothing to do yet (a bot's move on its way): look again at the next view, or after the wait.
      await nextView(page, state.version).catch(() => undefined);
    }
    expect(views, 'views of the first round looked at').toBeGreaterThan(10);
    expect(covered).toEqual([]);

    // The other phone sizes, upright and on its side: the panel and its settings in reach.
    for (const other of OTHER_SIZES) {
      await page.setViewportSize(other);
      await tap(page, '[data-testid="open-side"]', `the Log & settings button at ${other.width}×${other.height}`);
      expect((await openedDialog(page))?.testid).toBe('panel-side');
      await tap(page, '[role="dialog"] [data-testid="table-settings"]', `Settings at ${other.width}×${other.height}`);
      const option = await page.evaluate<Spot>(SPOT_OF('[role="dialog"] [data-testid="setting-handFirst"]'));
      expect('x' in option ? null : option, `the last phone option at ${other.width}×${other.height}`).toBeNull();
      await closeByTap(page);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}
