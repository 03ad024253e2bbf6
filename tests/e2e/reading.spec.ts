// Every card can be read where it lies. On a touch phone held upright (390×844): each history
// card's condition is on the table (its short line, whole) and its full text one tap away; a tap
// on a card in the meeting, on a seat's allies and on the discard pile opens their full text;
// hand cards show their whole name and their ability line, none covering another. On a full-HD
// window the hand's ability lines are at least the size of the body text. With SCREENSHOT_DIR
// set, the mid-game table is kept at 390×844, 844×390, 1280×800 and 1920×1080.
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { playMoves } from '../kit/pages/moves';
import { hostForSpec, pageErrors } from '../kit/pages/setup';
import { clickFirstLegal, nextView, startSoloTable, tableState } from '../kit/pages/solo';
import { type Opened, closeByTap, folded, openedDialog, tapOnTop } from '../kit/pages/touch-taps';
import { type TouchLook, nextTouchMove, sentIn } from '../kit/pages/touch-turns';

const host = hostForSpec({ seed: 'reading', botDelayMs: 0 });
const cardSet = JSON.parse(readFileSync('src/shared/rules/card-set/default-set.json', 'utf8')) as {
  characters: { id: string; text: Record<string, string> }[];
  history: { id: string; text: Record<string, string> }[];
};
const textOf = (id: string): string => cardSet.characters.find((c) => c.id === id)?.text['en'] ?? `no card ${id}`;
const historyText = (id: string): string => cardSet.history.find((h) => h.id === id)?.text['en'] ?? `no history card ${id}`;
const shotDir = process.env['SCREENSHOT_DIR'];
const MEETING_CARD = '[data-testid="meeting"] button[data-card]';
const ALLIES = '[data-testid="ally-stacks"]:not([disabled])';
const DISCARD_TOP = '[data-testid="discard"] button[data-card]';

/** The meeting's card names as drawn: their type size, and whether the card cuts them. */
const MEETING_NAMES = `[...document.querySelectorAll('[data-testid="meeting"] [data-card] .name')].map((el) => ({
  name: el.textContent,
  px: parseFloat(getComputedStyle(el).fontSize),
  cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
}))`;

/**
 * The game log's lines out of order on an upright phone: the newest moment first, and the lines
 * of one moment (a meeting won, then its allies taken) in the order they happened. Listed as
 * pairs of neighbouring lines drawn the wrong way round; a log with too few lines is an error.
 */
const LOG_OUT_OF_ORDER = `(() => {
  const lines = [...document.querySelectorAll('[data-testid="game-log"] li[data-version]')];
  const versions = new Set(lines.map((li) => li.dataset.version));
  if (versions.size < 2 || versions.size === lines.length) return ['too few moments of several lines to judge: ' + lines.length + ' lines, ' + versions.size + ' moments'];
  const out = [];
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1], lines[i]];
    const [ya, yb] = [a.getBoundingClientRect().top, b.getBoundingClientRect().top];
    const same = a.dataset.version === b.dataset.version;
    if (same ? yb <= ya : yb >= ya) out.push((same ? 'within ' : 'across ') + 'moments: "' + a.textContent + '" at ' + Math.round(ya) + ', "' + b.textContent + '" at ' + Math.round(yb));
  }
  return out;
})()`;

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

/** What a play view shows to be read, looked at in the same round trip as the move (before anything scrolls). */
interface AtPlay {
  unreadable: string[];
  history: string[];
  meeting: boolean;
  allies: boolean;
  discard: boolean;
}
const AT_PLAY = `({
  unreadable: ${UNREADABLE(11)},
  history: [...document.querySelectorAll('[data-testid="history-card"]')].map((c) => c.dataset.history),
  meeting: document.querySelector('${MEETING_CARD}') !== null,
  allies: document.querySelector('${ALLIES}') !== null,
  discard: document.querySelector('${DISCARD_TOP}') !== null,
})`;

/**
 * Taps `selector` where it is shown on top and reads the dialog the tap opened (closing it
 * again). Null, with the reason kept in `misses`, when the card is covered there (the story
 * tells the last meeting over the meeting and the pile for a few seconds) or the table moved
 * between the look and the tap so that nothing opened: it is read at a later turn, as a player
 * would. A dialog of another card is closed and counts as not read.
 */
async function readByTap(page: Page, selector: string, misses: string[]): Promise<(Opened & { id: string | null }) | null> {
  const spot = await tapOnTop(page, selector);
  if (!('x' in spot)) {
    misses.push('covered' in spot ? spot.covered : `${spot.missing}: gone`);
    return null;
  }
  const opened = await openedDialog(page);
  if (opened === null) misses.push(`${selector} (${spot.id}): tapped, nothing opened`);
  return opened && { ...opened, id: spot.id };
}

test('on a touch phone every card on the table can be read, on the table or one tap away', async ({ browser }) => {
  test.setTimeout(6 * 60_000);
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await startSoloTable(page, host.url, 4, 'Ann');
  const historySeen = new Set<string>();
  const historyRead = new Set<string>();
  const read = { meeting: false, ally: false, discard: false };
  const misses: string[] = [];
  let checked = 0;
  let seen: string | null = null;
  let after: string | null = null;
  let covered = 0;
  let again = 0;
  let tapped: { move: string | null; version: string | null } = { move: null, version: null };
  let shots = false;
  const meetingNames = { seen: 0, small: [] as string[] };
  for (let step = 0; step < 600; step++) {
    if (read.meeting && read.ally && read.discard && checked > 8) break;
    const look: TouchLook<AtPlay> = await nextTouchMove<AtPlay>(page, { after, seen, extra: AT_PLAY });
    if ('over' in look) break;
    if ('timeout' in look) throw new Error(`no move and no new view for 20 s after version ${after}; the turn banner says "${look.shows}"`);
    if ('covered' in look) {
      // Covered for a second at a time: a control that stays covered fails as it would for a player.
      expect(++covered, `the ${look.covered}`).toBeLessThan(3);
      after = null;
      continue;
    }
    covered = 0;
    // The same move in the same view as the last tap: the tap did nothing (a prompt's player
    // step and card step may come twice). A page that stays so fails here.
    again = look.move === tapped.move && look.version === tapped.version ? again + 1 : 0;
    expect(again, `taps on ${look.move} in view ${look.version} that did nothing`).toBeLessThan(3);
    if (look.extra) {
      const names = await page.evaluate<{ name: string; px: number; cut: boolean }[]>(MEETING_NAMES);
      meetingNames.seen += names.length;
      for (const n of names) if (n.px < 8 || n.cut) meetingNames.small.push(`${n.name} at ${n.px.toFixed(1)} px${n.cut ? ', cut' : ''}`);
      // At a view where this seat plays: the table read as it lies.
      seen = look.version;
      const at = look.extra;
      expect(at.unreadable, `view ${look.version}`).toEqual([]);
      checked += 1;
      for (const id of at.history) {
        historySeen.add(id);
        if (historyRead.has(id)) continue;
        const sheet = await readByTap(page, `[data-testid="history-card"][data-history="${id}"]`, misses);
        if (!sheet) continue;
        if (shotDir && historyRead.size === 0) await page.screenshot({ path: `${shotDir}/history-sheet-390x844.png` });
        if (sheet.testid === 'card-sheet' && sheet.history.includes(id)) {
          expect(sheet.text, `history ${id}`).toContain(folded(historyText(id)));
          historyRead.add(id);
        } else misses.push(`history ${id}: the tap opened ${sheet.testid} (${sheet.history.concat(sheet.cards).join(', ')})`);
        await closeByTap(page);
      }
      if (!read.meeting && at.meeting) {
        const sheet = await readByTap(page, MEETING_CARD, misses);
        if (sheet?.testid === 'card-sheet' && sheet.id !== null && sheet.cards.includes(sheet.id)) {
          expect(sheet.text, `meeting card ${sheet.id}`).toContain(folded(textOf(sheet.id)));
          read.meeting = true;
        } else if (sheet) misses.push(`meeting card ${sheet.id}: the tap opened ${sheet.testid} (${sheet.cards.join(', ')})`);
        if (sheet) await closeByTap(page);
      }
      if (!read.ally && at.allies) {
        const panel = await readByTap(page, ALLIES, misses);
        if (panel?.testid === 'panel-allies') {
          expect(panel.cards.length).toBeGreaterThan(0);
          for (const id of panel.cards) expect(panel.text, `ally ${id}`).toContain(folded(textOf(id)));
          if (shotDir) await page.screenshot({ path: `${shotDir}/allies-sheet-390x844.png` });
          read.ally = true;
        } else if (panel) misses.push(`allies: the tap opened ${panel.testid}`);
        if (panel) await closeByTap(page);
      }
      if (!read.discard && at.discard) {
        const sheet = await readByTap(page, DISCARD_TOP, misses);
        if (sheet?.testid === 'card-sheet' && sheet.id !== null && sheet.cards.includes(sheet.id)) {
          expect(sheet.text, `discarded card ${sheet.id}`).toContain(folded(textOf(sheet.id)));
          read.discard = true;
        } else if (sheet) misses.push(`discarded card ${sheet.id}: the tap opened ${sheet.testid} (${sheet.cards.join(', ')})`);
        if (sheet) await closeByTap(page);
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
      // Reading took a while: the move is looked for again.
      continue;
    }
    // One move by touch: the round summary closed, a prompt answered, or a card played from its sheet.
    await page.touchscreen.tap(look.x, look.y);
    tapped = { move: look.move, version: look.version };
    after = sentIn(look.move, look.version);
  }
  const why = `${misses.length} taps read nothing, the last ones:\n${misses.slice(-12).join('\n')}`;
  expect(await page.evaluate<string[]>(LOG_OUT_OF_ORDER), 'the game log on the phone').toEqual([]);
  expect(meetingNames.small, 'meeting card names under 8 px or cut on the phone').toEqual([]);
  expect(meetingNames.seen, 'meeting card names looked at').toBeGreaterThan(0);
  expect(checked, 'views read').toBeGreaterThan(0);
  expect(historyRead.size, 'history cards read').toBeGreaterThan(0);
  expect(
    [...historySeen].filter((id) => !historyRead.has(id)),
    `history cards not read; ${why}`,
  ).toEqual([]);
  expect(read, why).toEqual({ meeting: true, ally: true, discard: true });
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
  // On to this seat's next card: a round summary closed, a decision answered (while one is
  // pending the hand is at the meeting's size, its ability lines left to the card's panel).
  await playMoves(page, { beforeMove: (click) => click !== 'play' });
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
