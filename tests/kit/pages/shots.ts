// Pictures of the screens for a person to look at: written to SCREENSHOT_DIR when it is set
// (`SCREENSHOT_DIR=dir npx playwright test x.spec.ts`), nothing otherwise.
import type { Page } from '@playwright/test';

/** The page as `<name>.png`, the whole page unless `fullPage` is false (the viewport only). */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}
