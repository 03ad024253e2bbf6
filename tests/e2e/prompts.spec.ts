// Every prompt can be answered on a small phone as it stands: whole 3-player games at 360×740,
// played by touch alone (zero-delay bots), in English and French. At every decision, before
// anything scrolls, the question, each option and the Confirm lie inside the window and on top,
// the prompt does not scroll inside its box, and nothing of the table is drawn over it; then
// the answer is tapped where a finger lands. At the end, before any tap, the winner line and
// every row's name and Final Fame are in sight and on top (the story and the buttons step
// aside); the last round's summary is a tap away and leaves the winner in sight. Each game has a host of its own, seeded, so `npm test`
// plays the same games every run; `npm run test:soak` adds games on random seeds, each printed.
// With SCREENSHOT_DIR set, the first prompt of each game is kept.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { RENDERER, pageErrors, requireBuiltRenderer } from '../kit/pages/setup';
import { type RunningHost, startHost } from '../kit/pages/host';
import { startSoloTable } from '../kit/pages/solo';
import { LAST_SUMMARY_HIDDEN, RESULT_HIDDEN } from '../kit/pages/game-over-fit';
import { PROMPT_KIND, PROMPT_UNREACHABLE } from '../kit/pages/prompt-fit';
import { SIZES_PEOPLE_BRING } from '../kit/pages/sizes';
import { tapOnTop } from '../kit/pages/touch-taps';
import { type TouchLook, nextTouchMove, sentIn } from '../kit/pages/touch-turns';

const shotDir = process.env['SCREENSHOT_DIR'];
const SOAK = Boolean(process.env['CHRONICLE_SOAK']);

test.describe.configure({ mode: 'parallel' });

// The French game tells its story at the normal pace: at its end the story had the last meeting
// and a "Meanwhile" line still to tell, which covered the result for 15 s and more (it now
// jumps to the last round's summary at once). All run in test:soak: in npm test,
// six-every-size.spec.ts answers every prompt at 360x740 (and looks at 375x667 and 844x390) at
// instant speed, and tutorial.spec.ts plays its guided round at the normal pace.
const GAMES = [
  { locale: 'en-US', size: { width: 360, height: 740 }, motion: 'reduce', seed: 'phone-360-en', soakOnly: true },
  { locale: 'fr-FR', size: { width: 360, height: 740 }, motion: 'no-preference', seed: 'phone-360-fr', soakOnly: true },
  { locale: 'hu-HU', size: { width: 375, height: 667 }, motion: 'reduce', seed: 'phone-375-hu', soakOnly: true },
  { locale: 'hu-HU', size: { width: 412, height: 915 }, motion: 'reduce', seed: 'phone-412-hu', soakOnly: true },
] as const;
/**
 * In test:soak, more games at 360×740 on seeds drawn as each game starts (a title must not change
 * between the runner and its workers), each printed and noted on the test; PHONE_GAME_SEED=<seed>
 * plays that one seed instead (in each game's language and size), to replay a game that failed.
 */
const replay = process.env['PHONE_GAME_SEED'];
const RANDOM_GAMES = replay ? GAMES.map((game) => ({ ...game, seed: replay })) : SOAK ? GAMES.flatMap((game) => [1, 2].map((n) => ({ ...game, seed: `random ${n}` }))) : [];

/** The phone sizes people bring, upright and on its side, then a laptop and a TV: the last summary is checked at each at game over. */
const SCREENS = SIZES_PEOPLE_BRING.filter((size) => size.width !== 1366);

/** In-page: whether anything is moving, and a promise of the moment it has all stopped. */
const ANIMATING = `document.getAnimations().length > 0`;
const ANIMATIONS_DONE = `Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))).then(() => null)`;

/** The host of the whole game running in this worker, stopped after it however it ended. */
let own: RunningHost | undefined;
test.afterEach(async () => {
  await own?.stop();
  own = undefined;
});

for (const game of replay ? RANDOM_GAMES : [...GAMES, ...RANDOM_GAMES]) {
  const { locale, size, motion, seed: named } = game;
  const label = `${size.width}x${size.height}`;
  test(`a whole 3-player game at ${label} in ${locale} (seed ${named}${motion === 'reduce' ? '' : ', told at the normal pace'}), by touch, every prompt answerable as it stands`, async ({
    browser,
  }) => {
    if ('soakOnly' in game && !SOAK) {
      // Measured: the four games took 130 s of test time at a load of 18 (en 23 s, fr 51 s, hu 18 s and 40 s).
      console.log(
        `skipped: the whole 3-player game at ${label} in ${locale} runs in npm run test:soak (npm test: six-every-size answers every prompt at 360x740 at instant speed, tutorial.spec plays a round at the normal pace)`,
      );
      test.skip(true, 'runs in npm run test:soak');
    }
    const seed = named.startsWith('random') ? randomBytes(6).toString('hex') : named;
    console.log(`the 3-player game at ${label} in ${locale} plays seed ${seed} (replay: PHONE_GAME_SEED=${seed})`);
    test.info().annotations.push({ type: 'seed', description: seed });
    test.setTimeout(2 * 60_000);
    requireBuiltRenderer();
    // A host of its own: its first table is dealt from `${seed}:1` whichever worker runs the game.
    own = await startHost(RENDERER, { botDelayMs: 0, seed });
    const context = await browser.newContext({ locale, viewport: size, hasTouch: true, isMobile: true, reducedMotion: motion });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await startSoloTable(page, own.url, 3, 'Ann');
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
        let problems = look.atPrompt as string[];
        // A card crossing the table at the normal pace (a meeting's cards going to their winner,
        // a card played from a seat) may reach past the table's edge for a moment: looked at
        // again once it has landed, and once more if the next card set off meanwhile.
        for (let wait = 0; wait < 3 && problems.length > 0 && (await page.evaluate<boolean>(ANIMATING)); wait++) {
          await page.evaluate(ANIMATIONS_DONE);
          problems = await page.evaluate<string[]>(PROMPT_UNREACHABLE);
        }
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
    // The result at a glance, at once (the last meeting's story and its "Meanwhile" line step
    // aside), before any tap: the winner line, every name and Final Fame in sight and on top:
    // upright, on its side, on a laptop and a TV. Then the last round's summary, opened by a tap
    // from it, readable and closable where it stands with the winner in sight, at every size.
    // Checked where a finger lands (a locator's tap would wait out the test for a covered button).
    await expect(page.getByTestId('game-over')).toBeVisible();
    await expect(page.getByTestId('round-summary'), 'no summary over the result').toHaveCount(0);
    for (const at of [size, { width: 390, height: 844 }, { width: 844, height: 390 }, { width: 1280, height: 800 }, { width: 1920, height: 1080 }, size]) {
      await page.setViewportSize(at);
      const hidden = await page.evaluate<string[]>(RESULT_HIDDEN);
      const where = `${at.width}x${at.height}`;
      if (hidden.length > 0 || shotDir)
        await page.screenshot({ path: shotDir ? `${shotDir}/game-over-3p-${locale}-${where}.png` : test.info().outputPath(`game-over-${where}.png`) });
      expect(hidden, `the game-over screen at ${where}`).toEqual([]);
    }
    const opened = await tapOnTop(page, '[data-testid="last-round"]');
    expect(opened, "the last round's button at game over").toHaveProperty('x');
    await expect(page.getByTestId('round-summary')).toBeVisible();
    for (const at of SCREENS) {
      await page.setViewportSize(at);
      const hidden = await page.evaluate<string[]>(LAST_SUMMARY_HIDDEN);
      const where = `${at.width}x${at.height}`;
      if (hidden.length > 0 || shotDir)
        await page.screenshot({ path: shotDir ? `${shotDir}/last-summary-3p-${locale}-${where}.png` : test.info().outputPath(`last-summary-${where}.png`) });
      expect(hidden, `the last round summary at game over at ${where}`).toEqual([]);
    }
    await page.setViewportSize(size);
    const spot = await tapOnTop(page, '[data-testid="summary-continue"]');
    expect(spot, "the last round summary's Close at game over").toHaveProperty('x');
    await expect(page.getByTestId('round-summary')).toBeHidden();
    await expect(page.getByTestId('ranking')).toBeVisible();
    expect(prompts.length, 'prompts answered in the game').toBeGreaterThan(0);
    test.info().annotations.push({ type: 'prompts', description: prompts.join(', ') });
    expect(errors).toEqual([]);
    await context.close();
  });
}
