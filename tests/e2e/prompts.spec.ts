// Every prompt can be answered on a small phone as it stands: whole 3-player games at 360×740,
// played by touch alone (zero-delay bots), in English and French. At every decision, before
// anything scrolls, the question, each option and the Confirm lie inside the window and on top,
// the prompt does not scroll inside its box, and nothing of the table is drawn over it; then
// the answer is tapped where a finger lands. With SCREENSHOT_DIR set, the first prompt of each
// game is kept.
import { expect, test } from '@playwright/test';
import { hostForSpec, pageErrors } from '../kit/pages/setup';
import { startSoloTable } from '../kit/pages/solo';
import { PROMPT_KIND, PROMPT_UNREACHABLE } from '../kit/pages/prompt-fit';
import { type TouchLook, nextTouchMove, sentIn } from '../kit/pages/touch-turns';

const host = hostForSpec({ botDelayMs: 0 });
const shotDir = process.env['SCREENSHOT_DIR'];

test.describe.configure({ mode: 'parallel' });

const GAMES = [
  { locale: 'en-US', size: { width: 360, height: 740 } },
  { locale: 'fr-FR', size: { width: 360, height: 740 } },
] as const;

for (const { locale, size } of GAMES) {
  const label = `${size.width}x${size.height}`;
  test(`a whole 3-player game at ${label} in ${locale}, by touch, every prompt answerable as it stands`, async ({ browser }) => {
    test.setTimeout(6 * 60_000);
    const context = await browser.newContext({ locale, viewport: size, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await startSoloTable(page, host.url, 3, 'Ann');
    let after: string | null = null;
    let covered = 0;
    let again = 0;
    let tapped: { move: string | null; version: string | null } = { move: null, version: null };
    const prompts: string[] = [];
    let over = false;
    for (let step = 0; step < 2000; step++) {
      const look: TouchLook<null> = await nextTouchMove<null>(page, { after, atPrompt: PROMPT_UNREACHABLE });
      if ('over' in look) {
        over = true;
        break;
      }
      if ('timeout' in look) throw new Error(`no move and no new view for 20 s after version ${after}; the turn banner says "${look.shows}"`);
      if ('covered' in look) {
        if (covered === 2) await page.screenshot({ path: test.info().outputPath(`covered-${locale}-${label}.png`) });
        expect(++covered, `the ${look.covered}`).toBeLessThan(3);
        after = null;
        continue;
      }
      covered = 0;
      again = look.move === tapped.move && look.version === tapped.version ? again + 1 : 0;
      expect(again, `taps on ${look.move} in view ${look.version} that did nothing`).toBeLessThan(3);
      if (look.move === 'answer' || look.move === 'confirm') {
        const { kind, options } = await page.evaluate<{ kind: string | null; options: number }>(PROMPT_KIND);
        const problems = look.atPrompt as string[];
        if (problems.length > 0 || (shotDir && prompts.length === 0)) await page.screenshot({ path: test.info().outputPath(`prompt-${locale}-${label}-${prompts.length}.png`) });
        if (shotDir && prompts.length === 0) await page.screenshot({ path: `${shotDir}/prompt-3p-${locale}-${label}.png` });
        expect(problems, `the ${kind} prompt (${options} options, ${look.move}) in view ${look.version}`).toEqual([]);
        prompts.push(`${kind}:${look.move}`);
      }
      await page.touchscreen.tap(look.x, look.y);
      tapped = { move: look.move, version: look.version };
      after = sentIn(look.move, look.version);
    }
    expect(over, 'the game ended').toBe(true);
    await expect(page.getByTestId('game-over')).toBeVisible();
    expect(prompts.length, 'prompts answered in the game').toBeGreaterThan(0);
    test.info().annotations.push({ type: 'prompts', description: prompts.join(', ') });
    expect(errors).toEqual([]);
    await context.close();
  });
}
