// Every card can be read where it lies. On a touch phone held upright (390×844): each history
// card's condition is on the table (its short line, whole) and its full text one tap away; a tap
// on a card in the meeting, on a seat's allies and on the discard pile opens their full text;
// hand cards show their whole name and their ability line, none covering another. On a full-HD
// window the hand's ability lines are at least the size of the body text. With SCREENSHOT_DIR
// set, the mid-game table is kept at 390×844, 844×390, 1280×800 and 1920×1080.
import { readFileSync } from 'node:fs';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { hostForSpec, pageErrors } from '../kit/pages/setup';
import { clickFirstLegal, nextView, startSoloTable, tableState } from '../kit/pages/solo';

const host = hostForSpec({ botDelayMs: 0 });
const cardSet = JSON.parse(readFileSync('src/shared/rules/card-set/default-set.json', 'utf8')) as {
  characters: { id: string; text: Record<string, string> }[];
  history: { id: string; text: Record<string, string> }[];
};
const textOf = (id: string): string => cardSet.characters.find((c) => c.id === id)?.text['en'] ?? `no card ${id}`;
const historyText = (id: string): string => cardSet.history.find((h) => h.id === id)?.text['en'] ?? `no history card ${id}`;
const shotDir = process.env['SCREENSHOT_DIR'];

/**
 * What cannot be read on the table, listed: a history card's condition line missing, cut or
 * off screen; a hand card whose name is cut or covered by another card, or whose ability line is
 * hidden, cut or smaller than `minText` px. (In-page code, as text: no DOM types here.)
 */
const UNREADABLE = (minText: number): string => `(() => {
  const out = [];
  const w = window.innerWidth;
  const h = window.innerHeight;
  const cut = (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  const onScreen = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= w + 0.5 && r.bottom <= h + 0.5;
  const cards = document.querySelectorAll('[data-testid="history-card"]');
  if (cards.length === 0) out.push('no history card on the table');
  for (const card of cards) {
    const line = card.querySelector('[data-testid="history-condition"]');
    if (!line || line.offsetParent === null) out.push('history ' + card.dataset.history + ': no condition on the table');
    else if (cut(line)) out.push('history ' + card.dataset.history + ': condition cut: ' + line.textContent);
    else if (!onScreen(line.getBoundingClientRect())) out.push('history ' + card.dataset.history + ': condition off screen');
  }
  const hand = [...document.querySelectorAll('[data-testid="hand"] [data-card]')];
  for (const card of hand) {
    const id = card.dataset.card;
    const name = card.querySelector('.name');
    const n = name.getBoundingClientRect();
    if (cut(name)) out.push(id + ': name cut (' + name.scrollWidth + ' > ' + name.clientWidth + ')');
    for (const other of hand) {
      if (other === card) continue;
      const o = other.getBoundingClientRect();
      if (o.left < n.right - 0.5 && n.left < o.right - 0.5 && o.top < n.bottom - 0.5 && n.top < o.bottom - 0.5) out.push(id + ': name covered by ' + other.dataset.card);
    }
    const text = card.querySelector('[data-testid="card-short"]');
    if (!text || text.offsetParent === null) out.push(id + ': no ability line');
    else {
      if (cut(text)) out.push(id + ': ability line cut: ' + text.textContent);
      const size = parseFloat(getComputedStyle(text).fontSize);
      if (size < ${minText}) out.push(id + ': ability line ' + size + ' px');
    }
  }
  return out;
})()`;

async function sheetSays(page: Page, text: string): Promise<void> {
  const sheet = page.getByTestId('card-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(text);
  await sheet.getByRole('button', { name: 'Close' }).tap();
  await expect(sheet).toBeHidden();
}

/** One move by touch: the round summary closed, a prompt answered, or a card played from its sheet. */
async function tapMove(page: Page): Promise<void> {
  const summary = page.getByTestId('summary-continue');
  if (await summary.isVisible()) await summary.tap();
  if (await page.getByTestId('choice-prompt').isVisible()) {
    await clickFirstLegal(page);
    return;
  }
  const legal = page.locator('[data-testid="hand-card-legal"][data-legal="true"]');
  if ((await legal.count()) === 0) return;
  await legal.first().tap({ timeout: 1500 });
  await page.getByTestId('sheet-play').tap({ timeout: 1500 });
}

test('on a touch phone every card on the table can be read, on the table or one tap away', async ({ browser }) => {
  test.setTimeout(6 * 60_000);
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await startSoloTable(page, host.url, 4, 'Ann');
  const historyRead = new Set<string>();
  const read = { meeting: false, ally: false, discard: false };
  let checked = 0;
  let seen: string | null = null;
  let shots = false;
  for (let step = 0; step < 600; step++) {
    const { over, version } = await tableState(page);
    if (over || (read.meeting && read.ally && read.discard && checked > 8)) break;
    if (version !== seen && !(await page.getByTestId('summary-continue').isVisible())) {
      seen = version;
      // At a view where this seat plays: the table read as it lies.
      if ((await page.locator('[data-testid="hand-card-legal"][data-legal="true"]').count()) > 0) {
        expect(await page.evaluate<string[]>(UNREADABLE(11)), `view ${version}`).toEqual([]);
        checked += 1;
        for (const card of await page.getByTestId('history-card').all()) {
          const id = (await card.getAttribute('data-history'))!;
          if (historyRead.has(id)) continue;
          await card.tap();
          if (shotDir && historyRead.size === 0) await page.screenshot({ path: `${shotDir}/history-sheet-390x844.png` });
          await sheetSays(page, historyText(id));
          historyRead.add(id);
        }
        // The story tells the last meeting over the meeting's region and the pile for a few
        // seconds: a card it lies over is read at a later turn, as a player would.
        const reachable = async (card: Locator) => card.tap({ trial: true, timeout: 1_000 }).then(() => true, () => false);
        const played = page.locator('[data-testid="meeting"] button[data-card]');
        if (!read.meeting && (await played.count()) > 0 && (await reachable(played.first()))) {
          const id = (await played.first().getAttribute('data-card'))!;
          await played.first().tap();
          await sheetSays(page, textOf(id));
          read.meeting = true;
        }
        const stacks = page.locator('[data-testid="ally-stacks"]:not([disabled])');
        if (!read.ally && (await stacks.count()) > 0) {
          await stacks.first().tap();
          const panel = page.getByTestId('panel-allies');
          await expect(panel).toBeVisible();
          const ids = await panel.locator('[data-testid="card-info"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
          expect(ids.length).toBeGreaterThan(0);
          for (const id of ids) await expect(panel).toContainText(textOf(id));
          if (shotDir) await page.screenshot({ path: `${shotDir}/allies-sheet-390x844.png` });
          await panel.getByRole('button', { name: 'Close' }).tap();
          read.ally = true;
        }
        const top = page.locator('[data-testid="discard"] button[data-card]');
        if (!read.discard && (await top.count()) > 0 && (await reachable(top))) {
          const id = (await top.getAttribute('data-card'))!;
          await top.tap();
          await sheetSays(page, textOf(id));
          read.discard = true;
        }
        if (shotDir && !shots && read.ally && read.meeting) {
          shots = true;
          for (const size of [
            { width: 390, height: 844 },
            { width: 844, height: 390 },
          ]) {
            await page.setViewportSize(size);
            await page.screenshot({ path: `${shotDir}/mid-game-4p-${size.width}x${size.height}.png` });
          }
          await page.setViewportSize({ width: 390, height: 844 });
        }
      }
    }
    await tapMove(page).catch(() => undefined);
    await nextView(page, version).catch(() => undefined);
  }
  expect(checked, 'views read').toBeGreaterThan(0);
  expect(historyRead.size, 'history cards read').toBeGreaterThan(0);
  expect(read).toEqual({ meeting: true, ally: true, discard: true });
  expect(errors).toEqual([]);
  await context.close();
});

test('on a full-HD window the hand ability lines are at least the body text size', async ({ browser }) => {
  test.setTimeout(3 * 60_000);
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await startSoloTable(page, host.url, 6, 'Ann');
  let plays = 0;
  for (let step = 0; step < 200 && plays < 2; step++) {
    const { version } = await tableState(page);
    if (await clickFirstLegal(page)) plays += 1;
    await nextView(page, version).catch(() => undefined);
  }
  const summary = page.getByTestId('summary-continue');
  if (await summary.isVisible()) await summary.click();
  await page.locator('[data-testid="hand"] [data-card]').first().waitFor();
  const sizes = await page.evaluate<{ body: number; lines: number[] }>(`({
    body: parseFloat(getComputedStyle(document.body).fontSize),
    lines: [...document.querySelectorAll('[data-testid="hand"] [data-testid="card-short"]')].map((e) => e.offsetParent === null ? 0 : parseFloat(getComputedStyle(e).fontSize)),
  })`);
  expect(sizes.lines.length).toBeGreaterThan(0);
  for (const line of sizes.lines) expect(line, 'ability line font size').toBeGreaterThanOrEqual(sizes.body);
  if (shotDir) {
    for (const size of [
      { width: 1920, height: 1080 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${shotDir}/mid-game-6p-${size.width}x${size.height}.png` });
    }
  }
  expect(errors).toEqual([]);
  await context.close();
});
