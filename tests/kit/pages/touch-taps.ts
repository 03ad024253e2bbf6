// Taps on a touch screen, checked where the player's finger lands: the page scrolls the control
// into view and gives a point (its centre, else a quarter's middle) only where the control itself is on top
// (elementFromPoint); the tap is then the browser's own touch input at that point, one round
// trip instead of a locator tap's dozen. What a tap opened is read in the page in one look.
// (In-page code, as text: no DOM types here, and the page's CSP forbids eval of functions.)
import { type Page, expect } from '@playwright/test';
import { untilInPage } from './page-wait';

/** A control's centre with its card (data-card or data-history), or what covers it, or nothing found. */
export type Spot = { readonly x: number; readonly y: number; readonly id: string | null } | { readonly covered: string } | { readonly missing: string };

/**
 * In-page function: scrolls `el` into view and returns a point where it is on top, { x, y }, or
 * { top }, the element over it. Its centre first; when a scrolling box clips part of it (a
 * sticky Confirm at the foot of a prompt that scrolls) a finger lands on the part in sight, so
 * the middles of its four quarters are tried too.
 */
export const POINT_ON_TOP = `((el) => {
  el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return { top: null };
  const points = [[0.5, 0.5], [0.5, 0.25], [0.5, 0.75], [0.25, 0.5], [0.75, 0.5]].map(([fx, fy]) => [r.left + r.width * fx, r.top + r.height * fy]);
  let first = null;
  for (const [x, y] of points) {
    const top = document.elementFromPoint(x, y);
    if (top !== null && el.contains(top)) return { x, y };
    first ??= top;
  }
  return { top: first };
})`;

/** In-page: the first element matching `selector`, scrolled into view, and a point where it is on top. */
export const SPOT_OF = (selector: string): string => `(() => {
  const el = document.querySelector(${JSON.stringify(selector)});
  if (el === null) return { missing: ${JSON.stringify(selector)} };
  const at = ${POINT_ON_TOP}(el);
  if (!('x' in at)) return { covered: ${JSON.stringify(selector)} + ' under ' + (at.top ? at.top.outerHTML.slice(0, 160) : 'nothing (not shown)') };
  return { x: at.x, y: at.y, id: el.dataset.card ?? el.dataset.history ?? null };
})()`;

/** Taps the first `selector` at its centre when nothing covers it there; returns where, or why not. */
export async function tapOnTop(page: Page, selector: string): Promise<Spot> {
  const spot = await page.evaluate<Spot>(SPOT_OF(selector));
  if ('x' in spot) await page.touchscreen.tap(spot.x, spot.y);
  return spot;
}

/** A dialog as shown: its test id, its text (white space folded, as toContainText reads it), the cards and history cards it shows in full. */
export interface Opened {
  readonly testid: string | null;
  readonly text: string;
  readonly cards: readonly string[];
  readonly history: readonly string[];
}

const OPENED = `(() => {
  const dialog = document.querySelector('[role="dialog"]');
  if (dialog === null || dialog.getClientRects().length === 0) return null;
  return {
    testid: dialog.dataset.testid ?? null,
    text: dialog.textContent.replace(/\\s+/g, ' ').trim(),
    cards: [...dialog.querySelectorAll('[data-testid="card-info"]')].map((e) => e.dataset.card ?? ''),
    history: [...dialog.querySelectorAll('[data-testid="history-info"]')].map((e) => e.dataset.history ?? ''),
  };
})()`;

/** The dialog open now or within `ms` (a tap's click opens it at once), or null when none opens. */
export async function openedDialog(page: Page, ms = 1500): Promise<Opened | null> {
  return (await untilInPage<Opened | null>(page, OPENED, 's !== null', ms)).state;
}

/** White space folded, as the page's text is read. */
export const folded = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Closes the open dialog by a tap on its Close button (so named for a screen reader); fails when the button is covered or the dialog stays. */
export async function closeByTap(page: Page): Promise<void> {
  const spot = await tapOnTop(page, '[role="dialog"] button[aria-label="Close"]');
  expect('x' in spot ? null : spot, "the dialog's Close button").toBeNull();
  const gone = await untilInPage<boolean>(page, `document.querySelector('[role="dialog"]') === null`, 's');
  expect(gone.ok, 'the dialog closed').toBe(true);
}
