// Quick reactions at a real table: Ann on a 360x740 phone (touch), Bob at a laptop and a bot
// play; a TV board at 1920x1080 watches. Ann's tap on the smiley and on a reaction puts its
// bubble at her seat on her phone, on Bob's laptop and on the board; Bob's reaction shows at his
// seat on Ann's phone. Closed, the smiley covers none of the phone's hand, prompt or turn banner
// and answers a 44-px touch; the bubble does not move where motion is reduced. Each page speaks
// its own language (one rotation of English, Hungarian and French in npm test, the other two in
// test:soak), and the screens are kept as screenshots (SCREENSHOT_DIR) to look at.
import { writeFileSync } from 'node:fs';
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { createTable, hostForSpec, pageErrors } from '../kit/pages/setup';
import { messageTexts } from '../kit/pages/messages';

const host = hostForSpec({ botDelayMs: 0, seed: 'reactions' });

type Locale = 'en-US' | 'hu-HU' | 'fr-FR';
const lang = (locale: Locale): string => locale.slice(0, 2);
/** Phone, laptop, board: each rotation gives every screen another language. */
const ROTATIONS: readonly (readonly [Locale, Locale, Locale])[] = [
  ['en-US', 'fr-FR', 'hu-HU'],
  ['fr-FR', 'hu-HU', 'en-US'],
  ['hu-HU', 'en-US', 'fr-FR'],
];

async function shoot(page: Page, name: string): Promise<void> {
  const body = await page.screenshot();
  await test.info().attach(name, { body, contentType: 'image/png' });
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) writeFileSync(`${dir}/${name}.png`, body);
}

/**
 * What the smiley (or, open, its row) covers of the phone's hand cards, prompt and turn banner;
 * whether it leaves the screen; how many touches 20 px off the smiley's centre (10 px below it:
 * its touch area grows up from its foot) miss it; and the
 * smallest side of each of the row's buttons.
 */
const phoneChecks = (covering: 'react-open' | 'react-row'): string => `(() => {
  const opener = document.querySelector('[data-testid="react-open"]');
  const r = document.querySelector('[data-testid="${covering}"]').getBoundingClientRect();
  const covered = [];
  for (const el of document.querySelectorAll('[data-testid="hand"] [data-card], [data-testid="choice-prompt"], [data-testid="turn-banner"]')) {
    const o = el.getBoundingClientRect();
    if (o.width === 0 || o.height === 0) continue;
    if (r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom) covered.push(el.dataset.testid + ' ' + (el.dataset.card ?? ''));
  }
  const s = opener.getBoundingClientRect();
  const cx = s.left + s.width / 2, cy = s.top + s.height / 2;
  const missed = ${covering === 'react-open'} ? [[0, -20], [0, 10], [-20, 0], [20, 0]].filter(([dx, dy]) => !opener.contains(document.elementFromPoint(cx + dx, cy + dy))).length : 0;
  const buttons = [...document.querySelectorAll('[data-testid="react-row"] button')].map((b) => Math.round(Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height)));
  return { covered, out: r.left < 0 || r.right > innerWidth, missed, buttons };
})()`;
interface PhoneChecks {
  covered: string[];
  out: boolean;
  missed: number;
  buttons: number[];
}

/** An element's CSS animation, in the page (the e2e TypeScript project has no DOM types, hence the local shape). */
const animationOf = (el: unknown): string => (globalThis as unknown as { getComputedStyle(e: unknown): { animationName: string } }).getComputedStyle(el).animationName;

async function opened(browser: Browser, contexts: BrowserContext[], errors: string[], name: string, options: Parameters<Browser['newContext']>[0]): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  const page = await context.newPage();
  pageErrors(page, { prefix: `${name}: `, into: errors });
  return page;
}

for (const [i, [phoneLocale, laptopLocale, boardLocale]] of ROTATIONS.entries()) {
  test(`a phone's reaction shows at its seat on the phone, a laptop and the TV board, and back (phone ${phoneLocale}, laptop ${laptopLocale}, board ${boardLocale})`, async ({
    browser,
  }) => {
    if (i > 0 && !process.env['CHRONICLE_SOAK']) {
      const why = `reactions.spec's rotation ${i + 1} of the languages runs in npm run test:soak`;
      console.log(`skipped: ${why}`);
      test.skip(true, why);
    }
    test.setTimeout(90_000);
    const errors: string[] = [];
    const contexts: BrowserContext[] = [];
    const phone = await opened(browser, contexts, errors, 'phone', {
      locale: phoneLocale,
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      reducedMotion: 'reduce',
    });
    const laptop = await opened(browser, contexts, errors, 'laptop', { locale: laptopLocale, viewport: { width: 1280, height: 800 } });
    const board = await opened(browser, contexts, errors, 'board', { locale: boardLocale, viewport: { width: 1920, height: 1080 }, reducedMotion: 'reduce' });
    const words = { phone: messageTexts(lang(phoneLocale), 'react.'), laptop: messageTexts(lang(laptopLocale), 'react.') };
    expect(words.phone['open']).toBeTruthy();

    await phone.goto(host.url);
    await expect(phone.getByTestId('connection-status')).toHaveAttribute('class', /status-live/);
    await createTable(phone, { player: 'Ann', table: 'Reactions', seats: 3 });
    await expect(phone.getByTestId('table-room')).toBeVisible();
    const tableId = new URL(phone.url()).searchParams.get('table')!;
    await laptop.goto(`${host.url}/?table=${tableId}`);
    await laptop.getByTestId('join-card').getByTestId('join-card-name').fill('Bob');
    await laptop.getByTestId('join-card').getByTestId('join-card-join').click();
    await expect(laptop.getByTestId('table-room')).toBeVisible();
    await phone.getByTestId('bot-level').locator('input[data-value="novice"]').check();
    await phone.getByTestId('add-bot').first().tap();
    await expect(phone.getByTestId('remove-bot')).toHaveCount(1);
    await phone.getByTestId('start').tap();
    await board.goto(`${host.url}/?table=${tableId}&board=1`);
    for (const page of [phone, laptop]) await expect(page.getByTestId('table')).toBeVisible();
    await expect(board.getByTestId('board-seat')).toHaveCount(3);

    // Closed, the smiley is out of the way and easy to touch.
    const opener = phone.getByTestId('react-open');
    await expect(opener).toHaveAttribute('aria-label', words.phone['open']!);
    // The smiley gives the phone's own seat no height: its tightest prompts cannot spare a pixel.
    const seatHeight = (smiley: boolean): Promise<number> =>
      phone.evaluate(`(() => {
        document.querySelector('[data-region="mine"] .reactions').style.display = ${smiley} ? '' : 'none';
        return document.querySelector('[data-region="mine"] [data-testid="seat-panel"]').getBoundingClientRect().height;
      })()`);
    expect(await seatHeight(true)).toBe(await seatHeight(false));
    await seatHeight(true);
    const closed = await phone.evaluate<PhoneChecks>(phoneChecks('react-open'));
    expect(closed, 'the closed smiley on the phone').toEqual({ covered: [], out: false, missed: 0, buttons: [] });
    // Spectators have none; Bob's laptop has his own.
    await expect(board.getByTestId('react-open')).toHaveCount(0);
    await expect(laptop.getByTestId('react-open')).toHaveCount(1);

    // Ann taps the smiley, then Well played: the row closes, the bubble is at her seat everywhere.
    await opener.tap();
    await expect(phone.getByTestId('react-row')).toBeVisible();
    const open = await phone.evaluate<PhoneChecks>(phoneChecks('react-row'));
    expect(open.covered, 'what the open row covers on the phone').toEqual([]);
    expect(open.out, 'the open row past the screen edge').toBe(false);
    expect(open.buttons).toHaveLength(7);
    for (const side of open.buttons) expect(side, 'a reaction button narrower than 44 px').toBeGreaterThanOrEqual(44);
    await expect(phone.getByTestId('react-bravo')).toHaveAttribute('aria-label', words.phone['bravo']!);
    await shoot(phone, `reactions-phone-360x740-row-${lang(phoneLocale)}`);
    await phone.getByTestId('react-bravo').tap();
    await expect(phone.getByTestId('react-row')).toHaveCount(0);
    const annOnPhone = phone.locator('[data-region="mine"] [data-testid="reaction-bubble"]');
    const annOnLaptop = laptop.locator('[data-testid="seat-panel"][data-seat="0"] [data-testid="reaction-bubble"]');
    const annOnBoard = board.getByTestId('board-seat').nth(0).getByTestId('reaction-bubble');
    for (const bubble of [annOnPhone, annOnLaptop, annOnBoard]) await expect(bubble).toHaveAttribute('data-reaction', 'bravo');
    await expect(laptop.getByTestId('reaction-bubble')).toHaveCount(1);
    await expect(board.getByTestId('reaction-bubble')).toHaveCount(1);
    await expect(board.getByTestId('reactions-said')).toContainText('Ann');
    // Reduced motion: the bubble simply appears; elsewhere it pops up.
    expect(await annOnPhone.evaluate(animationOf)).toBe('none');
    expect(await annOnLaptop.evaluate(animationOf)).not.toBe('none');
    // Big enough to read across a room: at least 60 px on the TV.
    expect((await annOnBoard.boundingBox())!.height).toBeGreaterThanOrEqual(60);
    await shoot(phone, `reactions-phone-360x740-${lang(phoneLocale)}`);
    await shoot(laptop, `reactions-laptop-1280x800-${lang(laptopLocale)}`);
    await shoot(board, `reactions-board-1920x1080-${lang(boardLocale)}`);

    // Bob answers from the laptop (a click, then a key): it shows at his seat on Ann's phone.
    await laptop.getByTestId('react-open').click();
    await expect(laptop.getByTestId('react-haha')).toHaveAttribute('aria-label', words.laptop['haha']!);
    await laptop.getByTestId('react-haha').click();
    await expect(phone.locator('[data-testid="seat-panel"][data-seat="1"] [data-testid="reaction-bubble"]')).toHaveAttribute('data-reaction', 'haha');
    await expect(board.getByTestId('board-seat').nth(1).getByTestId('reaction-bubble')).toHaveAttribute('data-reaction', 'haha');
    await shoot(laptop, `reactions-laptop-1280x800-row-${lang(laptopLocale)}`);
    // Gone after its few seconds.
    await expect(board.getByTestId('reaction-bubble')).toHaveCount(0, { timeout: 8000 });

    expect(errors).toEqual([]);
    for (const context of contexts) await context.close();
  });
}
