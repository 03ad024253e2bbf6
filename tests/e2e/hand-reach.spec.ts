// Every card of the largest deal within reach on a small upright phone: the first deal of a
// 3-player game (12 cards) in Hungarian, the longest language, at 375x667 (iPhone SE/8) and
// 360x740, every hand card inside the window and on top, with nothing to swipe (12 cards at
// 375x667 ran 10-65 px below the screen's bottom). Seeded: the same deal on every run.
import { expect, test } from '@playwright/test';
import { type RunningHost, startHost } from '../kit/pages/host';
import { HAND_OUT_OF_VIEW } from '../kit/pages/hand-fit';
import { RENDERER, pageErrors, requireBuiltRenderer } from '../kit/pages/setup';
import { shot } from '../kit/pages/shots';
import { startSoloTable } from '../kit/pages/solo';

const SIZES = [
  { width: 375, height: 667 },
  { width: 360, height: 740 },
] as const;

test.describe.configure({ mode: 'parallel' });

let host: RunningHost | undefined;
test.afterEach(async () => {
  await host?.stop();
  host = undefined;
});

for (const size of SIZES) {
  const label = `${size.width}x${size.height}`;
  test(`the first deal of 12 cards at ${label} in Hungarian: every hand card in view without a swipe`, async ({ browser }) => {
    requireBuiltRenderer();
    host = await startHost(RENDERER, { botDelayMs: 0, seed: `hand-reach:${label}` });
    const context = await browser.newContext({ locale: 'hu-HU', viewport: size, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await startSoloTable(page, host.url, 3, 'Anna');
    await expect(page.getByTestId('hand').locator('[data-card]')).toHaveCount(12);
    await shot(page, `hand-reach-${label}-hu`, { fullPage: false });
    await expect.poll(() => page.evaluate<string[]>(HAND_OUT_OF_VIEW), { message: `${label}: every hand card in view` }).toEqual([]);
    // In-page code as text: the e2e TypeScript project has no DOM types.
    const scrolls = await page.evaluate<{ page: boolean; table: boolean }>(`(() => {
      const table = document.querySelector('[data-testid="table"]');
      return { page: document.scrollingElement.scrollHeight > innerHeight + 1, table: table !== null && table.scrollHeight > table.clientHeight + 2 };
    })()`);
    expect(scrolls, `${label}: nothing to scroll`).toEqual({ page: false, table: false });
    expect(errors).toEqual([]);
    await context.close();
  });
}
