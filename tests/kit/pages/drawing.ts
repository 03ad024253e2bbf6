// Headless Chromium now and then stops drawing after quick viewport changes: about once in
// fifty whole fit games (each resizes the page some 400 times), the page still ran its scripts
// but drew no frame again, so no click found its target at rest (Playwright waits for two
// frames) and the game looked stalled. Bringing the tab to front and resizing it again did not
// wake it. A spec that resizes makes sure the page draws before it clicks again; a page that
// stopped is reloaded, as a player would press F5, and takes its seat back.
import { type Page, expect } from '@playwright/test';

/** True once the page draws a frame, false when none comes within `ms`. (In-page code, as text: no DOM types here.) */
export const drawsWithin = (page: Page, ms: number): Promise<boolean> =>
  page.evaluate<boolean>(`new Promise((resolve) => {
    requestAnimationFrame(() => resolve(true));
    setTimeout(() => resolve(false), ${ms});
  })`);

/** Waits until the page draws; one that stopped is reloaded once (back at its table), else this fails. */
export async function keepDrawing(page: Page): Promise<void> {
  if (await drawsWithin(page, 2000)) return;
  const size = page.viewportSize();
  console.log(`the page drew no frame for 2 s at ${size?.width}x${size?.height}: reloaded`);
  await page.reload();
  await expect(page.getByTestId('table')).toBeVisible({ timeout: 15_000 });
  if (!(await drawsWithin(page, 5000))) throw new Error('the browser draws no frame, even after a reload');
}
