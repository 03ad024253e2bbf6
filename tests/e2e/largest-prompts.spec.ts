// The largest prompts the rules allow fit every size people bring, and a round's summary shows
// every Fame row as it opens (the whole 3-player phone games are in prompts.spec.ts).
import { randomBytes } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { startHost } from '../kit/pages/host';
import { messageTexts } from '../kit/pages/messages';
import { RENDERER, pageErrors } from '../kit/pages/setup';
import { playMoves } from '../kit/pages/moves';
import { startSoloTable } from '../kit/pages/solo';
import { PROMPT_KIND, PROMPT_UNREACHABLE } from '../kit/pages/prompt-fit';
import { SIZES_PEOPLE_BRING } from '../kit/pages/sizes';
import { FAME_ROWS_HIDDEN } from '../kit/pages/summary-fit';

const shotDir = process.env['SCREENSHOT_DIR'];

test.describe.configure({ mode: 'parallel' });

// The largest prompts the rules allow, at every size people bring, in the longest languages:
// 6-player games played until this seat has had both a card step (its answer picked, Confirm on
// show) and a player step to answer. There, at each size, the prompt is made the largest any
// game could make it: its own option list filled up to the most it can hold (its real options
// cloned in the page: 14 cards, as many allies as one player can be made to give up, a Return's
// 6 cards of a 6-seat meeting, or 5 players to pick from) under the language's longest question,
// and checked as above; then the page is put back and the game goes on. A Return met on the way
// is checked the same way. The games are seeded (the same on every run); test:soak plays
// several random seeds, each printed, and PROMPTS_SEED replays one.

/** In-page: a promise of two frames on (a room measured as the layout settles has been measured). */
const TWO_FRAMES = `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null))))`;
/**
 * In-page: the history row made 130 px taller, as three history cards in a long language make it
 * at 1280x800 (see fit.spec), once the layout has settled. A row already showing three history
 * cards or more is as tall as the game makes it, and is left as it is.
 */
const TALL_TOP = `(async () => {
  const top = document.querySelector('[data-region="top"]');
  const cards = document.querySelectorAll('[data-region="top"] [data-testid="history-card"]').length;
  if (top && cards < 3) top.style.minHeight = (top.offsetHeight + 130) + 'px';
  await ${TWO_FRAMES};
})()`;
/** In-page: the history row as tall as its cards again, once the layout has settled. */
const TOP_BACK = `(async () => {
  const top = document.querySelector('[data-region="top"]');
  if (top) top.style.minHeight = '';
  await ${TWO_FRAMES};
})()`;

/**
 * The seeds a test deals its games from: in npm test the first of `fixed`; in test:soak all of
 * `fixed` and a few random ones (CHRONICLE_SOAK_SEEDS, default 4); PROMPTS_SEED replays one.
 */
function seedsFor(name: string, fixed: readonly string[]): string[] {
  const replay = process.env['PROMPTS_SEED'];
  if (replay) return [replay];
  if (!process.env['CHRONICLE_SOAK']) {
    if (fixed.length > 1) console.log(`skipped: ${fixed.slice(1).join(', ')} run in npm run test:soak (npm test plays ${fixed[0]})`);
    return fixed.slice(0, 1);
  }
  return [...fixed, ...Array.from({ length: Number(process.env['CHRONICLE_SOAK_SEEDS'] ?? 4) }, () => `${name}-${randomBytes(4).toString('hex')}`)];
}

/**
 * The games played for the largest prompts (npm test the first of each language, test:soak all), found by soak games that spilled before the
 * fixes: f5f676e6 brings a Return of six first (under a hand's row it spilled 10 px at 1920x1080;
 * under a tall history row 23 px at 1366x768), fcbd4059 a Steal among nineteen allies (two rows
 * under a tall history row spilled 36 px at 1366x768), the French one a Return with four
 * face-down cards (their four-line captions spilled 43 px at 1366x768 under a tall history row).
 */
const LARGEST_SEEDS: Record<string, readonly string[]> = {
  'hu-HU': ['prompts-largest-hu-HU-f5f676e6', 'prompts-largest-hu-HU-fcbd4059'],
  'fr-FR': ['prompts-largest-fr-FR-b4287d93'],
};

/** Runs `play` against a host of its own dealing from `seed` (zero-delay bots), printing the seed, and stops the host after. */
async function withSeededHost(seed: string, play: (url: string) => Promise<void>): Promise<void> {
  console.log(`seed ${seed} (replay: PROMPTS_SEED=${seed})`);
  const host = await startHost(RENDERER, { botDelayMs: 0, seed });
  try {
    await play(host.url);
  } finally {
    await host.stop();
  }
}

/** The language's longest decision question, in-page swapped in for the prompt's own (marked data-was). */
const LONGEST_QUESTION = (text: string): string => `(() => {
  const what = document.querySelector('[data-testid="choice-prompt"] .what');
  if (what && what.dataset.was === undefined) what.dataset.was = what.textContent;
  if (what) what.textContent = ${JSON.stringify(text)};
})()`;
const OWN_QUESTION = `(() => {
  const what = document.querySelector('[data-testid="choice-prompt"] .what[data-was]');
  if (what) { what.textContent = what.dataset.was; delete what.dataset.was; }
})()`;

/** In-page: the prompt's option list filled up to `n` items with clones of its own (marked data-clone); the count it now holds. */
const FILL_OPTIONS = (n: number): string => `(() => {
  const list = document.querySelector('[data-testid="choice-prompt"] ul');
  if (!list) return 0;
  const real = [...list.children];
  for (let i = 0; list.children.length < ${n}; i++) {
    const copy = real[i % real.length].cloneNode(true);
    copy.dataset.clone = 'true';
    for (const b of copy.querySelectorAll('[data-testid="choice-option"]')) {
      b.dataset.key = (b.dataset.key ?? '') + '#' + list.children.length;
      b.classList.remove('on', 'pressed');
      b.setAttribute('aria-pressed', 'false');
    }
    list.append(copy);
  }
  return list.children.length;
})()`;
const REMOVE_CLONES = `document.querySelectorAll('[data-clone]').forEach((el) => el.remove())`;

type Step = 'cards' | 'players' | 'return';

/** The decision kinds a prompt asks about (its question's keys). */
const KINDS = ['steal', 'discardAlly', 'gift', 'recall', 'return', 'insight', 'mask', 'demonChoice'];
/** In-page: the prompt's kind and which step it shows (a card list, a player list). */
const PROMPT_SHOWS = `(() => {
  const prompt = document.querySelector('[data-testid="choice-prompt"]');
  return { kind: prompt?.dataset.kind ?? null, cards: prompt?.querySelector('ul.cards') != null, players: prompt?.querySelector('ul.players') != null };
})()`;

for (const locale of ['hu-HU', 'fr-FR'] as const) {
  test(`the largest prompts of a 6-player game fit ${SIZES_PEOPLE_BRING.map((s) => `${s.width}x${s.height}`).join(', ')} in ${locale}`, async ({ browser }) => {
    if (locale === 'fr-FR' && !process.env['CHRONICLE_SOAK']) {
      console.log('skipped: the largest prompts in French run in npm run test:soak (npm test fills them in Hungarian, the longest language)');
      test.skip(true, 'runs in npm run test:soak');
      return;
    }
    const lang = locale.slice(0, 2);
    const questions = messageTexts(lang, 'decision.');
    const longest = Object.entries(questions)
      .filter(([key]) => KINDS.includes(key))
      .map(([, text]) => text)
      .reduce((a, b) => (b.length > a.length ? b : a));
    const seeds = seedsFor(`prompts-largest-${locale}`, LARGEST_SEEDS[locale] ?? []);
    test.setTimeout(seeds.length * 3 * 60_000);
    for (const seed of seeds) {
      const checked: Record<Step, boolean> = { cards: false, players: false, return: false };
      const checkAtEverySize = async (page: Page, step: Step): Promise<void> => {
        const kind = await page.evaluate<{ kind: string | null; options: number }>(PROMPT_KIND);
        for (const size of SIZES_PEOPLE_BRING) {
          await page.setViewportSize(size);
          // A Return names the cards of the meeting: at most one a seat.
          const held = await page.evaluate<number>(FILL_OPTIONS(step === 'players' ? 5 : step === 'return' ? 6 : 14));
          await page.evaluate(LONGEST_QUESTION(longest));
          // Looked at once settled: where the hand stays beside the prompt (a phone on its side, a
          // laptop), a prompt that outgrows its box has the hand step aside, a frame after the
          // table measures it (ChoicePrompt's onroomless). Looked at sooner, a loaded machine
          // caught the prompt still scrolling in the room it had before.
          await page.evaluate(TWO_FRAMES);
          const problems = await page.evaluate<string[]>(PROMPT_UNREACHABLE);
          const label = `${size.width}x${size.height}`;
          if (problems.length > 0) await page.screenshot({ path: test.info().outputPath(`largest-${step}-${locale}-${label}.png`) });
          if (shotDir) await page.screenshot({ path: `${shotDir}/largest-${seed}-${step}-${label}.png` });
          // On a laptop or a TV, the history row at its tallest too (three history cards in a long language).
          if (size.width >= 1280) {
            await page.evaluate(TALL_TOP);
            const tall = await page.evaluate<string[]>(PROMPT_UNREACHABLE);
            if (tall.length > 0 || shotDir)
              await page.screenshot({
                path: shotDir ? `${shotDir}/largest-${seed}-${step}-${label}-tall-top.png` : test.info().outputPath(`largest-${step}-${locale}-${label}-tall-top.png`),
              });
            await page.evaluate(TOP_BACK);
            problems.push(...tall.map((p) => `with the history row 130 px taller: ${p}`));
          }
          await page.evaluate(REMOVE_CLONES);
          await page.evaluate(OWN_QUESTION);
          expect(problems, `seed ${seed}: the ${kind.kind} prompt's ${step} step filled to ${held} options at ${label}`).toEqual([]);
        }
        await page.setViewportSize(SIZES_PEOPLE_BRING[6]);
        checked[step] = true;
      };
      await withSeededHost(seed, async (url) => {
        const context = await browser.newContext({ locale, viewport: SIZES_PEOPLE_BRING[6], reducedMotion: 'reduce' });
        const page = await context.newPage();
        const errors = pageErrors(page);
        // A game may bring this seat no card step (or no player step): then another game, up to three.
        for (let game = 0; game < 3 && !(checked.cards && checked.players); game++) {
          await startSoloTable(page, url, 6, 'Ann');
          await playMoves(page, {
            beforeMove: async (click) => {
              const shows = await page.evaluate<{ kind: string | null; cards: boolean; players: boolean }>(PROMPT_SHOWS);
              if (click === 'confirm' && shows.cards && shows.kind === 'return' && !checked.return) await checkAtEverySize(page, 'return');
              else if (click === 'confirm' && shows.cards && !checked.cards) await checkAtEverySize(page, 'cards');
              if (click === 'answer' && shows.players && !checked.players) await checkAtEverySize(page, 'players');
              return !(checked.cards && checked.players);
            },
          });
        }
        expect(errors, `seed ${seed}: the page's errors`).toEqual([]);
        await context.close();
      });
      expect({ cards: checked.cards, players: checked.players }, `seed ${seed}: the prompts reached in up to three games`).toEqual({ cards: true, players: true });
      test.info().annotations.push({
        type: 'largest',
        description: `seed ${seed}: card step, player step${checked.return ? ', Return' : ''} checked at ${SIZES_PEOPLE_BRING.length} sizes`,
      });
    }
  });
}

// The round's summary: each seat's Fame row in sight as it opens (with six seats, in Hungarian),
// not below its fold under the scoring steps, on a laptop (1280x800, 1366x768) and on phones
// (upright and on its side),
// at every round's summary of a whole seeded game (random seeds in test:soak, each printed).
// Known gap: on a phone on its side, a round whose seats carry four lines of scoring marks under
// a two-line history row still cuts the last row by up to 12 px (PROMPTS_SEED=
// prompts-summary-hu-HU-c69b8bea, round 1).
const SUMMARY_SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
] as const;

test(`the round summary shows every Fame row at ${SUMMARY_SIZES.map((s) => `${s.width}x${s.height}`).join(', ')} in hu-HU with six seats`, async ({ browser }) => {
  if (!process.env['CHRONICLE_SOAK']) {
    console.log(
      "skipped: every round summary of a whole game runs in npm run test:soak (npm test: every-screen.spec looks at a round summary's and the last round's Fame rows at every size)",
    );
    test.skip(true, 'runs in npm run test:soak');
    return;
  }
  const seeds = seedsFor('prompts-summary-hu-HU', ['prompts-summary-hu-HU']);
  test.setTimeout(seeds.length * 3 * 60_000);
  for (const seed of seeds) {
    await withSeededHost(seed, async (url) => {
      const context = await browser.newContext({ locale: 'hu-HU', viewport: SUMMARY_SIZES[0], reducedMotion: 'reduce' });
      const page = await context.newPage();
      const errors = pageErrors(page);
      await startSoloTable(page, url, 6, 'Ann');
      let summaries = 0;
      await playMoves(page, {
        onSummary: async () => {
          summaries += 1;
          for (const size of SUMMARY_SIZES) {
            await page.setViewportSize(size);
            await page.evaluate(TWO_FRAMES);
            const hidden = await page.evaluate<string[]>(FAME_ROWS_HIDDEN);
            // On a laptop, the history row at its tallest too (three history cards in a long language).
            if (size.width >= 1280) {
              await page.evaluate(TALL_TOP);
              hidden.push(...(await page.evaluate<string[]>(FAME_ROWS_HIDDEN)).map((row) => `with the history row 130 px taller: ${row}`));
              await page.evaluate(TOP_BACK);
            }
            const label = `${size.width}x${size.height}`;
            if (hidden.length > 0 || (shotDir && summaries === 1))
              await page.screenshot({ path: shotDir ? `${shotDir}/summary-6p-hu-${label}.png` : test.info().outputPath(`summary-${summaries}-${label}.png`) });
            expect(hidden, `seed ${seed}: Fame rows of round ${summaries}'s summary out of sight at ${label}`).toEqual([]);
          }
          await page.setViewportSize(SUMMARY_SIZES[0]);
        },
      });
      expect(summaries, `seed ${seed}: round summaries seen`).toBeGreaterThan(1);
      expect(errors, `seed ${seed}: the page's errors`).toEqual([]);
      await context.close();
    });
  }
});
