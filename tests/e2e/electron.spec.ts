// The desktop app itself, through Playwright's Electron support: it starts offline, a table is set
// up against bots in its window, the table is opened to the LAN from the table room, and a
// Chromium page joins it by the LAN link the window shows; both humans play, and the network is
// closed mid-game with the guest playing on. Where the Electron binary (or a
// display) is missing, it prints one line and is skipped.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

const root = join(import.meta.dirname, '../..');

/** Why the app cannot start here, or null when it can. */
function missing(): string | null {
  const pathFile = join(root, 'node_modules/electron/path.txt');
  if (!existsSync(pathFile))
    return 'the Electron binary was never downloaded into node_modules/electron (node scripts/electron-download.js, or npm start on a desktop, downloads it)';
  if (!existsSync(electronBinary())) return `the Electron binary is missing (${electronBinary()})`;
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) return 'there is no display';
  if (!existsSync(join(root, 'out/main/index.js'))) return 'the app is not built (npm run build)';
  return null;
}
const electronBinary = () => join(root, 'node_modules/electron/dist', readFileSync(join(root, 'node_modules/electron/path.txt'), 'utf8').trim());

test('the desktop app plays against bots, opens the table to the LAN and a browser joins it', async ({ browser }) => {
  const why = missing();
  if (why) console.log(`electron e2e not run: ${why}`);
  test.skip(why !== null, why ?? '');
  test.setTimeout(5 * 60_000);

  const data = await mkdtemp(join(tmpdir(), 'chronicle-electron-e2e-'));
  const app = await electron.launch({
    executablePath: electronBinary(),
    args: [root],
    env: { ...process.env, CHRONICLE_MDNS: 'off', CHRONICLE_DATA: data, CHRONICLE_PORT: '0' },
  });
  try {
    const win = await app.firstWindow();
    expect(new URL(win.url()).hostname).toBe('127.0.0.1'); // offline first: the loopback host
    await win.getByTestId('player-name').fill('Host');
    await win.getByTestId('table-name').fill('Friday');
    await win.getByTestId('seats-4').check();
    await win.getByTestId('create').click();
    await win.getByTestId('add-bot').first().click();
    await win.getByTestId('add-bot').first().click();
    await expect(win.getByTestId('remove-bot')).toHaveCount(2);

    // Open to the network: the QR code's link is the LAN address of the table.
    await expect(win.getByTestId('network-switch')).toHaveAttribute('data-open', 'false');
    await win.getByTestId('open-network').click();
    await expect(win.getByTestId('network-switch')).toHaveAttribute('data-open', 'true');
    const link = (await win.getByTestId('join-link').textContent())!;
    expect(new URL(link).hostname).not.toBe('127.0.0.1');

    const guest = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await guest.goto(link);
    await guest.getByTestId('player-name').fill('Guest');
    await guest.locator('[data-testid="table-row"] [data-testid="join"]').first().click();
    await expect(guest.getByTestId('table-room')).toBeVisible();

    await win.getByTestId('start').click();
    await expect(win.getByTestId('table')).toBeVisible();
    await expect(guest.getByTestId('table')).toBeVisible();
    const playable = (page: typeof win) => page.locator('[data-testid="hand-card-legal"][data-legal="true"], [data-testid="choice-option"]').first();
    // Both humans play whatever they are offered until each has played a card.
    for (const page of [win, guest]) {
      await expect(playable(page)).toBeVisible({ timeout: 60_000 });
      await playable(page).click();
    }

    // Closing the network (from the header, mid-game) refuses new connections; the guest plays on.
    await win.getByTestId('badge-close-network').click();
    await expect(win.getByTestId('network-badge')).toHaveCount(0);
    await expect(fetch(link)).rejects.toThrow();
    await expect(playable(guest)).toBeVisible({ timeout: 60_000 });
    await playable(guest).click();
    await expect(guest.getByTestId('connection-status')).toHaveText('Connected');
  } finally {
    await app.close();
    await rm(data, { recursive: true, force: true });
  }
});
