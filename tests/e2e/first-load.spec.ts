// The lobby's first load (out/renderer, from `npm run build`): it fetches the chosen language's
// messages and no other's, shows that language from its first render (no flash of English),
// and brings neither zod nor the parts loaded on first use (the guide, the help's rulings).
// bench/first-load.ts measures its size and speed; this checks what it is made of.
import { expect, test, type Page } from '@playwright/test';
import { servedBuild } from '../kit/pages/static-build';

const built = servedBuild();

/** Chooses `lang` before the page runs, and records the title's text as it is first rendered. */
async function openIn(page: Page, lang: string): Promise<Map<string, Promise<string>>> {
  await page.addInitScript(`
    localStorage.setItem('chronicle.lang', ${JSON.stringify(lang)});
    new MutationObserver((_, observer) => {
      const h1 = document.querySelector('h1');
      if (h1 && h1.textContent) { window.firstTitle = h1.textContent; observer.disconnect(); }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  `);
  // Named as soon as the response comes, its text read later: a name set only after awaiting the
  // body could be missing when the test looks.
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(
      new URL(response.url()).pathname.split('/').pop()!,
      response.text().catch(() => ''),
    );
  });
  await page.goto(built());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Let anything fetched right after the first render arrive before judging.
  await page.waitForLoadState('networkidle');
  return scripts;
}

const chunk = (names: Iterable<string>, prefix: string) => [...names].filter((n) => n.startsWith(`${prefix}-`));

test('the lobby in Hungarian fetches only the Hungarian messages and shows them from the first render', async ({ page }) => {
  const scripts = await openIn(page, 'hu');
  expect(await page.evaluate('window.firstTitle')).toBe('Krónika');
  await expect(page.getByTestId('start-tutorial')).toHaveText('Vezetett forduló indítása');
  expect(chunk(scripts.keys(), 'hu')).toHaveLength(1);
  expect([...chunk(scripts.keys(), 'en'), ...chunk(scripts.keys(), 'fr')]).toEqual([]);
});

test('another language is fetched when chosen', async ({ page }) => {
  const scripts = await openIn(page, 'en');
  expect(await page.evaluate('window.firstTitle')).toBe('Chronicle');
  expect(chunk(scripts.keys(), 'fr')).toEqual([]);
  await page.getByTestId('language').selectOption('fr');
  await expect(page.getByTestId('start-tutorial')).toHaveText('Lancer la manche guidée');
  // The response event reaches the test on its own channel, which may be after the text changed.
  await expect.poll(() => chunk(scripts.keys(), 'fr')).toHaveLength(1);
});

test('no zod, no guide and no rulings in the first load', async ({ page }) => {
  const scripts = await openIn(page, 'en');
  // `jitless` is a setting of zod's core: a property name, so minifying keeps it.
  const texts = await Promise.all([...scripts].map(async ([name, text]) => [name, await text] as const));
  expect(texts.filter(([, text]) => text.includes('jitless')).map(([name]) => name)).toEqual([]);
  expect([...chunk(scripts.keys(), 'tutorial.svelte'), ...chunk(scripts.keys(), 'rulings')]).toEqual([]);
});

test('the scripts the page names ask V8 to compile them as they arrive; the chunks fetched later do not', async ({ page }) => {
  const scripts = await openIn(page, 'en');
  const named = await page
    .locator('script[src], link[rel="modulepreload"]')
    .evaluateAll((elements) => elements.map((e) => (e.getAttribute('src') ?? e.getAttribute('href') ?? '').split('/').pop() ?? ''));
  expect(named.length).toBeGreaterThan(1);
  const hinted = async (name: string) => (await scripts.get(name))!.startsWith('//# allFunctionsCalledOnLoad\n'); // COMPILE_HINT, electron.vite.config.ts
  for (const name of named) expect(await hinted(name), name).toBe(true);
  const later = [...scripts.keys()].filter((name) => !named.includes(name));
  expect(later.length).toBeGreaterThan(0); // the language's messages, the QR encoder
  for (const name of later) expect(await hinted(name), name).toBe(false);
});
