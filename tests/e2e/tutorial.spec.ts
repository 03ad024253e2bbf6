// The guided first round, as a newcomer meets it: from the lobby's button (no name needed) to a
// three-seat table against two bots, where the guide explains each step as its moment comes
// (the table, the history cards, the hand, your turn, the meeting, the allies, the round's end)
// until the round is over. In English on a laptop at the normal pace (the whole round, with axe over the guide),
// in French on a phone and in Hungarian on a phone on its side (the guide's first steps).
import { type Page, expect, test } from '@playwright/test';
import { seriousViolations } from '../kit/pages/axe';
import { hostForSpec, pageErrors } from '../kit/pages/setup';
import { playMoves } from '../kit/pages/moves';
import { messageTexts } from '../kit/pages/messages';

const host = hostForSpec({ seed: 'tutorial', botDelayMs: 0 });
/** The guide's steps, in the order they are told (src/renderer/src/lib/help/tutorial.svelte.ts). */
const STEPS = ['welcome', 'history', 'hand', 'play', 'meeting', 'decision', 'allies', 'roundEnd'];

/** The guide's texts in one language, from its message table. */
function guideTexts(lang: string): Record<string, string> {
  return messageTexts(lang, 'tutorial.');
}

async function startGuidedRound(page: Page): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
  await page.getByTestId('start-tutorial').click();
  await expect(page.getByTestId('table')).toBeVisible({ timeout: 20_000 });
}

const shot = async (page: Page, name: string): Promise<void> => {
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
};

/** The guide's step on show and its words, or null. (In-page code, as text: no DOM types here.) */
const COACH_SHOWN = `(() => {
  const coach = document.querySelector('[data-testid="coach"]');
  const text = coach?.querySelector('[data-testid="coach-text"]')?.textContent;
  return coach && text != null ? { step: coach.dataset.step ?? '', text: text.trim() } : null;
})()`;

/** The hand cards the guide lies over, listed. (In-page code, as text.) */
const COACH_OVER_HAND = `(() => {
  const c = document.querySelector('[data-testid="coach"]')?.getBoundingClientRect();
  if (!c) return ['no guide'];
  return [...document.querySelectorAll('[data-testid="hand"] [data-card]')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom;
  }).map((el) => el.dataset.card);
})()`;

test('a newcomer plays a guided first round against two bots, told each step as it comes', async ({ browser }) => {
  test.setTimeout(5 * 60_000);
  // At the normal pace, as a newcomer meets it: the table tells each play with its motion, within
  // the guided bots' own pace (npm test's one round told at the normal pace; prompts.spec's
  // whole game at that pace runs in test:soak).
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  const texts = guideTexts('en');
  expect(
    STEPS.filter((step) => !texts[step]),
    'steps without an English text',
  ).toEqual([]);
  await startGuidedRound(page);
  // Two bots and the newcomer, under the default name.
  await expect(page.getByTestId('seat-panel')).toHaveCount(3);
  await expect(page.getByTestId('seat-panel').last()).toContainText('Player');

  const coach = page.getByTestId('coach');
  const told: string[] = [];
  let misses = 0;
  // The newcomer reads each step as soon as it shows (the page watches for the guide while it
  // waits for its next move, which the bots' pace of the guided table sets), then plays on.
  const readStep = async (): Promise<boolean> => {
    // The step and its words in one look: the view (and with it the step) may move on between two.
    const shown = await page.evaluate<{ step: string; text: string } | null>(COACH_SHOWN);
    if (!shown) {
      expect(++misses, 'the guide shows no words').toBeLessThan(3);
      return true;
    }
    const { step, text } = shown;
    expect(text, `the words of step ${step}`).toBe(texts[step] ?? `(no text for ${step})`);
    if (!told.includes(step)) {
      told.push(step);
      if (told.length === 1) expect(await seriousViolations(page), 'the guide').toEqual([]);
      await shot(page, `guide-${step}-en-1280x800`);
    }
    // Marked read only if it is still the step on show; otherwise look again (a step that
    // cannot be marked read three times running fails here).
    const next = page.locator(`[data-testid="coach"][data-step="${step}"] [data-testid="coach-next"]`);
    if (
      !(await next.click({ timeout: 2000 }).then(
        () => true,
        () => false,
      ))
    ) {
      expect(++misses, `the guide's button for ${step}`).toBeLessThan(3);
      return true;
    }
    misses = 0;
    return step !== 'roundEnd';
  };
  const guided = await playMoves(page, { watch: { selector: '[data-testid="coach"]', seen: readStep } });
  expect(guided.over, 'the game ended before the guide did').toBe(false);
  await expect(coach).toBeHidden();
  // Every step that must come in a round came, once: first the table, the history cards and
  // the hand, last the round's end; your turn and the meeting in the order the deal brings them
  // (a bot may lead); a decision only when one of your cards has an ability to answer.
  expect(told.slice(0, 3)).toEqual(['welcome', 'history', 'hand']);
  expect(told.at(-1)).toBe('roundEnd');
  expect([...told].filter((step) => step !== 'decision').sort()).toEqual(STEPS.filter((step) => step !== 'decision').sort());
  // The guide ends with the round; the game goes on without it: a card (or an answer) sent,
  // and on to the next move after it, and the guide stays away.
  await expect(page.getByTestId('table')).toBeVisible();
  let sent = false;
  const after = await playMoves(page, {
    watch: { selector: '[data-testid="coach"]', seen: () => Promise.reject(new Error('the guide came back after its last step')) },
    beforeMove: (click) => {
      if (sent) return false;
      sent = click === 'play' || click === 'confirm';
      return true;
    },
  });
  expect(after.clicks).toBeGreaterThan(0);
  await expect(coach).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});

for (const { locale, lang, viewport } of [
  { locale: 'fr-FR', lang: 'fr', viewport: { width: 390, height: 844 } },
  { locale: 'hu-HU', lang: 'hu', viewport: { width: 844, height: 390 } },
]) {
  test(`the guide speaks ${lang} on a ${viewport.width}×${viewport.height} phone, points at what it explains, and can be ended`, async ({ browser }) => {
    const context = await browser.newContext({ locale, viewport, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const texts = guideTexts(lang);
    expect(
      STEPS.filter((step) => !texts[step]),
      `steps without a text in ${lang}`,
    ).toEqual([]);
    await startGuidedRound(page);
    const size = `${viewport.width}x${viewport.height}`;
    for (const [step, target] of [
      ['welcome', null],
      ['history', 'top'],
      ['hand', 'mine'],
    ] as const) {
      await expect(page.getByTestId('coach')).toHaveAttribute('data-step', step);
      // In touch words where the step says how to play: "tap", not "click" or "press its number".
      await expect(page.getByTestId('coach-text')).toHaveText(texts[`${step}Touch`] ?? texts[step]!);
      // Never over a hand card, which a player may need to tap at any step (the game does not wait).
      expect(await page.evaluate<string[]>(COACH_OVER_HAND), `the guide at the ${step} step`).toEqual([]);
      if (target) await expect(page.getByTestId('table')).toHaveAttribute('data-coach', target);
      // The guide stays inside the screen.
      const box = (await page.getByTestId('coach').boundingBox())!;
      expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, `the guide at ${JSON.stringify(box)}`).toBe(true);
      await shot(page, `guide-${step}-${lang}-${size}`);
      await page.getByTestId('coach-next').tap();
    }
    await page.getByTestId('coach-end').tap();
    await expect(page.getByTestId('coach')).toBeHidden();
    await expect(page.getByTestId('table')).not.toHaveAttribute('data-coach', /./);
    expect(errors).toEqual([]);
    await context.close();
  });
}
