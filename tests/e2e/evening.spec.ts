// A whole game night at one table: Ann and Bob at laptops (two browser contexts), Cleo on a
// phone (390x844, touch) and a bot at zero delay play three games in a row, Play again twice.
// From the second game the standings so far are beside the game on every page; the evening's
// standings at the last game over are checked against the games' results as the host keeps
// them (its finished-games list). The pages play by real mouse clicks, one look a move
// (moves.ts): about 570 clicks over the three games.
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { io } from 'socket.io-client';
import type { FinishedGame } from '../../src/shared/protocol/archive';
import { createTable, hostForSpec, pageErrors } from '../kit/pages/setup';
import { playMoves } from '../kit/pages/moves';
import { startSoloTable } from '../kit/pages/solo';
import { nextTouchMove, sentIn } from '../kit/pages/touch-turns';

const host = hostForSpec({ botDelayMs: 0 });

/** Each player plays on their own page, at once, as people do, until every page shows the end. */
async function playToTheEnd(pages: readonly Page[]): Promise<void> {
  await Promise.all(pages.map((page) => playMoves(page)));
  for (const page of pages) {
    await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 15_000 });
    // The last round's summary closed, as a player does: on a phone the ranking and the standings wait for it.
    const summary = page.getByTestId('summary-continue');
    if (await summary.isVisible()) await summary.click();
  }
}

/** The host's finished games (this machine asks: no PIN at this table). */
async function finishedGames(url: string): Promise<FinishedGame[]> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  try {
    const reply = (await socket.timeout(5000).emitWithAck('archive:list', {})) as { ok: boolean; games?: FinishedGame[] };
    if (!reply.ok || !reply.games) throw new Error(`archive:list: ${JSON.stringify(reply)}`);
    return reply.games;
  } finally {
    socket.disconnect();
  }
}

test('a game night: three games in a row at one table, Play again twice, and the standings add up', async ({ browser }, testInfo) => {
  // Three whole games through three pages cost some 100 CPU-seconds a game on this project's
  // 2-core machines, most of it the three pages drawing every view (renderers about 55 %, the
  // browser's compositing about 35 %, the test and the host the rest): the game night runs in
  // `npm run test:soak`; npm test keeps its parts (the standings over Play again in
  // tests/main/host/table/evening.test.ts and tests/renderer/components/score/evening-standings.test.ts, each screen's own specs).
  if (!process.env['CHRONICLE_SOAK']) {
    console.log('skipped: the whole game night (three games, three pages) runs in npm run test:soak');
    test.skip(true, 'runs in npm run test:soak');
  }
  test.setTimeout(10 * 60_000);
  const errors: string[] = [];
  const contexts: BrowserContext[] = [];
  const open = async (name: string, options: Parameters<typeof browser.newContext>[0]) => {
    const context = await browser.newContext({ locale: 'en-US', reducedMotion: 'reduce', ...options });
    contexts.push(context);
    const page = await context.newPage();
    pageErrors(page, { prefix: `${name}: `, into: errors });
    return page;
  };
  const ann = await open('Ann', { viewport: { width: 1280, height: 800 } });
  const bob = await open('Bob', { viewport: { width: 1280, height: 800 } });
  const cleo = await open('Cleo', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const pages = [ann, bob, cleo];

  await ann.goto(host.url);
  await expect(ann.getByTestId('connection-status')).toHaveText('Connected');
  await createTable(ann, { player: 'Ann', table: 'Game night', seats: 4 });
  await expect(ann.getByTestId('table-room')).toBeVisible();
  // The table's link lands each guest on its join card, their name typed in, Join pressed.
  const link = `${host.url}/?table=${new URL(ann.url()).searchParams.get('table')}`;
  for (const [page, name] of [
    [bob, 'Bob'],
    [cleo, 'Cleo'],
  ] as const) {
    await page.goto(link);
    const card = page.getByTestId('join-card');
    await card.getByTestId('join-card-name').fill(name);
    await card.getByTestId('join-card-join').click();
    await expect(page.getByTestId('table-room')).toBeVisible();
  }
  await expect(ann.locator('[data-testid="room-seat"][data-kind="human"]')).toHaveCount(3);
  // Novice bots think least: the whole game runs at instant speed.
  await ann.getByTestId('bot-level').locator('input[data-value="novice"]').check();
  await ann.getByTestId('add-bot').first().click();
  await expect(ann.getByTestId('remove-bot')).toHaveCount(1);
  await ann.getByTestId('start').click();

  for (let game = 1; game <= 3; game++) {
    for (const page of pages) await expect(page.getByTestId('table')).toBeVisible();
    // The evening so far is beside the game from the second game on, on the phone too.
    for (const page of pages) await expect(page.getByTestId('evening')).toHaveCount(game === 1 ? 0 : 1);
    if (game > 1) for (const page of pages) await expect(page.getByTestId('evening')).toHaveAttribute('data-games', String(game - 1));
    const started = Date.now();
    await playToTheEnd(pages);
    console.log(`game ${game}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (game === 3) break;
    // Ann plays again: everyone is seated at the new table under the same names.
    const before = new URL(ann.url()).searchParams.get('table');
    await ann.getByTestId('play-again').click();
    for (const page of pages) await expect.poll(() => new URL(page.url()).searchParams.get('table')).not.toBe(before);
    for (const page of pages) await expect(page.getByTestId('game-over')).toHaveCount(0);
    await expect(cleo.locator('[data-testid="seat-panel"]', { hasText: '(you)' })).toContainText('Cleo');
  }

  // The standings at the third game's end, against the host's own results of the three games.
  const games = (await finishedGames(host.url)).filter((g) => g.name === 'Game night');
  expect(games).toHaveLength(3);
  const names = ['Ann', 'Bob', 'Cleo', null];
  const expected = names.map((name, seat) => ({
    name: name ?? '',
    games: '3',
    wins: String(games.filter((g) => g.winners.includes(seat)).length),
    fame: String(games.reduce((sum, g) => sum + g.fame[seat]!, 0)),
  }));
  for (const page of pages) {
    const standings = page.getByTestId('game-over').getByTestId('standings');
    await expect(standings).toHaveAttribute('data-games', '3');
    const rows = await standings.getByTestId('standing').evaluateAll((trs) =>
      trs.map((tr) => ({
        name: tr.getAttribute('data-name') ?? '',
        games: tr.getAttribute('data-games'),
        wins: tr.getAttribute('data-wins'),
        fame: tr.getAttribute('data-fame'),
      })),
    );
    expect([...rows].sort((a, b) => a.name.localeCompare(b.name))).toEqual([...expected].sort((a, b) => a.name.localeCompare(b.name)));
  }
  await ann.getByTestId('standings').scrollIntoViewIfNeeded();
  await ann.screenshot({ path: testInfo.outputPath('standings-game-over-1280.png') });
  await cleo.getByTestId('standings').scrollIntoViewIfNeeded();
  await cleo.screenshot({ path: testInfo.outputPath('standings-game-over-390.png') });
  expect(errors).toEqual([]);
  for (const context of contexts) await context.close();
});

test('a phone that plays again holds nothing of the last game: the DOM nodes alive apart from the page are only the templates', async ({ browser }) => {
  // Three whole 3-player games by touch on one page (some 30 s on this project's machines): it
  // runs with the game night in `npm run test:soak`; npm test keeps the mechanism's component
  // test (game-screen.test.ts, 'leaving the table').
  if (!process.env['CHRONICLE_SOAK']) {
    console.log('skipped: three whole games on a phone run in npm run test:soak');
    test.skip(true, 'runs in npm run test:soak');
  }
  test.setTimeout(5 * 60_000);
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = pageErrors(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  /** DOM nodes alive (Chromium's count, after garbage collection) that are not in the page: detached ones someone still holds. */
  const heldApart = async (): Promise<number> => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const alive = metrics.find((m) => m.name === 'Nodes')?.value ?? NaN;
    const inPage = await page.evaluate<number>('(() => { let n = 1; const w = document.createTreeWalker(document); while (w.nextNode()) n++; return n; })()');
    return alive - inPage;
  };
  await startSoloTable(page, host.url, 3, 'Ann');
  const apart: number[] = [];
  for (let game = 1; game <= 3; game++) {
    await page.getByTestId('table').waitFor();
    await playByTouch(page);
    await expect(page.getByTestId('game-over')).toBeVisible();
    if (game === 3) break;
    await page.getByTestId('play-again').click();
    await expect(page.getByTestId('game-over')).toHaveCount(0);
    await page.getByTestId('table').waitFor();
    apart.push(await heldApart());
  }
  console.log(`DOM nodes alive apart from the page at the start of games 2 and 3: ${apart.join(', ')}`);
  // Apart from the page are the components' templates (Svelte keeps a detached copy of each):
  // 1,334 and 1,339 nodes when this was written. Chromium holding on to a node of the last
  // game's table held that whole table too: 3,015 and 3,100.
  for (const n of apart) expect(n).toBeLessThan(2000);
  expect(errors).toEqual([]);
  await context.close();
});

/** This page's seat played by touch to the game's end (a card: its sheet, then Play). */
async function playByTouch(page: Page): Promise<void> {
  let after: string | null = null;
  for (let step = 0; step < 2000; step++) {
    const look = await nextTouchMove(page, { after });
    if ('over' in look) return;
    if ('timeout' in look) throw new Error(`no move and no new view for 20 s after version ${after}; the turn banner says "${look.shows}"`);
    if ('covered' in look) {
      // Covered prompts on a phone are worked on apart (issue 30): answered in the page here.
      await page.evaluate(
        `(document.querySelector('[data-testid="choice-confirm"]') ?? document.querySelector('[data-testid="choice-option"]') ?? document.querySelector('[data-testid="summary-continue"]'))?.click()`,
      );
      after = null;
      continue;
    }
    await page.touchscreen.tap(look.x, look.y);
    after = sentIn(look.move, look.version);
  }
  throw new Error('the game did not end in 2000 moves');
}
