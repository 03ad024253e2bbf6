// The table room before the start, as its owner sees it: another player can be removed, a
// bot's level changed (or the bot removed), someone knocking at the door let in or not; nobody
// else gets these controls.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import TableRoom from '../../../src/renderer/src/screens/TableRoom.svelte';
import { connectionContext } from '../../../src/renderer/src/lib/connection/context';
import { FakeClient, tableInfo } from '../../kit/dom/fake-client.svelte';
import { seatOf } from '../../../src/shared/ids';

let app: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (app) void unmount(app);
  app = undefined;
  document.body.innerHTML = '';
});

function room(seat: number): FakeClient {
  const client = new FakeClient();
  const info = tableInfo(3, 'lobby');
  client.table = { ...info, seats: info.seats.map((s) => (s.seat === 1 ? { ...s, kind: 'human', botLevel: null } : s)) };
  client.seat = seatOf(seat);
  app = mount(TableRoom, { target: document.body, props: { origin: 'http://127.0.0.1:7420' }, context: connectionContext(client.connection) });
  flushSync();
  return client;
}

describe('table room', () => {
  it('lets the owner remove another player and change a bot’s level until the start', () => {
    const client = room(0);
    const removes = Array.from(document.querySelectorAll<HTMLButtonElement>('[data-testid="remove-player"]'));
    expect(removes).toHaveLength(1); // Bob; not the owner's own seat, not the bot
    removes[0]!.click();
    const level = document.querySelector<HTMLElement>('[data-testid="seat-level"]')!;
    expect(level.querySelector<HTMLInputElement>('input:checked')?.dataset['value']).toBe('adept');
    level.querySelector<HTMLInputElement>('input[data-value="master"]')!.click();
    expect(client.calls.map((c) => [c.method, ...c.args])).toEqual([
      ['removePlayer', 1],
      ['addBot', 2, 'master'],
    ]);
  });

  it('gives a player who is not the owner none of these controls, and tells them who starts the game', () => {
    const client = room(1);
    expect(document.querySelector('[data-testid="remove-player"]')).toBeNull();
    expect(document.querySelector('[data-testid="seat-level"]')).toBeNull();
    const waiting = () => document.querySelector('[data-testid="room-waiting"]')?.textContent;
    expect(waiting()).toBe('Every seat is taken: Ada starts the game.');
    client.table = { ...client.table!, seats: client.table!.seats.map((s) => (s.seat === 2 ? { ...s, kind: 'free', name: null, botLevel: null } : s)) };
    flushSync();
    expect(waiting()).toBe('Waiting for players: Ada starts the game once every seat has a player or a bot.');
  });

  it('shows the owner a bot’s level once, in its control, with a short Remove', () => {
    room(0);
    const bot = document.querySelectorAll('[data-testid="room-seat"]')[2]!;
    expect(bot.querySelector('.who')?.textContent).toMatch(/⚙ Bot\s*$/);
    const remove = bot.querySelector<HTMLButtonElement>('[data-testid="remove-bot"]')!;
    expect([remove.textContent, remove.getAttribute('aria-label')]).toEqual(['Remove', 'Remove bot']);
    expect(document.querySelector('[data-testid="room-waiting"]')).toBeNull(); // the owner has Start
  });
});

describe('the owner’s seat lent to a bot while they are away', () => {
  it('shows the owner, away, with the bot playing for them, and no controls to remove them', () => {
    const client = new FakeClient();
    const info = tableInfo(3, 'lobby');
    client.table = {
      ...info,
      owner: seatOf(0),
      seats: info.seats.map((s) =>
        s.seat === 0 ? { ...s, kind: 'human', name: 'Ann', connected: false, botPlaying: true, botLevel: 'adept' } : s.seat === 1 ? { ...s, kind: 'human', botLevel: null } : s,
      ),
    };
    client.seat = seatOf(1);
    app = mount(TableRoom, { target: document.body, props: { origin: 'http://127.0.0.1:7420' }, context: connectionContext(client.connection) });
    flushSync();
    const first = document.querySelectorAll('[data-testid="room-seat"]')[0]!;
    expect(first.getAttribute('data-kind')).toBe('human');
    expect(first.textContent).toContain('Ann');
    expect(first.textContent).toContain('⚙ Bot · Adept');
    expect(first.querySelector('button')).toBeNull();
  });
});

describe('filling the table and a dropped seat', () => {
  it('fills every empty seat with bots at the chosen level, and the owner chooses when a bot takes a dropped seat', async () => {
    const client = new FakeClient();
    const info = tableInfo(4, 'lobby');
    client.table = {
      ...info,
      seats: info.seats.map((s) => (s.seat >= 2 ? { ...s, kind: 'free', name: null, botLevel: null } : s.seat === 1 ? { ...s, kind: 'human', botLevel: null } : s)),
    };
    client.seat = seatOf(0);
    app = mount(TableRoom, { target: document.body, props: { origin: 'http://127.0.0.1:7420' }, context: connectionContext(client.connection) });
    flushSync();
    document.querySelector<HTMLInputElement>('[data-testid="bot-level"] input[data-value="master"]')!.click();
    flushSync();
    document.querySelector<HTMLButtonElement>('[data-testid="fill-bots"]')!.click();
    await vi.waitFor(() => expect(client.calls).toHaveLength(2));
    const choice = document.querySelector<HTMLElement>('[data-testid="auto-bot"]')!;
    expect([...choice.querySelectorAll('label')].map((l) => l.textContent?.trim())).toEqual(['30 s', '1 min', '2 min', 'Wait']);
    expect(choice.querySelector<HTMLInputElement>('input:checked')?.dataset['value']).toBe('60');
    choice.querySelector<HTMLInputElement>('input[data-value="null"]')!.click();
    expect(client.calls.map((c) => [c.method, ...c.args])).toEqual([
      ['addBot', 2, 'master'],
      ['addBot', 3, 'master'],
      ['setAutoBot', null],
    ]);
  });

  it('tells the other players what happens to a dropped seat', () => {
    const client = new FakeClient();
    client.table = { ...tableInfo(3, 'lobby'), autoBotAfterS: 120 };
    client.seat = seatOf(1);
    app = mount(TableRoom, { target: document.body, props: { origin: 'http://127.0.0.1:7420' }, context: connectionContext(client.connection) });
    flushSync();
    expect(document.querySelector('[data-testid="auto-bot"]')).toBeNull();
    expect(document.querySelector('[data-testid="auto-bot-note"]')?.textContent).toBe(
      'When a player drops out, a bot takes the seat after 2 min; the player takes it back on return.',
    );
  });

  it('shows the owner who knocks, "Dana wants to join", with Let in and Not now; a guest sees no knocks', () => {
    const client = room(0);
    expect(document.querySelector('[data-testid="knocks"]')).toBeNull();
    client.knocks = [
      { id: 'knock-dana-1', name: 'Dana', code: 'K7MX' },
      { id: 'knock-eve-22', name: 'Eve', code: 'A3CD' },
    ];
    flushSync();
    const rows = Array.from(document.querySelectorAll('[data-testid="knock"]'));
    expect(rows.map((r) => r.querySelector('.who')?.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['Dana wants to join K7MX', 'Eve wants to join A3CD']);
    expect(document.querySelector('[data-testid="knock-find"]')).toBeNull(); // two: no need to search
    rows[0]!.querySelector<HTMLButtonElement>('[data-testid="knock-let-in"]')!.click();
    rows[1]!.querySelector<HTMLButtonElement>('[data-testid="knock-no"]')!.click();
    expect(client.calls.map((c) => [c.method, ...c.args])).toEqual([
      ['answerKnock', 'knock-dana-1', true],
      ['answerKnock', 'knock-eve-22', false],
    ]);
    void unmount(app!);
    const guest = room(1);
    guest.knocks = [{ id: 'knock-dana-1', name: 'Dana', code: 'K7MX' }];
    flushSync();
    expect(document.querySelector('[data-testid="knocks"]')).toBeNull();
  });

  it('with many at the door, the owner finds the real Dana by the code on her screen among look-alikes', () => {
    const client = room(0);
    client.knocks = Array.from({ length: 40 }, (_, i) => ({ id: `knock-fake-${i}`, name: 'Dana', code: `F${String(i).padStart(3, '0')}` }));
    client.knocks = [...client.knocks.slice(0, 20), { id: 'knock-dana-1', name: 'Dana', code: 'K7MX' }, ...client.knocks.slice(20)];
    flushSync();
    expect(document.querySelector('[data-testid="knock-many"]')?.textContent).toBe('41 people are asking to join. Ask your friend for the code on their screen.');
    expect(document.querySelectorAll('[data-testid="knock"]')).toHaveLength(3); // the first few, in the order they came
    const find = document.querySelector<HTMLInputElement>('[data-testid="knock-find"]')!;
    find.value = 'k7m';
    find.dispatchEvent(new Event('input'));
    flushSync();
    const rows = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="knock"]'));
    expect(rows.map((r) => r.dataset['code'])).toEqual(['K7MX']);
    rows[0]!.querySelector<HTMLButtonElement>('[data-testid="knock-let-in"]')!.click();
    expect(client.calls.map((c) => [c.method, ...c.args])).toEqual([['answerKnock', 'knock-dana-1', true]]);
    find.value = 'ZZZZ';
    find.dispatchEvent(new Event('input'));
    flushSync();
    expect(document.querySelector('[data-testid="knock-none"]')?.textContent).toBe('Nobody with that code is waiting.');
  });
});
