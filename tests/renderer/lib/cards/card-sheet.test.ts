// One card sheet for every card on the table: a click (a tap, or Enter on the focused button)
// on a history card, a card in the meeting, a seat's allies, the discard pile's top card or a
// card Insight showed opens that card's full text; a hand card tapped on a touch screen opens it
// with its Play button.
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import type { GameState } from '../../../../src/shared/rules';
import defaultSet from '../../../../src/shared/rules/card-set/default-set.json';
import GameScreen from '../../../../src/renderer/src/screens/GameScreen.svelte';
import { connectionContext } from '../../../../src/renderer/src/lib/connection/context';
import { FakeClient, tableInfo } from '../../../kit/dom/fake-client.svelte';
import { playUntil } from '../../../kit/game/playout';
import { viewFor } from '../../../../src/shared/rules/view';
import { clearPage } from '../../../kit/dom/page';
import { seatOf } from '../../../../src/shared/ids';

let app: ReturnType<typeof mount> | undefined;
afterEach(() => (app = clearPage(app)));

function show(state: GameState, seat: number): FakeClient {
  const client = new FakeClient();
  client.table = tableInfo(state.players);
  client.seat = seatOf(seat);
  client.view = viewFor(state, seatOf(seat));
  app = mount(GameScreen, { target: document.body, props: { view: client.view }, context: connectionContext(client.connection) });
  flushSync();
  return client;
}

const norm = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const textOf = (id: string): string => defaultSet.characters.find((c) => c.id === id)!.text.en;
const sheet = (testid = 'card-sheet'): HTMLElement | null => document.querySelector<HTMLElement>(`[data-testid="${testid}"]`);

/** Clicks `el`, reads the sheet it opened, closes it; the sheet's text. */
function open(el: HTMLElement | null | undefined, testid = 'card-sheet'): string {
  expect(el, 'the card to open').toBeTruthy();
  expect(sheet(testid)).toBeNull();
  el!.click();
  flushSync();
  const opened = sheet(testid);
  expect(opened, `${testid} opened`).not.toBeNull();
  const text = norm(opened!.textContent);
  opened!.querySelector<HTMLElement>('button[aria-label="Close"]')!.click();
  flushSync();
  expect(sheet(testid)).toBeNull();
  return text;
}

/** A table with a face-up card in the meeting, allies for the seat to play and a discard pile. */
const busy = (s: GameState): boolean =>
  !s.pending && s.meeting.plays.some((p) => !p.faceDown) && s.discard.length > 0 && s.allies.some((a) => a.length > 1) && s.meeting.plays.length < s.players;
const decider = (s: GameState): number => (s.meeting.leader + s.meeting.plays.length) % s.players;
/** Found once for the tests that read it: the search through playouts is the slow part. */
let busyState: GameState | undefined;
const busyTable = (): GameState => (busyState ??= playUntil(4, busy));
/** Tests that search playouts for their table: about a second on an idle machine, many on a loaded one. */
const SEARCHING = 20_000;

describe('the card sheet', () => {
  it(
    'opens every history card in full from the table',
    () => {
      const state = busyTable();
      show(state, decider(state));
      const cards = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="history-card"]'));
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        const h = defaultSet.history.find((x) => x.id === card.dataset['history'])!;
        expect(card.tagName).toBe('BUTTON');
        expect(open(card)).toContain(h.text.en);
      }
    },
    SEARCHING,
  );

  it(
    'opens a card of the meeting, the discard pile’s top card and a seat’s allies',
    () => {
      const state = busyTable();
      show(state, decider(state));
      const played = document.querySelector<HTMLElement>('[data-testid="meeting"] button[data-card]');
      expect(open(played)).toContain(textOf(played!.dataset['card']!));
      const top = document.querySelector<HTMLElement>('[data-testid="discard"] button[data-card]');
      expect(top?.dataset['card']).toBe(state.discard.at(-1));
      expect(open(top)).toContain(textOf(top!.dataset['card']!));
      const button = document.querySelector<HTMLElement>('[data-testid="ally-stacks"]:not([disabled])');
      const text = open(button, 'panel-allies');
      const shown = state.allies.find((a) => a.every((id) => text.includes(textOf(id))));
      expect(shown, 'every ally of the seat opened, in full').toBeTruthy();
    },
    SEARCHING,
  );

  it(
    'opens a card Insight showed',
    () => {
      const state = playUntil(4, (s) => s.insights.some((i) => i !== null && i.cards.length > 0) && !s.pending);
      const seat = state.insights.findIndex((i) => i !== null && i.cards.length > 0);
      show(state, seat);
      const card = document.querySelector<HTMLElement>('[data-testid="insight"] button[data-card]');
      expect(open(card)).toContain(textOf(card!.dataset['card']!));
    },
    SEARCHING,
  );

  it(
    'opens a card of the last meeting from its panel, over the panel, which stays open behind it',
    () => {
      const state = playUntil(4, (s) => s.lastMeeting !== null && s.lastMeeting.plays.some((p) => !p.faceDown));
      show(state, 0);
      document.querySelector<HTMLElement>('[data-testid="open-last"]')!.click();
      flushSync();
      const card = document.querySelector<HTMLElement>('[data-testid="panel-last"] button[data-card]');
      const sheetText = open(card);
      expect(sheetText).toContain(textOf(card!.dataset['card']!));
      expect(sheet('panel-last'), 'the last meeting is still open').not.toBeNull();
      card!.click();
      flushSync();
      // The sheet is drawn above the panel it was opened from (both are fixed layers).
      expect(sheet()!.closest('.backdrop')!.classList.contains('over')).toBe(true);
      expect(sheet('panel-last')!.closest('.backdrop')!.classList.contains('over')).toBe(false);
    },
    SEARCHING,
  );

  it('opens a hand card tapped on a touch screen with its Play button, and plays it from there', () => {
    const state = playUntil(4, (s) => !s.pending && s.meeting.plays.length === 0);
    const client = show(state, decider(state));
    const legal = document.querySelector<HTMLElement>('[data-testid="hand"] [data-legal="true"]')!;
    legal.closest('ul')!.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true }));
    legal.click();
    flushSync();
    expect(norm(sheet()?.textContent)).toContain(textOf(legal.dataset['card']!));
    sheet()!.querySelector<HTMLElement>('[data-testid="sheet-play"]')!.click();
    flushSync();
    expect(client.acts).toEqual([{ play: legal.dataset['card'] }]);
    expect(sheet()).toBeNull();
  });
});
