// The game night of issue 30, scripted, in real pages at a real host inside a network namespace
// of its own (guest-network.ts): guests load the app from the host's LAN address over plain
// http, as phones do; the owner's laptop is the host's own machine (loopback). Ann, the owner,
// makes a 6-seat PIN table (a bot takes a dropped seat after her 30 s: 6 s at this host's pace,
// one table second is 200 ms); Bob (390x844) and Cleo (360x740) join on phones by the invite
// link, Dan on a laptop by the PIN; two Novice bots; a TV board at 1920x1080 from the table's
// Show board link. Game 1: Cleo's phone drops mid-game and comes back with one tap. Play again;
// game 2: Dan leaves mid-game. Play again; game 3 with Bob's phone slowed 4x, each card's play
// timed. Then a Hungarian phone and a French one each play a game of their own. Every page plays
// through its UI (phones by touch, laptops by mouse and keyboard), each decision checked as it
// stands (PROMPT_UNREACHABLE) and each game-over screen (RESULT_HIDDEN). One block prints the
// night's figures: turns and decisions checked, the clipped or covered ones, the time to reach
// the game, the seat back after the drop, the board following Play again, the phone's DOM nodes
// and heap game by game, its tap latency at 4x. The evening's standings are checked against the
// three games' rankings on the owner's screen.
//
// Below it, a phone that plays again holds nothing of the last game.
import { type BrowserContext, type CDPSession, type Page, expect, test } from '@playwright/test';
import { addBots, createTable, hostForSpec, pageErrors } from '../kit/pages/setup';
import { startSoloTable } from '../kit/pages/solo';
import { nextTouchMove, sentIn } from '../kit/pages/touch-turns';
import { guestNetwork } from '../kit/pages/guest-network';
import { type Played, checkedGameOver, playChecked } from '../kit/pages/checked-play';
import { type Weight, quantile, timedSheetPlay, weigh } from '../kit/pages/phone-figures';

const host = hostForSpec({ botDelayMs: 0 });
const SOAK = Boolean(process.env['CHRONICLE_SOAK']);

const LAPTOP = { width: 1280, height: 800 };
const TV = { width: 1920, height: 1080 };
const PIN = '4826';

/** A game's result as the owner's game-over screen ranks it: each seat's Final Fame and whether it won. */
interface Result {
  readonly seat: number;
  readonly fame: number;
  readonly win: boolean;
}
const RESULTS = `[...document.querySelectorAll('[data-testid="ranking"] tbody tr')].map((tr) => ({ seat: Number(tr.dataset.seat), fame: Number(tr.dataset.fame), win: tr.classList.contains('win') }))`;

/** One person's device at the night: its page, how it plays, what it is called in the figures. */
interface Device {
  readonly name: string;
  page: Page;
  readonly context: BrowserContext;
  readonly touch: boolean;
  readonly size: { width: number; height: number };
}

const seatPanel = (page: Page, name: string) => page.locator(`[data-testid="seat-panel"][aria-label="${name}"]`);
const tableOf = (page: Page): string | null => new URL(page.url()).searchParams.get('table');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const describeWeight = (w: Weight, base: Weight | undefined): string =>
  `${w.nodes} DOM nodes${base ? ` (x${(w.nodes / base.nodes).toFixed(2)})` : ''}, ${w.heapMB.toFixed(2)} MB heap after GC${base ? ` (x${(w.heapMB / base.heapMB).toFixed(2)})` : ''}, ${w.listeners} listeners`;

test.describe('the game night', () => {
  const why = 'the scripted game night (three games at a 6-seat table, five pages, then two phones) runs in npm run test:soak';
  if (!SOAK) console.log(`skipped: ${why}`);
  test.skip(!SOAK, why);
  const net = guestNetwork({ botDelayMs: 0, secondMs: 200, seed: 'game-night' });

  test('issue 30’s game night: a PIN table, phones by invite link, a laptop by PIN, a TV board, a drop, Play again twice, a Leave, then Hungarian and French phones, with its figures', async () => {
    test.setTimeout(30 * 60_000);
    const errors: string[] = [];
    // What a player could not see or reach: at a decision (or a control covered in play), and at game over.
    const inPlay: string[] = [];
    const atOver: string[] = [];
    let overs = 0;
    const checked: { who: string; game: string; turns: number; decisions: number }[] = [];
    const figures: string[] = [];
    const results: Result[][] = [];
    const devices: Device[] = [];
    const open = async (name: string, size: { width: number; height: number }, touch: boolean, locale = 'en-US'): Promise<Device> => {
      // Phones tell the story at its normal pace, as the night's phones did (it covered the result there); laptops and the TV at instant speed.
      const context = await net.browser.newContext({ locale, viewport: size, hasTouch: touch, isMobile: touch, reducedMotion: touch ? 'no-preference' : 'reduce' });
      const page = await context.newPage();
      pageErrors(page, { prefix: `${name}: `, into: errors });
      const device = { name, page, context, touch, size };
      devices.push(device);
      return device;
    };
    const label = (d: Device): string => `${d.name} ${d.size.width}x${d.size.height}`;
    let shots = 0;
    const shotPath = (d: Device) => (n: number) => test.info().outputPath(`night-${d.name.toLowerCase()}-${++shots}-${n}.png`);
    /** One device's seat played to the end of its game (or until `beforeMove` stops it), checked as it goes. */
    const play = async (d: Device, game: string, more: Partial<Parameters<typeof playChecked>[1]> = {}): Promise<Played> => {
      const played = await playChecked(d.page, { touch: d.touch, label: `${label(d)}, ${game}`, shotPath: shotPath(d), timeoutMs: 90_000, ...more });
      checked.push({ who: d.name, game, turns: played.turns, decisions: played.decisions });
      inPlay.push(...played.failures);
      return played;
    };
    const over = async (d: Device, game: string): Promise<void> => {
      overs += 1;
      atOver.push(...(await checkedGameOver(d.page, { touch: d.touch, label: `${label(d)}, ${game} over`, shotPath: shotPath(d) })));
    };

    // Ann, the owner, on her laptop: a 6-seat table with a PIN; a bot takes a dropped seat after 30 s.
    const ann = await open('Ann', LAPTOP, false);
    await ann.page.goto(net.loopbackUrl);
    await expect(ann.page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
    await ann.page.getByTestId('table-pin').fill(PIN);
    await createTable(ann.page, { player: 'Ann', table: 'Game night', seats: 6 });
    const room = ann.page.getByTestId('table-room');
    await expect(room).toBeVisible();
    await ann.page.getByTestId('auto-bot').locator('input[data-value="30"]').check();
    await expect(ann.page.getByTestId('auto-bot').locator('input[data-value="30"]')).toBeChecked();
    const link = (await room.getByTestId('join-link').getAttribute('href'))!;
    expect(link, 'the room shares the table on its LAN address, with the invite').toContain(`${net.lanUrl}/?table=`);
    expect(link).toContain('#invite=');

    // Bob and Cleo open the invite link on their phones (the LAN address): the join card, no PIN asked.
    const reach: string[] = [];
    const bob = await open('Bob', { width: 390, height: 844 }, true);
    const cleo = await open('Cleo', { width: 360, height: 740 }, true);
    for (const phone of [bob, cleo]) {
      const started = Date.now();
      await phone.page.goto(link);
      const card = phone.page.getByTestId('join-card');
      await expect(card.getByTestId('invited')).toBeVisible();
      await card.getByTestId('join-card-name').fill(phone.name);
      await card.getByTestId('join-card-join').tap();
      await expect(phone.page.getByTestId('table-room')).toBeVisible();
      reach.push(`${label(phone)} by the invite link ${seconds(Date.now() - started)}`);
    }
    // Dan, on a laptop at the LAN address: the table in the lobby's list, the PIN typed, Join.
    const dan = await open('Dan', LAPTOP, false);
    {
      const started = Date.now();
      await dan.page.goto(net.lanUrl);
      await expect(dan.page.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
      await dan.page.getByTestId('player-name').fill('Dan');
      const row = dan.page.getByTestId('table-row').filter({ hasText: 'Game night' });
      await row.locator('.pin input').fill(PIN);
      await row.getByTestId('join').click();
      await expect(dan.page.getByTestId('table-room')).toBeVisible();
      reach.push(`${label(dan)} by the PIN ${seconds(Date.now() - started)}`);
    }
    await expect(ann.page.locator('[data-testid="room-seat"][data-kind="human"]')).toHaveCount(4);
    await ann.page.getByTestId('bot-level').locator('input[data-value="novice"]').check();
    await addBots(ann.page, 2);

    // The TV: the table's Show board link, opened at the LAN address on a browser holding no seat.
    const boardHref = new URL((await room.getByTestId('show-board').getAttribute('href'))!);
    const tvContext = await net.browser.newContext({ locale: 'en-US', viewport: TV, reducedMotion: 'reduce' });
    const tv = await tvContext.newPage();
    pageErrors(tv, { prefix: 'TV: ', into: errors });
    await tv.goto(`${net.lanUrl}${boardHref.pathname}${boardHref.search}${boardHref.hash}`);
    await expect(tv.getByTestId('board-waiting')).toBeVisible();

    // The phone's weight (Bob's), game by game.
    const bobCdp: CDPSession = await bob.context.newCDPSession(bob.page);
    await bobCdp.send('Performance.enable');
    const weights: { at: string; w: Weight }[] = [{ at: 'in the table room', w: await weigh(bobCdp) }];

    const players = [ann, bob, cleo, dan];
    const startedAt = Date.now();
    await ann.page.getByTestId('start').click();
    await Promise.all(
      players.map(async (d) => {
        await expect(d.page.getByTestId('table')).toBeVisible();
        reach.push(`${d.name}: Start -> the table ${seconds(Date.now() - startedAt)}`);
      }),
    );
    await expect(tv.getByTestId('board-seat')).toHaveCount(6);

    // Game 1. Cleo's phone drops before her third card (its tab closed); a bot takes her seat
    // after the owner's 30 s; she comes back at the LAN address and taps Take your seat back.
    let seatBack = '';
    const cleoGame1 = async (): Promise<void> => {
      const first = await play(cleo, 'game 1, before the drop', { beforeMove: (move, turns) => !(turns >= 2 && move === 'play') });
      expect(first.over, 'Cleo drops before the game ends').toBe(false);
      const dropped = Date.now();
      await cleo.page.close();
      const countdown = await seatPanel(ann.page, 'Cleo').getByTestId('handover-countdown').textContent({ timeout: 10_000 });
      await expect(seatPanel(ann.page, 'Cleo')).toContainText('Bot', { timeout: 30_000 });
      const takenAfter = Date.now() - dropped;
      cleo.page = await cleo.context.newPage();
      pageErrors(cleo.page, { prefix: 'Cleo again: ', into: errors });
      await cleo.page.goto(net.lanUrl);
      const back = cleo.page.getByTestId('take-seat-back');
      await expect(back).toHaveText('Take your seat back');
      const tapped = Date.now();
      await back.tap();
      await expect(seatPanel(cleo.page, 'Cleo')).toContainText('(you)');
      await expect(seatPanel(cleo.page, 'Cleo')).not.toContainText('Bot');
      await expect(cleo.page.getByTestId('hand')).toBeVisible();
      seatBack = `the owner's countdown read "${countdown}" (30 s at 200 ms a second); the bot took the seat ${seconds(takenAfter)} after the drop; one tap on Take your seat back -> her own seat and hand ${seconds(Date.now() - tapped)}`;
      await play(cleo, 'game 1, after the drop');
    };
    await Promise.all([play(ann, 'game 1'), play(bob, 'game 1'), play(dan, 'game 1'), cleoGame1()]);
    for (const d of players) await over(d, 'game 1');
    await expect(tv.getByTestId('board-over')).toBeVisible();
    weights.push({ at: 'game 1 over', w: await weigh(bobCdp) });
    results.push(await ann.page.evaluate<Result[]>(RESULTS));

    /** Ann plays again: every page still at the table and the board follow to the new table (how long each took). */
    const playAgain = async (at: readonly Device[], game: string): Promise<void> => {
      const before = tableOf(ann.page);
      const clicked = Date.now();
      await ann.page.getByTestId('play-again').click();
      const follow = await Promise.all([
        ...at.map(async (d) => {
          await expect.poll(() => tableOf(d.page)).not.toBe(before);
          await expect(d.page.getByTestId('game-over')).toHaveCount(0);
          await expect(d.page.getByTestId('table')).toBeVisible();
          return `${d.name} ${seconds(Date.now() - clicked)}`;
        }),
        (async () => {
          await expect.poll(() => tableOf(tv), { timeout: 20_000 }).toBe(tableOf(ann.page));
          await expect(tv.getByTestId('board-over')).toHaveCount(0);
          await expect(tv.getByTestId('board-seat')).toHaveCount(6);
          return `the TV board ${seconds(Date.now() - clicked)}`;
        })(),
      ]);
      figures.push(`Play again before ${game} -> the new game: ${follow.join(', ')}`);
    };

    // Game 2: Dan leaves before his third card; a bot plays his seat on.
    await playAgain(players, 'game 2');
    const danGame2 = async (): Promise<void> => {
      const first = await play(dan, 'game 2, before leaving', { beforeMove: (move, turns) => !(turns >= 2 && move === 'play') });
      expect(first.over, 'Dan leaves before the game ends').toBe(false);
      await dan.page.getByTestId('leave-game').click();
      await dan.page.getByTestId('leave-confirm').click();
      await expect(dan.page.getByTestId('table')).toHaveCount(0);
      await expect(seatPanel(ann.page, 'Dan')).toContainText('Bot');
    };
    await Promise.all([play(ann, 'game 2'), play(bob, 'game 2'), play(cleo, 'game 2'), danGame2()]);
    const stayed = [ann, bob, cleo];
    for (const d of stayed) await over(d, 'game 2');
    weights.push({ at: 'game 2 over', w: await weigh(bobCdp) });
    results.push(await ann.page.evaluate<Result[]>(RESULTS));

    // Game 3, with Bob's phone slowed 4x (about a mid-range phone): each card's play timed, tap
    // on the sheet's Play -> the card gone from the hand, painted; a bare button's tap before it.
    await playAgain(stayed, 'game 3');
    // Dan, who left game 2, is not taken along: his seat in game 3 is a bot's; what his lobby offers him is told.
    await dan.page.getByTestId('table-row').first().waitFor();
    await dan.page
      .getByTestId('take-seat-back')
      .waitFor({ timeout: 3000 })
      .catch(() => undefined);
    const offered = await dan.page.getByTestId('take-seat-back').count();
    figures.push(
      `Dan, who left game 2, in the lobby when game 3 starts: ${offered > 0 ? `offered "${await dan.page.getByTestId('take-seat-back').first().textContent()}"` : 'no seat offered back'}`,
    );
    const taps: number[] = [];
    const bare: number[] = [];
    await bobCdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await Promise.all([
      play(ann, 'game 3'),
      play(cleo, 'game 3'),
      play(bob, 'game 3, slowed 4x', {
        sheetPlay: async (x, y) => {
          const timed = await timedSheetPlay(bob.page, x, y);
          taps.push(timed.play);
          bare.push(timed.bare);
        },
      }),
    ]);
    await bobCdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    for (const d of stayed) await over(d, 'game 3');
    weights.push({ at: 'game 3 over', w: await weigh(bobCdp) });
    results.push(await ann.page.evaluate<Result[]>(RESULTS));

    // The standings of the evening on each page still at the table, against the three games' results.
    for (const d of stayed) {
      const standings = d.page.getByTestId('game-over').getByTestId('standings');
      await expect(standings).toHaveAttribute('data-games', '3');
      for (const [seat, name] of ['Ann', 'Bob', 'Cleo'].entries()) {
        const row = standings.locator(`[data-testid="standing"][data-name="${name}"]`);
        const of = results.map((r) => r.find((x) => x.seat === seat)!);
        await expect(row, `${name}'s standing on ${d.name}'s page`).toHaveAttribute('data-fame', String(of.reduce((n, x) => n + x.fame, 0)));
        await expect(row, `${name}'s wins on ${d.name}'s page`).toHaveAttribute('data-wins', String(of.filter((x) => x.win).length));
      }
    }

    // Then a Hungarian phone and a French one, each a 4-seat game of its own with three bots.
    const reka = await open('Reka', { width: 390, height: 844 }, true, 'hu-HU');
    const zoe = await open('Zoe', { width: 360, height: 740 }, true, 'fr-FR');
    // The tables made one after the other, so each gets the same seed on every run.
    for (const d of [reka, zoe]) await startSoloTable(d.page, net.lanUrl, 4, d.name);
    await Promise.all(
      [reka, zoe].map(async (d) => {
        await play(d, `a ${d.name === 'Reka' ? 'Hungarian' : 'French'} game`);
        await over(d, `the ${d.name === 'Reka' ? 'Hungarian' : 'French'} game`);
      }),
    );

    // The night's figures, in one block.
    const sum = (k: 'turns' | 'decisions') => checked.reduce((n, c) => n + c[k], 0);
    const ms = (xs: number[]) => `median ${quantile(xs, 0.5).toFixed(0)} ms, p90 ${quantile(xs, 0.9).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms (${xs.length} taps)`;
    const base = weights[1]?.w;
    console.log(
      [
        '── the game night (seed game-night) ──',
        `turns checked: ${sum('turns')} cards played through the UI and ${sum('decisions')} decisions checked as they stood, by page and game: ${checked.map((c) => `${c.who} ${c.game} ${c.turns}/${c.decisions}`).join('; ')}`,
        `clipped or covered at a decision: ${inPlay.length} of ${sum('decisions')}${inPlay.map((f) => `\n  - ${f}`).join('')}`,
        `game-over screens not seen whole or not reachable: ${atOver.length} of ${overs}${atOver.map((f) => `\n  - ${f}`).join('')}`,
        `time to reach the game: ${reach.join('; ')}`,
        `seat back after a drop: ${seatBack}`,
        ...figures,
        `Bob's phone (390x844), weight after GC: ${weights.map(({ at, w }) => `${at}: ${describeWeight(w, at === 'in the table room' ? undefined : base)}`).join('; ')} (ratios to game 1's end)`,
        `Bob's phone slowed 4x, tap on Play -> the card gone from the hand, painted: ${ms(taps)}; a bare button's tap: ${ms(bare)}; ratio median x${(quantile(taps, 0.5) / quantile(bare, 0.5)).toFixed(2)}, p90 x${(quantile(taps, 0.9) / quantile(bare, 0.9)).toFixed(2)}`,
        `page errors: ${errors.length}`,
      ].join('\n'),
    );
    expect([...inPlay, ...atOver], 'what a player could not see or reach').toEqual([]);
    expect(taps.length, 'timed plays on the slowed phone').toBeGreaterThan(0);
    // Dropped tabs and cut connections are the night's script, not the pages' errors.
    expect(errors).toEqual([]);
    await tvContext.close();
    for (const d of devices) await d.context.close();
  });
});

test('a phone that plays again holds nothing of the last game: the DOM nodes alive apart from the page are only the templates', async ({ browser }) => {
  // Three whole 3-player games by touch on one page (some 30 s on this project's machines): it
  // runs with the game night in `npm run test:soak`; npm test keeps the mechanism's component
  // test (game-screen.test.ts, 'leaving the table').
  if (!process.env['CHRONICLE_SOAK']) {
    const why = 'three whole games on a phone run in npm run test:soak';
    console.log(`skipped: ${why}`);
    test.skip(true, why);
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
