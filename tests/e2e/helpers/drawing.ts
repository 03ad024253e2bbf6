// Headless Chromium now and then stops drawing after quick viewport changes: once in about
// sixty whole fit games (each resizes the page some 400 times) the page still ran its scripts
// but drew no frame for a minute, so no click found its target at rest (Playwright waits for
// two frames) and the game looked stalled. A spec that resizes makes sure the page draws
// before it clicks again.
import type { Page } from '@playwright/test';

type Size = { readonly width: number; readonly height: number };

/** True once the page draws a frame, false when none comes within `ms`. (In-page code, as text: no DOM types here.) */
export const drawsWithin = (page: Page, ms: number): Promise<boolean> =>
  page.evaluate<boolean>(`new Promise((resolve) => {
    requestAnimationFrame(() => resolve(true));
    setTimeout(() => resolve(false), ${ms});
  })`);

/** Waits until the page, last resized to `size`, draws; one that stopped is woken once, else this fails. */
export async function keepDrawing(page: Page, size: Size): Promise<void> {
  if (await drawsWithin(page, 2000)) return;
  // Woken the way a window manager would: the tab brought to front and its size set afresh.
  console.log(`the page drew no frame after a resize to ${size.width}x${size.height}: woken`);
  await page.bringToFront();
  await page.setViewportSize({ width: size.width + 1, height: size.height });
  await page.setViewportSize(size);
  if (!(await drawsWithin(page, 5000))) throw new Error(`the browser draws no frame after a resize to ${size.width}x${size.height}`);
}
