// A clean restart (Ctrl-C, then start again on the same port and data): the pages come back
// by themselves, say what they are doing meanwhile, and the game goes on.
import { rm } from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import { type RunningHost, startHost } from '../kit/pages/host';
import { RENDERER, createTable, requireBuiltRenderer } from '../kit/pages/setup';

let host: RunningHost | undefined;
let dataDir: string | undefined;

test.beforeAll(requireBuiltRenderer);

test.afterAll(async () => {
  await host?.halt();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** What this page may play or answer now. */
const legalCards = (page: Page) => page.locator('[data-testid="hand-card-legal"][data-legal="true"], [data-testid="choice-option"]');

test('pages reconnect by themselves after a clean restart and play on', async ({ browser }) => {
  test.setTimeout(120_000);
  host = await startHost(RENDERER);
  dataDir = host.dataDir;
  const port = host.port;
  const pages: Page[] = [];
  for (let i = 0; i < 2; i++) pages.push(await (await browser.newContext({ locale: 'en-US' })).newPage());
  const [ada, bob] = pages as [Page, Page];
  await ada.goto(host.url);
  await createTable(ada, { player: 'Ada', table: 'Restart table', seats: 3 });
  await expect(ada.getByTestId('table-room')).toBeVisible();
  await bob.goto(host.url);
  await bob.getByTestId('player-name').fill('Bob');
  await bob.locator('[data-testid="table-row"]').filter({ hasText: 'Restart table' }).getByTestId('join').click();
  await expect(bob.getByTestId('table-room')).toBeVisible();
  await ada.getByTestId('add-bot').click();
  await ada.getByTestId('start').click();
  for (const page of pages) await expect(page.getByTestId('hand')).toBeVisible();

  // Ctrl-C: the host stops cleanly; the pages say they are reconnecting.
  await host.halt('SIGINT');
  for (const page of pages) await expect(page.getByTestId('connection-status')).toHaveText('Connection lost — reconnecting…');
  await ada.waitForTimeout(1500); // the host is down for a while, as a real restart takes

  host = await startHost(RENDERER, { dataDir, port });
  const restarted = Date.now();
  // By themselves, with no reload: they retry at most 2 s apart (lib/connection/socket.ts), so on
  // a quiet machine they are back within 3 s; how long it took is printed, not bounded (a busy
  // machine stretches it).
  for (const page of pages) {
    await expect(page.getByTestId('connection-status')).toHaveText('Connected', { timeout: 30_000 });
    await expect(page.getByTestId('hand')).toBeVisible();
  }
  console.log(`pages back ${Date.now() - restarted} ms after the restart`);

  // The game goes on: whoever must act now can, and the other page sees the move.
  let actor: Page | undefined;
  await expect
    .poll(
      async () => {
        for (const page of pages) if ((await legalCards(page).count()) > 0) actor = page;
        return actor !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const other = actor === ada ? bob : ada;
  const before = (await other.getByTestId('table').getAttribute('data-version')) ?? '';
  await legalCards(actor!).first().click();
  await expect(other.getByTestId('table')).not.toHaveAttribute('data-version', before, { timeout: 10_000 });
  for (const page of pages) await page.context().close();
});
