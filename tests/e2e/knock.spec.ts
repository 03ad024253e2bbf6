// A friend who knows a PIN table's PIN gets in while guessers have locked it: the right PIN is
// refused for a while, the page offers to ask the owner, the owner sees "Dana wants to join"
// in the table room beside the code on Dana's screen and lets her in with one tap.
// The guessers are socket.io clients bound to their own loopback addresses (127.0.7.x).
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { io } from 'socket.io-client';
import { createTable, hostForSpec, openLivePage } from '../kit/pages/setup';
import { startSoloTable } from '../kit/pages/solo';
import { playMoves } from '../kit/pages/moves';

const host = hostForSpec({ seed: 'knock', botDelayMs: 0 });

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };
const TV = { width: 1920, height: 1080 };
const SIZES = { phone: PHONE, laptop: LAPTOP, tv: TV };

/** The page at each size, as a picture (in SCREENSHOT_DIR when set). */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env['SCREENSHOT_DIR'];
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    if (dir) {
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: `${dir}/${name}-${size}.png`, fullPage: true });
    }
  }
}

/** One request from a device of its own (its own loopback address), and its reply. */
async function askFrom(url: string, address: string, event: string, payload: unknown): Promise<{ ok: boolean; code?: string; tables?: { id: string; name: string }[] }> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress: address } as never);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return (await socket.timeout(10_000).emitWithAck(event, payload)) as { ok: boolean; code?: string };
  } finally {
    socket.disconnect();
  }
}
const wrongPin = async (url: string, address: string, tableId: string) => (await askFrom(url, address, 'table:join', { tableId, name: 'Typo', pin: '1111' })).code ?? 'ok';

test('a friend with the right PIN asks to join a table its wrong PINs locked, and the owner lets her in with one tap', async ({ browser }) => {
  test.setTimeout(2 * 60_000);
  const errors: string[] = [];
  const mum = await openLivePage(browser, errors, 'Mum: ', host.url);
  await mum.getByTestId('table-pin').fill('2580');
  await createTable(mum, { player: 'Mum', table: 'Family night', seats: 4 });
  const room = mum.getByTestId('table-room');
  await expect(room).toBeVisible();
  const listed = await askFrom(host.url, '127.0.6.2', 'table:list', null);
  const tableId = listed.tables!.find((t) => t.name === 'Family night')!.id;

  // Twelve devices type one wrong PIN each: the table's bound on wrong PINs is used up.
  const codes: string[] = [];
  for (let i = 0; i < 12; i++) codes.push(await wrongPin(host.url, `127.0.7.${i + 2}`, tableId));
  expect(codes.slice(0, 10)).toEqual(Array(10).fill('WRONG_PIN'));
  expect(codes.slice(10)).toEqual(['TOO_MANY_ATTEMPTS', 'TOO_MANY_ATTEMPTS']);

  // Dana was told the PIN: refused for now, she is offered to ask Mum.
  const dana = await openLivePage(browser, [], 'Dana: ', `${host.url}/?table=${tableId}`, { viewport: PHONE });
  const card = dana.getByTestId('join-card');
  await card.getByTestId('join-card-name').fill('Dana');
  await card.getByTestId('join-card-pin').fill('2580');
  await card.getByTestId('join-card-join').click();
  const knock = dana.getByTestId('knock-card');
  await expect(knock).toHaveAttribute('data-state', 'offer');
  await expect(knock).toContainText('Too many wrong PINs were typed at Family night lately. If you know the PIN, ask Mum to let you in.');
  await dana.getByTestId('error').getByRole('button').click();
  await shots(dana, 'knock-offer');
  await knock.getByTestId('knock-ask').click();
  await expect(knock.getByTestId('knock-waiting')).toHaveText('Waiting for Mum to let you in…');
  const code = (await knock.getByTestId('knock-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}$/);
  await shots(dana, 'knock-waiting');

  // Mum sees her at the door with the code on Dana's screen, and lets her in with one tap.
  const door = room.getByTestId('knock');
  await expect(door).toContainText('Dana wants to join');
  await expect(door).toHaveAttribute('data-code', code);
  await expect(door).toContainText(code);
  await shots(mum, 'knock-door');
  // Look-alikes knock as "Dana" from five other devices: Mum finds hers by the code she reads out.
  for (let i = 0; i < 5; i++) expect((await askFrom(host.url, `127.0.8.${i + 2}`, 'table:knock', { tableId, name: 'Dana' })).ok).toBe(true);
  await expect(room.getByTestId('knock-many')).toContainText('6 people are asking to join');
  await room.getByTestId('knock-find').fill(code.toLowerCase());
  await expect(door).toHaveCount(1);
  await expect(door).toHaveAttribute('data-code', code);
  await shots(mum, 'knock-door-crowded');
  await door.getByTestId('knock-let-in').click();
  await expect(dana.getByTestId('table-room')).toBeVisible();
  await expect(room.locator(`[data-testid="knock"][data-code="${code}"]`)).toHaveCount(0);
  await expect(room.getByTestId('knock-many')).toContainText('5 people are asking to join'); // the look-alikes, still unanswered
  await expect(mum.locator('[data-testid="room-seat"][data-kind="human"]')).toHaveCount(2);
  await expect(dana.getByTestId('table-room')).toContainText('Dana');
  await shots(dana, 'knock-let-in');
  expect(errors).toEqual([]);
});
