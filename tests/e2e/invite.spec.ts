// A PIN table's shared link lets friends in without the PIN: the creator's link and QR code
// carry the table's invite secret, and a page opened with that link lands on the table's join
// card and joins at once, while everyone else is asked for the PIN. A friend who types wrong PINs is told how
// long to wait, and that the link lets them in. The creator's page is on the host machine
// (127.0.0.1), the friends' at its LAN address over http, as on a real network: the host and
// the browser run in a network namespace of their own (guest-network.ts; skipped, saying why,
// where namespaces cannot be made).
import { expect, test } from '@playwright/test';
import { GUEST_ADDRESS, guestNetwork } from '../kit/pages/guest-network';
import { createTable, openLivePage } from '../kit/pages/setup';
import { shot } from '../kit/pages/shots';

const net = guestNetwork({ botDelayMs: 0 });

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test('opening a PIN table’s shared link joins it without typing the PIN', async () => {
  const errors: string[] = [];
  const ann = await openLivePage(net.browser, errors, 'Ann: ', net.loopbackUrl);
  await ann.getByTestId('table-pin').fill('4826');
  await createTable(ann, { player: 'Ann', table: 'Secret table', seats: 4 });
  const room = ann.getByTestId('table-room');
  await expect(room).toBeVisible();
  const link = (await room.getByTestId('join-link').getAttribute('href'))!;
  expect(link).toMatch(/\?table=[A-Za-z0-9_-]+#invite=[A-Za-z0-9_-]{43}$/);
  expect(new URL(link).host).toBe(`${GUEST_ADDRESS}:${net.port}`);
  await expect(room.getByTestId('invite-note')).toHaveText('This link lets friends in without the PIN: share it only with them.');
  await shot(ann, 'invite-room-laptop');
  await ann.setViewportSize(PHONE);
  await shot(ann, 'invite-room-phone');

  // Bob opens the link (on his phone): the table's join card, no PIN field, and Join seats him.
  const bob = await openLivePage(net.browser, errors, 'Bob: ', link, { viewport: PHONE });
  const card = bob.getByTestId('join-card');
  await expect(card.getByTestId('invited')).toHaveText('Invited by link: no PIN needed');
  await expect(card.getByTestId('join-card-pin')).toHaveCount(0);
  await card.getByTestId('join-card-name').fill('Bob');
  await shot(bob, 'invite-lobby-phone');
  await bob.setViewportSize(LAPTOP);
  await shot(bob, 'invite-lobby-laptop');
  await card.getByTestId('join-card-join').click();
  await expect(bob.getByTestId('table-room')).toBeVisible();
  await expect(ann.locator('[data-testid="room-seat"][data-kind="human"]')).toHaveCount(2);
  // Bob's own link carries the invite too: he may pass it on.
  expect(await bob.getByTestId('table-room').getByTestId('join-link').getAttribute('href')).toBe(link);

  // Without the invite, the lobby asks for the PIN; wrong ones are refused, then slowed with
  // the wait told and the advice to ask for the link.
  const eve = await openLivePage(net.browser, errors, 'Eve: ', `${net.lanUrl}/?table=${new URL(link).searchParams.get('table')}`);
  const locked = eve.getByTestId('join-card');
  await expect(locked.getByTestId('invited')).toHaveCount(0);
  await locked.getByTestId('join-card-name').fill('Eve');
  for (let i = 0; i < 6; i++) {
    await locked.getByTestId('join-card-pin').fill(String(1000 + i));
    await locked.getByTestId('join-card-join').click();
    await expect(eve.getByTestId('error')).toBeVisible();
    if ((await eve.getByTestId('error').getAttribute('data-code')) === 'TOO_MANY_ATTEMPTS') break;
    await eve.getByTestId('error').getByRole('button').click();
  }
  await expect(eve.getByTestId('error')).toHaveAttribute('data-code', 'TOO_MANY_ATTEMPTS');
  await expect(eve.getByTestId('error')).toContainText(/Try again in \d+ seconds?, or ask a player at the table for its link or QR code/);
  await shot(eve, 'invite-wait-laptop');
  await eve.setViewportSize(PHONE);
  await shot(eve, 'invite-wait-phone');
  expect(errors).toEqual([]);
});
