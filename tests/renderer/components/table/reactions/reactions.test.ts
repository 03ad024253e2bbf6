// Quick reactions on the table and the board, with a fake connection: your seat's smiley opens a
// row of six named reactions (in the page's language), one click sends one and closes the row,
// the keyboard reaches and leaves it without the table's own keys firing; each seat's reaction is
// drawn at that seat (yours too; on the board as well), spectators have no smiley; and screen
// readers hear who reacted, politely and at most once every few seconds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount, tick } from 'svelte';
import GameScreen from '../../../../../src/renderer/src/screens/GameScreen.svelte';
import BoardScreen from '../../../../../src/renderer/src/screens/BoardScreen.svelte';
import { connectionContext } from '../../../../../src/renderer/src/lib/connection/context';
import { i18n } from '../../../../../src/renderer/src/lib/i18n/index.svelte';
import { FakeClient, tableInfo } from '../../../../kit/dom/fake-client.svelte';
import { startGame } from '../../../../kit/game/playout';
import { viewFor } from '../../../../../src/shared/rules/view';
import { clearPage } from '../../../../kit/dom/page';
import { seatOf } from '../../../../../src/shared/ids';

let app: ReturnType<typeof mount> | undefined;
afterEach(() => {
  app = clearPage(app);
  vi.useRealTimers();
});

function atTable(seat: number | null): FakeClient {
  const client = new FakeClient();
  const state = startGame(3);
  client.table = tableInfo(3);
  client.seat = seat === null ? null : seatOf(seat);
  client.view = viewFor(state, client.seat ?? 'spectator');
  app = mount(GameScreen, { target: document.body, props: { view: client.view }, context: connectionContext(client.connection) });
  flushSync();
  return client;
}

const byTestId = (id: string): HTMLElement | null => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const seatPanel = (seat: number): HTMLElement => document.querySelector<HTMLElement>(`[data-testid="seat-panel"][data-seat="${seat}"]`)!;
const key = (target: EventTarget, k: string): void => {
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  flushSync();
};

describe('the reaction picker', () => {
  it('opens from your seat, names every reaction, sends the one clicked and closes', () => {
    const client = atTable(0);
    const opener = byTestId('react-open')!;
    expect(seatPanel(0).contains(opener)).toBe(true);
    // Named by the word shown beside it on a wider screen (a voice user says what they see).
    expect(opener.getAttribute('aria-label')).toBe('React');
    expect(opener.getAttribute('title')).toBe('Send a quick reaction to the table');
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(byTestId('react-row')).toBeNull();
    opener.click();
    flushSync();
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    const row = byTestId('react-row')!;
    expect(row.getAttribute('role')).toBe('toolbar');
    // Each drawn (no emoji font needed) and named.
    const labels = [...row.querySelectorAll('button:not([data-testid="react-close"])')].map((b) => [b.querySelector('svg')?.dataset['icon'], b.getAttribute('aria-label')]);
    expect(labels).toEqual([
      ['nice', 'Nice'],
      ['haha', 'Haha'],
      ['wow', 'Wow'],
      ['ouch', 'Ouch'],
      ['bravo', 'Well played'],
      ['hmm', 'Thinking'],
    ]);
    byTestId('react-bravo')!.click();
    flushSync();
    expect(client.calls.filter((c) => c.method === 'react').map((c) => c.args)).toEqual([['bravo']]);
    expect(byTestId('react-row')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('by keyboard: the row takes the focus, the arrows move along it, Escape closes it; the table keys stay out', async () => {
    const client = atTable(0);
    const opener = byTestId('react-open')!;
    opener.focus();
    opener.click();
    await tick();
    const buttons = [...byTestId('react-row')!.querySelectorAll('button')];
    expect(document.activeElement).toBe(buttons[0]);
    key(document.activeElement!, 'ArrowRight');
    expect(document.activeElement).toBe(buttons[1]);
    key(document.activeElement!, 'ArrowLeft');
    key(document.activeElement!, 'ArrowLeft');
    expect(document.activeElement).toBe(buttons.at(-1));
    // "S" opens the score on the table: not from inside the row.
    key(document.activeElement!, 's');
    expect(byTestId('panel-score')).toBeNull();
    key(document.activeElement!, 'Escape');
    expect(byTestId('react-row')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(client.calls.filter((c) => c.method === 'react')).toEqual([]);
  });

  it('closes unsent by its ×, or by a tap elsewhere', () => {
    const client = atTable(0);
    byTestId('react-open')!.click();
    flushSync();
    expect(byTestId('react-close')!.getAttribute('aria-label')).toBe('Close the reactions');
    byTestId('react-close')!.click();
    flushSync();
    expect(byTestId('react-row')).toBeNull();
    byTestId('react-open')!.click();
    flushSync();
    byTestId('table')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    flushSync();
    expect(byTestId('react-row')).toBeNull();
    expect(client.calls.filter((c) => c.method === 'react')).toEqual([]);
  });

  it('speaks Hungarian and French', async () => {
    atTable(0);
    for (const [lang, open, bravo] of [
      ['hu', 'Reakció', 'Ügyes lépés'],
      ['fr', 'Réagir', 'Bien joué'],
    ] as const) {
      await i18n.set(lang);
      flushSync();
      const opener = byTestId('react-open')!;
      expect(opener.getAttribute('aria-label')).toBe(open);
      if (opener.getAttribute('aria-expanded') === 'false') opener.click();
      flushSync();
      expect(byTestId('react-bravo')!.getAttribute('aria-label')).toBe(bravo);
    }
  });

  it('is not offered to a spectator, who sees the reactions all the same', () => {
    const client = atTable(null);
    expect(byTestId('react-open')).toBeNull();
    client.reactions = [{ id: 1, seat: seatOf(2), reaction: 'hmm' }];
    flushSync();
    expect(seatPanel(2).querySelector<HTMLElement>('[data-testid="reaction-bubble"]')?.dataset['reaction']).toBe('hmm');
  });
});

describe('reactions on show', () => {
  it('each at its own seat, yours too, and gone with the host feed', () => {
    const client = atTable(0);
    client.reactions = [
      { id: 1, seat: seatOf(1), reaction: 'wow' },
      { id: 2, seat: seatOf(0), reaction: 'haha' },
    ];
    flushSync();
    const at = (seat: number) =>
      [...seatPanel(seat).querySelectorAll<HTMLElement>('[data-testid="reaction-bubble"]')].map((b) => [
        b.dataset['reaction'],
        b.querySelector('svg')?.dataset['icon'],
        b.getAttribute('aria-label'),
      ]);
    expect(at(1)).toEqual([['wow', 'wow', 'Wow']]);
    expect(at(0)).toEqual([['haha', 'haha', 'Haha']]);
    expect(at(2)).toEqual([]);
    client.reactions = [];
    flushSync();
    expect(document.querySelectorAll('[data-testid="reaction-bubble"]')).toHaveLength(0);
  });

  it("on the board, at the reacting seat's place", () => {
    const client = new FakeClient();
    client.table = tableInfo(3);
    client.view = viewFor(startGame(3), 'spectator');
    app = mount(BoardScreen, {
      target: document.body,
      props: { origin: 'http://127.0.0.1:1', tableId: 'table-0001', invite: null },
      context: connectionContext(client.connection),
    });
    client.reactions = [{ id: 1, seat: seatOf(2), reaction: 'bravo' }];
    flushSync();
    const seats = [...document.querySelectorAll<HTMLElement>('[data-testid="board-seat"]')];
    expect(seats).toHaveLength(3);
    expect(seats.map((s) => s.querySelector<HTMLElement>('[data-testid="reaction-bubble"]')?.dataset['reaction'] ?? null)).toEqual([null, null, 'bravo']);
    expect(byTestId('reactions-said')!.textContent).toBe('Cyd reacts: Well played');
  });

  it('are said politely, at most once every 2.5 s: those that come meanwhile together, each seat its latest', () => {
    vi.useFakeTimers();
    const client = atTable(0);
    const said = byTestId('reactions-said')!;
    expect(said.getAttribute('aria-live')).toBe('polite');
    expect(said.textContent).toBe('');
    client.reactions = [{ id: 1, seat: seatOf(1), reaction: 'wow' }];
    flushSync();
    expect(said.textContent).toBe('Bob reacts: Wow');
    client.reactions = [{ id: 2, seat: seatOf(1), reaction: 'ouch' }];
    flushSync();
    client.reactions = [
      { id: 3, seat: seatOf(1), reaction: 'haha' },
      { id: 4, seat: seatOf(2), reaction: 'nice' },
    ];
    flushSync();
    expect(said.textContent).toBe('Bob reacts: Wow');
    vi.advanceTimersByTime(2500);
    flushSync();
    expect(said.textContent).toBe('Bob reacts: Haha · Cyd reacts: Nice');
    vi.advanceTimersByTime(5000);
    flushSync();
    expect(said.textContent).toBe('Bob reacts: Haha · Cyd reacts: Nice');
  });
});
