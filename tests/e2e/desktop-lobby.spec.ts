// The desktop app's lobby as its window shows it, in real Chromium: the page comes from a real
// host and talks to it over Socket.IO under the app's CSP; the preload bridge is stood in for by
// a script (the Electron binary is not available everywhere; tests/main/shell checks the real one).
// Offline first, opened to the network with the LAN link's QR code, tables found on the network,
// finished games with their records (from the host, as a browser has them), and the table room's switch.
import { expect, test } from '@playwright/test';
import { io } from 'socket.io-client';
import type { FinishedGame } from '../../src/shared/protocol/archive';
import { chronicleReplay } from '../kit/pages/records';
import { hostForSpec, pageErrors } from '../kit/pages/setup';

const host = hostForSpec({ seed: 'desktop-lobby', botDelayMs: 0 });
test.beforeAll(async () => {
  test.setTimeout(2 * 60_000);
  await playedByBots(host.url, 'Sunday');
});

/**
 * A game played to its end on the host by a client of this machine that leaves it to a
 * bot: a table without a PIN, so the host's own machine is shown it.
 */
async function playedByBots(url: string, name: string): Promise<void> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  const ask = async <T>(event: string, payload: unknown): Promise<T> => {
    const reply = (await socket.timeout(5000).emitWithAck(event, payload)) as { ok: boolean } & T;
    if (!reply.ok) throw new Error(`${event}: ${JSON.stringify(reply)}`);
    return reply;
  };
  try {
    const { tableId } = await ask<{ tableId: string }>('table:create', { name, players: 3, playerName: 'Ann' });
    for (const seat of [1, 2]) await ask('table:addBot', { seat });
    await ask('table:start', {});
    await ask('table:leave', {}); // in play, the seat goes to a bot
    await expect.poll(async () => (await ask<{ games: FinishedGame[] }>('archive:list', {})).games.map((g) => g.id), { timeout: 60_000 }).toContain(tableId);
  } finally {
    socket.disconnect();
  }
}

/** The page's window as fakeBridge uses it: this file is type-checked without the DOM. */
declare const window: { bridgeCalls?: unknown[]; chronicle?: unknown; location: { port: string } };

/** A stand-in for the preload bridge; its calls are recorded in `window.bridgeCalls`. Runs in the page. */
function fakeBridge(): void {
  const calls: unknown[] = [];
  window.bridgeCalls = calls;
  const off = { state: 'off', renamed: [] as string[], hostNames: [] as string[] };
  let state = { open: false, urls: [] as string[], always: false, advertising: off };
  let listener: ((t: unknown[]) => void) | null = null;
  let stateListener: ((s: unknown) => void) | null = null;
  window.chronicle = {
    appInfo: () => Promise.resolve({ name: 'Chronicle', version: '0.1.0', versions: { electron: '45.5.0', chrome: '140', node: '22' } }),
    onNetworkTables: (l: (t: unknown[]) => void) => ((listener = l), () => (listener = null)),
    findNetworkTables: () => {
      calls.push('find');
      // One table a host answered for, and one only an mDNS announcement names (nothing answers at its address).
      const tables = [
        { name: 'Friday at Bea’s', url: 'http://192.168.1.31:7420/t/abcDEF123456', freeSeats: 2, seats: 4, verified: true },
        { name: 'Free drinks', url: 'http://192.168.1.66:7420/t/freeDrinks1', freeSeats: 4, seats: 4, verified: false },
      ];
      setTimeout(() => listener?.(tables), 50);
    },
    networkState: () => Promise.resolve(state),
    onNetworkState: (l: (s: unknown) => void) => ((stateListener = l), () => (stateListener = null)),
    setNetwork: (change: { open: boolean; always?: boolean }) => {
      calls.push(change);
      const probing = { state: 'probing', renamed: [] as string[], hostNames: [] as string[] };
      state = {
        open: change.open,
        urls: change.open ? [`http://192.168.1.20:${window.location.port}`] : [],
        always: change.always ?? state.always,
        advertising: change.open ? probing : off,
      };
      // As the host's advertiser would: a device on the network answered for the first name.
      if (change.open) {
        setTimeout(() => {
          if (!state.open) return;
          const renamed = { state: 'renamed', renamed: ['Chronicle (4be2c1) (2)', 'chronicle-4be2c1-2.local'], hostNames: ['chronicle-4be2c1-2.local'] };
          state = { ...state, advertising: renamed };
          stateListener?.(state);
        }, 300);
      }
      return Promise.resolve(state);
    },
  };
}

test('the desktop lobby plays offline, opens to the network, finds tables and lists finished games', async ({ page }) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(fakeBridge);
  await page.goto(host.url);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected'); // CSP connect-src 'self' lets it talk to its host

  const network = page.getByTestId('network-switch').first();
  await expect(network).toHaveAttribute('data-open', 'false');
  await expect(network).toContainText('Playing offline');
  // The window sits on the host's machine: it is shown the game although it never held a seat there.
  const finished = page.getByTestId('finished-game');
  await expect(finished).toHaveCount(1);
  await expect(finished).toContainText('Sunday');
  await expect(finished).toContainText(/Won by /);
  if (process.env['SCREENSHOT_DIR']) await page.screenshot({ path: `${process.env['SCREENSHOT_DIR']}/desktop-lobby-offline.png`, fullPage: true });

  await page.getByTestId('open-network').click();
  await expect(network).toHaveAttribute('data-open', 'true');
  await expect(page.getByTestId('join-link')).toHaveText(`http://192.168.1.20:${host.port}`);
  await expect(page.getByTestId('network-badge')).toContainText('Open to the network');
  // Whether devices on the network can find the tables, as the host says it (probing, then renamed).
  const advertising = page.getByTestId('advertising-status');
  await expect(advertising).toHaveAttribute('data-state', 'renamed');
  await expect(advertising).toContainText('announced as “Chronicle (4be2c1) (2)”');
  await page.getByTestId('find-tables').click();
  await expect(page.getByTestId('network-table')).toHaveText(['Friday at Bea’s', 'Free drinks not verified']);
  await expect(page.getByRole('link', { name: 'Friday at Bea’s' })).toHaveAttribute('href', 'http://192.168.1.31:7420/t/abcDEF123456');
  await expect(page.getByRole('link', { name: /Free drinks/ })).toHaveCount(0);
  await expect(page.getByTestId('unverified-note')).toContainText('no Chronicle host answers for this table');
  // Export saves the host's record as a file; it replays to the game's end.
  const [download] = await Promise.all([page.waitForEvent('download'), finished.getByTestId('export-finished').click()]);
  expect(download.suggestedFilename()).toMatch(/^sunday-\d{4}-\d{2}-\d{2}\.chronicle\.json$/);
  expect(chronicleReplay(await download.path())).toMatchObject({ ok: true, over: true });
  if (process.env['SCREENSHOT_DIR']) await page.screenshot({ path: `${process.env['SCREENSHOT_DIR']}/desktop-lobby-open.png`, fullPage: true });

  // The table room links to the table on the LAN address.
  await page.getByTestId('player-name').fill('Ann');
  await page.getByTestId('table-name').fill('Friday');
  await page.getByTestId('create').click();
  await expect(page.getByTestId('table-room')).toBeVisible();
  await expect(page.getByTestId('join-link')).toHaveText(new RegExp(`^http://192\\.168\\.1\\.20:${host.port}/\\?table=`));
  if (process.env['SCREENSHOT_DIR']) await page.screenshot({ path: `${process.env['SCREENSHOT_DIR']}/desktop-table-room-open.png`, fullPage: true });
  await page.getByTestId('close-network').click();
  await expect(page.getByTestId('network-switch')).toHaveAttribute('data-open', 'false');
  await expect(page.getByTestId('network-badge')).toHaveCount(0);

  expect(await page.evaluate('window.bridgeCalls')).toEqual([{ open: true, always: false }, 'find', { open: false, always: false }]);
  expect(errors).toEqual([]);
});

test('the desktop lobby opens a finished game in the replay viewer with its players’ names', async ({ page }) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(fakeBridge);
  await page.goto(host.url);
  await page.getByTestId('finished-game').getByTestId('replay-finished').click();
  await expect(page.getByTestId('replay')).toBeVisible();
  await expect(page.getByTestId('replay-seat').first()).toContainText('Ann');
  expect(errors).toEqual([]);
});

test('the lobby says where its tables are announced after a rename, at phone and laptop sizes', async ({ page }) => {
  const errors = pageErrors(page);
  await page.addInitScript(fakeBridge);
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(host.url);
    await page.getByTestId('open-network').click();
    const advertising = page.getByTestId('advertising-status');
    await expect(advertising).toHaveAttribute('data-state', 'renamed');
    await advertising.scrollIntoViewIfNeeded();
    // The whole line is on screen, inside the page's width.
    const box = await advertising.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    if (process.env['SCREENSHOT_DIR']) await page.screenshot({ path: `${process.env['SCREENSHOT_DIR']}/lobby-advertising-renamed-${width}x${height}.png` });
  }
  expect(errors).toEqual([]);
});
