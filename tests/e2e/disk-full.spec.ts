// The host's disk fills mid-game (its data folder on a 1 MB filesystem): the move that could not
// be written is refused and nobody sees it; the player's phone and the table's board (a TV)
// both say the game waits; once space is freed the notice goes by itself and the game goes on.
import { expect, test } from '@playwright/test';
import { type RunningHost, startHost } from '../kit/pages/host';
import { RENDERER, pageErrors, requireBuiltRenderer } from '../kit/pages/setup';
import { type SmallDisk, mountSmallDisk } from '../kit/host/small-disk';
import { playMoves } from '../kit/pages/moves';
import { shot } from '../kit/pages/shots';
import { startSoloTable } from '../kit/pages/solo';

let host: RunningHost | undefined;
let disk: SmallDisk | string | undefined;

test.beforeAll(requireBuiltRenderer);

test.afterAll(async () => {
  await host?.halt('SIGKILL');
  if (disk && typeof disk !== 'string') await disk.unmount();
});

const NOTICE = 'The host’s disk is full: the game waits';

test('a full disk: the phone and the board say the game waits, and it goes on by itself once space is freed', async ({ browser }) => {
  test.setTimeout(120_000);
  disk = await mountSmallDisk('1m');
  if (typeof disk === 'string') {
    console.log(`disk-full: skipped: ${disk}`);
    return test.skip();
  }
  const small = disk;
  host = await startHost(RENDERER, { dataDir: small.dir, botDelayMs: 0, seed: 'disk-full' });
  const phone = await (await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 667 }, reducedMotion: 'reduce' })).newPage();
  const errors = pageErrors(phone, { prefix: 'phone: ' });
  await startSoloTable(phone, host.url, 3, 'Ada');
  const tableId = new URL(phone.url()).searchParams.get('table')!;
  const board = await (await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' })).newPage();
  pageErrors(board, { prefix: 'board: ', into: errors });
  await board.goto(`${host.url}/?table=${tableId}&board=1`);
  await expect(board.getByTestId('board')).toHaveAttribute('data-version', /\d+/);

  // The disk fills; the table file's last page still takes a few lines, so Ada plays on until
  // a move (hers or a bot's) does not fit.
  small.fill();
  const played = await playMoves(phone, { watch: { selector: '[data-testid="disk-full"]', seen: async () => false } });
  expect(played.over, 'the game ended before the disk refused a move').toBe(false);
  for (const page of [phone, board]) await expect(page.getByTestId('disk-full')).toHaveText(NOTICE);
  const version = (await phone.getByTestId('table').getAttribute('data-version')) ?? '';
  await expect(board.getByTestId('board')).toHaveAttribute('data-version', version); // nobody saw the refused move
  await shot(phone, 'disk-full-phone-375x667', { fullPage: false });
  await shot(board, 'disk-full-board-1280x800', { fullPage: false });

  small.free();
  for (const page of [phone, board]) await expect(page.getByTestId('disk-full')).toHaveCount(0, { timeout: 10_000 });
  await playMoves(phone, { beforeMove: async () => (await phone.getByTestId('table').getAttribute('data-version')) === version });
  await expect(board.getByTestId('board')).not.toHaveAttribute('data-version', version, { timeout: 10_000 });
  expect(errors).toEqual([]);
  for (const page of [phone, board]) await page.context().close();
});
