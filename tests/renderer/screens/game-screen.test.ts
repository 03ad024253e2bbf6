// The game screen on real engine views with a fake connection: legal cards highlighted (and
// only they), clicks send exactly the legal intent, decision prompts list exactly the legal
// answers, and a card played face down by someone else leaves no trace of its identity.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import type { GameState } from '../../../src/shared/rules';
import defaultSet from '../../../src/shared/rules/card-set/default-set.json';
import GameScreen from '../../../src/renderer/src/screens/GameScreen.svelte';
import { connectionContext } from '../../../src/renderer/src/lib/connection/context';
import { i18n } from '../../../src/renderer/src/lib/i18n/index.svelte';
import { FakeClient, tableInfo } from '../../kit/dom/fake-client.svelte';
import { playUntil, startGame } from '../../kit/game/playout';
import { meetingEnded, roundScored } from '../../kit/game/events';
import { type VisibleEvent, viewFor } from '../../../src/shared/rules/view';
import { clearPage } from '../../kit/dom/page';
import { systemReducesMotion } from '../../kit/dom/reduced-motion';
import { pacing } from '../../../src/renderer/src/lib/story/speed.svelte';
import { cardIdOf, seatOf } from '../../../src/shared/ids';

let app: ReturnType<typeof mount> | undefined;

function show(state: GameState, seat: number | null): FakeClient {
  const client = new FakeClient();
  client.table = tableInfo(state.players);
  client.seat = seat === null ? null : seatOf(seat);
  client.view = viewFor(state, client.seat ?? 'spectator');
  app = mount(GameScreen, { target: document.body, props: { view: client.view }, context: connectionContext(client.connection) });
  flushSync();
  return client;
}

const all = (selector: string): HTMLElement[] => Array.from(document.querySelectorAll<HTMLElement>(selector));
const decider = (s: GameState): number => (s.pending ? s.pending.seat : (s.meeting.leader + s.meeting.plays.length) % s.players);

afterEach(() => (app = clearPage(app)));

describe('hand', () => {
  it('highlights exactly the legal cards of the seat to play, and dims the others', () => {
    const state = playUntil(4, (s) => !s.pending && s.meeting.plays.length === 1);
    const seat = decider(state);
    const view = viewFor(state, seatOf(seat));
    show(state, seat);
    const legal = new Set(view.legalActions.flatMap((a) => ('play' in a ? [a.play] : [])));
    const highlighted = all('[data-testid="hand"] [data-legal="true"]').map((e) => e.dataset['card']);
    expect(new Set(highlighted)).toEqual(legal);
    const dimmed = all('[data-testid="hand"] button.dimmed').map((e) => e.dataset['card']);
    expect(dimmed.length + highlighted.length).toBe(view.hand!.length);
    for (const id of dimmed) expect(legal.has(cardIdOf(id!))).toBe(false);
  });

  it('sends the legal play of a clicked card, and nothing for a dimmed one', () => {
    const state = startGame(3);
    const seat = decider(state);
    const client = show(state, seat);
    const dimmed = all('[data-testid="hand"] button.dimmed')[0];
    dimmed?.click();
    expect(client.acts).toEqual([]);
    const card = all('[data-testid="hand"] [data-legal="true"]')[0]!;
    card.click();
    expect(client.acts).toEqual([{ play: card.dataset['card'] }]);
  });

  it('takes a played card out of the hand at once, before the host answers, and back if the host refuses it', async () => {
    const state = startGame(3);
    const seat = decider(state);
    const client = show(state, seat);
    const inHand = () => all('[data-testid="hand"] [data-card]').map((e) => e.dataset['card']);
    const before = inHand();
    const card = all('[data-testid="hand"] [data-legal="true"]')[0]!.dataset['card']!;
    // The host has not answered yet (no new view): the card is already gone, the rest stay.
    let answer: (sent: boolean) => void = () => {};
    client.act = (action) => {
      client.calls.push({ method: 'act', args: [action] });
      return new Promise<boolean>((resolve) => (answer = resolve));
    };
    all(`[data-testid="hand"] [data-card="${card}"]`)[0]!.click();
    flushSync();
    expect(client.acts).toEqual([{ play: card }]);
    expect(inHand()).toEqual(before.filter((c) => c !== card));
    // Refused (a lost connection, a stale view): the card is back where it was.
    answer(false);
    await Promise.resolve();
    flushSync();
    expect(inHand()).toEqual(before);
  });

  it("says why a dimmed card cannot be played, in the words of the view's reason", () => {
    i18n.set('en');
    // The seat to play holds the lead suit: its other cards must wait (ruling 2).
    const state = playUntil(4, (s) => {
      if (s.pending || s.meeting.plays.length !== 1 || s.meeting.leadSuit === null) return false;
      return Object.values(viewFor(s, seatOf(decider(s))).unplayable).includes('MUST_FOLLOW_SUIT');
    });
    const seat = decider(state);
    show(state, seat);
    const view = viewFor(state, seatOf(seat));
    const id = Object.keys(view.unplayable)[0]!;
    document.querySelector<HTMLElement>(`[data-testid="hand"] [data-card="${id}"]`)!.click();
    flushSync();
    const reason = document.querySelector('[data-testid="play-reason"]')!.textContent;
    expect(reason).toMatch(/cannot be played: you hold .+, the lead suit, and must follow it/);
    // Another seat's cards wait for their turn.
    app = clearPage(app);
    const other = (seat + 1) % 4;
    show(state, other);
    const card = state.hands[other]![0]!;
    document.querySelector<HTMLElement>(`[data-testid="hand"] [data-card="${card}"]`)!.click();
    flushSync();
    expect(document.querySelector('[data-testid="play-reason"]')!.textContent).toMatch(/cannot be played now: it is not your turn\./);
  });

  it('plays the card numbered by a key press', () => {
    const state = startGame(3);
    const client = show(state, decider(state));
    const first = all('[data-testid="hand"] [data-legal="true"]')[0]!;
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    expect(client.acts).toEqual([{ play: first.dataset['card'] }]);
  });

  it('plays nothing while your last move is on its way: no click, no key, no raised card, then plays again once it is answered', () => {
    const state = startGame(3);
    const client = show(state, decider(state));
    const first = all('[data-testid="hand"] [data-legal="true"]')[0]!.dataset['card']!;
    client.busy = true;
    flushSync();
    expect(all('[data-testid="hand"] [data-legal="true"]')).toEqual([]);
    document.querySelector<HTMLElement>(`[data-testid="hand"] [data-card="${first}"]`)!.click();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    flushSync();
    expect(client.acts, 'a card of an inactive hand plays').toEqual([]);
    client.busy = false;
    flushSync();
    document.querySelector<HTMLElement>(`[data-testid="hand"] [data-card="${first}"]`)!.click();
    expect(client.acts).toEqual([{ play: first }]);
  });

  it('gives each key to one part of the table: a panel open over it takes the numbers from the hand', () => {
    const state = startGame(3);
    const client = show(state, decider(state));
    const first = all('[data-testid="hand"] [data-legal="true"]')[0]!;
    const press = (key: string): void => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key }));
      flushSync();
    };
    press('?');
    expect(document.querySelector('[data-testid="panel-help"]')).not.toBeNull();
    press('1');
    expect(client.acts, 'the hand waits under the panel').toEqual([]);
    press('Escape');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    const typed = new KeyboardEvent('keydown', { key: '1', ctrlKey: true, cancelable: true });
    window.dispatchEvent(typed);
    expect(client.acts, 'a key with Ctrl is not the game’s').toEqual([]);
    expect(typed.defaultPrevented).toBe(false);
    press('1');
    expect(client.acts).toEqual([{ play: first.dataset['card'] }]);
  });

  it('shows no playable card to a seat that is not acting', () => {
    const state = startGame(3);
    const other = (decider(state) + 1) % 3;
    const client = show(state, other);
    expect(all('[data-legal="true"]')).toEqual([]);
    all('[data-testid="hand"] button')[0]?.click();
    expect(client.acts).toEqual([]);
  });
});

function confirm(): void {
  (document.querySelector('[data-testid="choice-confirm"]') as HTMLElement).click();
}

describe('the story over the meeting', () => {
  it('at instant speed tells the last meeting, then leaves the meeting to be seen after a moment', () => {
    vi.useFakeTimers();
    pacing.set('instant');
    try {
      const state = startGame(4);
      const client = show(state, 0);
      client.log = [{ version: 0, events: [] }];
      client.liveFrom = 0;
      flushSync();
      client.log = [
        { version: 0, events: [] },
        { version: 1, events: [meetingEnded] },
      ];
      flushSync();
      const scene = () => document.querySelector('[data-testid="story"]')?.getAttribute('data-scene') ?? null;
      expect(scene()).toBe('meeting:1');
      vi.advanceTimersByTime(2400);
      flushSync();
      expect(scene()).toBe('meeting:1');
      vi.advanceTimersByTime(200); // past its 2.5 s: the table's own meeting shows again
      flushSync();
      expect(scene()).toBeNull();
    } finally {
      pacing.set('normal');
      vi.useRealTimers();
    }
  });
});

describe('settings', () => {
  it('says why the speed is locked to Instant when the device asks for less motion, as soon as it asks', () => {
    show(startGame(3), 0);
    expect(document.querySelector('[data-testid="speed-reduced"]')).toBeNull();
    try {
      systemReducesMotion(true); // while the game is on screen: no reload
      expect(document.querySelector<HTMLSelectElement>('[data-testid="speed"]')!.disabled).toBe(true);
      expect(document.querySelector('[data-testid="speed-reduced"]')?.textContent).toBe('Instant: this device asks for less motion.');
    } finally {
      systemReducesMotion(false);
    }
    expect(document.querySelector('[data-testid="speed-reduced"]')).toBeNull();
  });
});

describe('the round summary', () => {
  it('tells the player to act once they continue past it, then that it is their turn', () => {
    const state = startGame(4);
    const seat = decider(state);
    const client = show(state, seat);
    client.log = [{ version: 0, events: [] }];
    client.liveFrom = 0;
    flushSync();
    const scored = roundScored([0, 0, 0, 0]);
    client.log = [
      { version: 0, events: [] },
      { version: 1, events: [scored] },
    ];
    flushSync();
    const banner = () => document.querySelector('[data-testid="turn-banner"]')?.textContent;
    expect(document.querySelector('[data-testid="summary-continue"]')).not.toBeNull();
    expect(banner()).toBe('Your turn after the summary');
    document.querySelector<HTMLButtonElement>('[data-testid="summary-continue"]')!.click();
    flushSync();
    expect(banner()).toBe('Your turn: play a card');
  });
});

describe('decision prompt', () => {
  it('lands the keyboard on its first answer without scrolling its question out of sight', async () => {
    const state = playUntil(4, (s) => s.pending?.kind === 'steal', 200);
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    try {
      show(state, state.pending!.seat);
      await vi.waitFor(() => expect(document.activeElement?.getAttribute('data-testid')).toBe('choice-option'));
      expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    } finally {
      focus.mockRestore();
    }
  });

  it('leaves the cue to the prompt: the turn banner is only spoken (the shared sr-only rule), its live region kept, and shown to the others', () => {
    const state = playUntil(4, (s) => s.pending?.kind === 'steal', 200);
    const seat = state.pending!.seat;
    show(state, seat);
    const banner = () => document.querySelector<HTMLElement>('[data-testid="turn-banner"]')!;
    expect(banner().classList.contains('sr-only')).toBe(true);
    expect(banner().classList.contains('banner')).toBe(false);
    expect(banner().getAttribute('aria-live')).toBe('polite');
    expect(banner().textContent).toBe('Your decision');
    app = clearPage(app);
    show(state, (seat + 1) % state.players);
    expect(banner().classList.contains('sr-only')).toBe(false);
    expect(banner().classList.contains('banner')).toBe(true);
    expect(banner().textContent).toMatch(/is choosing/);
  });

  it('shows every card of your hand in one tap while a decision is pending (where the hand steps aside for the prompt)', () => {
    const state = playUntil(4, (s) => s.pending?.kind === 'steal', 200);
    const seat = state.pending!.seat;
    const hand = viewFor(state, seat).hand ?? [];
    expect(hand.length).toBeGreaterThan(0);
    show(state, seat);
    expect(document.querySelector('[data-testid="card-sheet"]')).toBeNull();
    document.querySelector<HTMLElement>('[data-testid="hand-show-all"]')!.click();
    flushSync();
    const sheet = document.querySelector('[data-testid="card-sheet"]')!;
    expect(all('[data-testid="card-sheet"] [data-card]').map((c) => c.dataset['card'])).toEqual(expect.arrayContaining([...hand]));
    expect(sheet.querySelector('[data-testid="sheet-play"]')).toBeNull();
  });

  it.each(['steal', 'recall', 'insight', 'demonChoice', 'mask', 'return'] as const)('offers exactly the legal answers of %s', (kind) => {
    const state = playUntil(4, (s) => s.pending?.kind === kind, 200);
    const seat = state.pending!.seat;
    const view = viewFor(state, seat);
    const client = show(state, seat);
    const legal = view.legalActions.map((a) => ('choose' in a ? a.choose : null));
    const key = (c: { target?: number | undefined; card?: string | undefined }) => `${c.target ?? ''}:${c.card ?? ''}`;
    const prompt = document.querySelector('[data-testid="choice-prompt"]')!;
    expect(prompt.getAttribute('data-kind')).toBe(kind);
    const offered: string[] = [];
    const options = () => all('[data-testid="choice-option"]');
    const targets = [...new Set(legal.map((c) => c!.target).filter((x) => x !== undefined))];
    const hasCards = legal.some((c) => c!.card !== undefined);
    if (targets.length > 0 && (!hasCards || targets.length > 1)) {
      // Player first: exactly the targets that have answers.
      expect(
        options()
          .map((o) => Number(o.dataset['target']))
          .sort(),
      ).toEqual(targets.slice().sort());
      if (!hasCards) {
        const first = Number(options()[0]!.dataset['target']);
        options()[0]!.click();
        flushSync();
        expect(client.acts).toEqual([]); // held for its Confirm
        confirm();
        expect(client.acts).toEqual([{ choose: legal.find((c) => c!.target === first)! }]);
        return;
      }
      for (const target of targets) {
        options()
          .find((o) => Number(o.dataset['target']) === target)!
          .click();
        flushSync();
        for (const o of options()) offered.push(`${target}:${o.dataset['card']}`);
        (document.querySelector('[data-testid="choice-prompt"] .back') as HTMLElement).click();
        flushSync();
      }
    } else {
      for (const o of options()) offered.push(`${targets[0] ?? ''}:${o.dataset['card']}`);
    }
    expect(offered.sort()).toEqual(legal.map((c) => key(c!)).sort());
    // Answering sends one of them.
    if (targets.length > 1) {
      options()[0]!.click();
      flushSync();
    }
    options()[0]!.click();
    flushSync();
    expect(client.acts).toEqual([]);
    confirm();
    expect(client.acts).toHaveLength(1);
    expect(legal.map((c) => key(c!))).toContain(key((client.acts[0] as { choose: { target?: number; card?: string } }).choose));
  });
});

describe('hidden information', () => {
  it('shows a face-down card of another seat as a back, with no id or name anywhere in the DOM', () => {
    // A face-down play the next seat has not seen in the player's hand by Insight.
    const unseen = (s: GameState) => {
      const down = s.meeting.plays.find((p) => p.faceDown);
      return !!down && !s.over && viewFor(s, seatOf((down.seat + 1) % s.players)).insight?.target !== down.seat;
    };
    const state = playUntil(3, unseen);
    const hidden = state.meeting.plays.find((p) => p.faceDown)!;
    const viewer = (hidden.seat + 1) % state.players;
    const viewerHand = new Set(state.hands[viewer]);
    show(state, viewer);
    const slot = document.querySelector(`[data-testid="meeting-slot"][data-seat="${hidden.seat}"]`)!;
    expect(slot.querySelector('[data-testid="card-back"]')).not.toBeNull();
    expect(slot.querySelector('[data-card]')).toBeNull();
    const html = document.body.innerHTML;
    expect(html).not.toContain(hidden.card);
    const def = defaultSet.characters.find((c) => c.id === hidden.card)!;
    // The name may only appear if the same card is legitimately visible elsewhere (it is not:
    // each card exists once), so it must not appear at all.
    expect(viewerHand.has(hidden.card)).toBe(false);
    const text = document.body.textContent ?? '';
    for (const name of Object.values(def.name)) expect(text).not.toMatch(new RegExp(`(?<!\\p{L})${name}(?!\\p{L})`, 'u'));
  });

  it('shows your own face-down play face up to you', () => {
    const state = playUntil(3, (s) => s.meeting.plays.some((p) => p.faceDown) && !s.over);
    const mine = state.meeting.plays.find((p) => p.faceDown)!;
    show(state, mine.seat);
    const slot = document.querySelector(`[data-testid="meeting-slot"][data-seat="${mine.seat}"]`)!;
    expect(slot.querySelector(`[data-card="${mine.card}"]`)).not.toBeNull();
  });
});

describe('seats and spectators', () => {
  it('shows allies as per-suit stacks with counts, masked allies as their own stack', () => {
    const state = playUntil(4, (s) => s.masked.length > 0 && !s.over, 200);
    show(state, 0);
    const masked = state.masked[0]!;
    const owner = state.allies.findIndex((a) => a.includes(masked));
    expect(owner).toBeGreaterThanOrEqual(0);
    const panels = all('[data-testid="seat-panel"]');
    expect(panels.flatMap((p) => Array.from(p.querySelectorAll<HTMLElement>('[data-testid="ally-stack"][data-suit="masked"]'))).length).toBeGreaterThan(0);
    // The stacks hold every ally once.
    const total = all('[data-testid="ally-stack"]').reduce((n, e) => n + Number(e.dataset['cards']), 0);
    expect(total).toBe(state.allies.flat().length);
    // Details on demand, in the card sheet: the owner's allies card by card in full, the masked
    // one only as a face-down card (it has no suit, strength or ability until the round ends).
    const panel = panels.find((p) => p.getAttribute('aria-label') === ['Ada', 'Bob', 'Cyd', 'Dee'][owner])!;
    panel.querySelector<HTMLElement>('[data-testid="ally-stacks"]')!.click();
    flushSync();
    const dialog = document.querySelector('[data-testid="panel-allies"]')!;
    expect(dialog.querySelectorAll('[data-testid="card-info"]').length + dialog.querySelectorAll('[data-testid="masked-ally"]').length).toBe(state.allies[owner]!.length);
    expect(dialog.querySelectorAll('[data-testid="masked-ally"]').length).toBeGreaterThan(0);
    expect(dialog.querySelector(`[data-testid="card-info"][data-card="${masked}"]`)).toBeNull();
  });

  it('counts down on an absent seat until a bot may take it', () => {
    const state = startGame(3);
    const client = new FakeClient();
    const info = tableInfo(3);
    client.table = { ...info, seats: info.seats.map((s) => (s.seat === 2 ? { ...s, connected: false, handoverInMs: 42_000 } : s)) };
    client.seat = seatOf(0);
    client.view = viewFor(state, seatOf(0));
    app = mount(GameScreen, { target: document.body, props: { view: client.view }, context: connectionContext(client.connection) });
    flushSync();
    const countdowns = all('[data-testid="handover-countdown"]');
    expect(countdowns).toHaveLength(1);
    expect(countdowns[0]!.closest('[data-testid="seat-panel"]')!.getAttribute('aria-label')).toBe('Cyd');
    expect(countdowns[0]!.textContent).toContain('0:42');
  });

  it('lets a spectator watch with no hand and nothing to play', () => {
    const state = playUntil(3, (s) => s.meeting.plays.length === 2);
    const client = show(state, null);
    expect(document.querySelector('[data-testid="hand"]')).toBeNull();
    expect(all('[data-testid="seat-panel"]')).toHaveLength(3);
    expect(document.body.textContent).toContain('You are watching this table.');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    expect(client.acts).toEqual([]);
  });

  it('moves between hand cards with the arrow keys', () => {
    const state = startGame(3);
    show(state, 0);
    const buttons = all('[data-testid="hand"] button');
    buttons[0]!.focus();
    buttons[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(document.activeElement).toBe(buttons[1]);
    buttons[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(document.activeElement).toBe(buttons[0]);
  });
});

describe('panels', () => {
  it('opens the last meeting with L, the score with S and help with ?', () => {
    const state = playUntil(3, (s) => s.lastRound !== null && !s.over, 100);
    const client = show(state, 0);
    client.liveFrom = state.version; // caught up on: no round summary to close
    client.log = [{ version: state.version, events: [{ type: 'roundScored', score: client.view!.lastRound!, fame: client.view!.fame, purged: [] }] }];
    flushSync();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'l' }));
    flushSync();
    expect(document.querySelector('[data-testid="panel-last"]')).not.toBeNull();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 's' }));
    flushSync();
    expect(document.querySelector('[data-testid="panel-score"] [data-testid="score-table"]')).not.toBeNull();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '?' }));
    flushSync();
    expect(document.querySelector('[data-testid="panel-help"]')).not.toBeNull();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    flushSync();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("keeps the game log at the round's end while its summary is open, and goes on once it is closed", () => {
    const state = startGame(4);
    const client = new FakeClient();
    client.table = tableInfo(4);
    client.seat = seatOf(0);
    client.view = viewFor(state, seatOf(0));
    const seats = [0, 1, 2, 3].map((seat) => ({ power: 0, wisdom: 0, love: 0, total: 0, evil: 0, masked: 0, excluded: false, met: [], fameGained: seat === 1 ? 1 : 0 }));
    client.log = [
      {
        version: 5,
        events: [{ type: 'roundScored', score: { round: 0, history: [], excluded: [], evilMonopoly: null, seats, counts: [], purge: null }, fame: [0, 1, 0, 0], purged: [] }],
      },
      { version: 6, events: [{ type: 'cardPlayed', seat: seatOf(1), card: cardIdOf('power-4'), faceDown: false }] },
    ];
    app = mount(GameScreen, { target: document.body, props: { view: client.view }, context: connectionContext(client.connection) });
    flushSync();
    const logged = () => all('[data-testid="game-log"] li').map((li) => li.textContent ?? '');
    expect(document.querySelector('[data-testid="round-summary"]')).not.toBeNull();
    expect(logged().some((l) => l.includes('Round 1 ends'))).toBe(true);
    expect(
      logged().some((l) => l.includes('played')),
      'the next round stays out of the log',
    ).toBe(false);
    document.querySelector<HTMLButtonElement>('[data-testid="summary-continue"]')!.click();
    flushSync();
    expect(document.querySelector('[data-testid="round-summary"]')).toBeNull();
    expect(logged().at(-1)).toMatch(/played/);
  });

  it("at the game's end shows the result at once, at normal speed too, with the last round's summary one click away in it", () => {
    vi.useFakeTimers();
    pacing.set('normal');
    try {
      const state = playUntil(3, (s) => s.over, 5);
      const client = show(state, 0);
      client.log = [{ version: 0, events: [] }];
      client.liveFrom = 0;
      flushSync();
      const view = client.view!;
      client.log = [
        { version: 0, events: [] },
        { version: 1, events: [meetingEnded, { type: 'roundScored', score: view.lastRound!, fame: view.fame, purged: [] }] },
      ];
      flushSync();
      expect(document.querySelector('[data-testid="game-over"]')).not.toBeNull();
      expect(document.querySelector('[data-testid="ranking"]'), 'the ranking, before any timer ran').not.toBeNull();
      expect(document.querySelector('[data-testid="round-summary"]'), 'no summary over the result').toBeNull();
      document.querySelector<HTMLButtonElement>('[data-testid="last-round"]')!.click();
      flushSync();
      const summary = document.querySelector('[data-testid="game-over"] [data-testid="round-summary"]');
      expect(summary, "the last round's summary, in the result").not.toBeNull();
      expect(summary!.getAttribute('data-step')).not.toBeNull();
      expect(document.querySelector('[data-testid="winners"]'), 'the winner line beside it').not.toBeNull();
      document.querySelector<HTMLButtonElement>('[data-testid="summary-continue"]')!.click();
      flushSync();
      expect(document.querySelector('[data-testid="round-summary"]')).toBeNull();
      expect(document.querySelector('[data-testid="ranking"]')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the game-over screen with the winners', () => {
    const state = playUntil(3, (s) => s.over, 5);
    show(state, 0);
    const over = document.querySelector('[data-testid="game-over"]');
    expect(over).not.toBeNull();
    for (const w of state.winners) expect(over!.textContent).toContain(['Ada', 'Bob', 'Cyd'][w]);
  });
});

describe('hints', () => {
  it('asks the host with H on your turn and shows the Master’s suggestion by name', async () => {
    const state = startGame(3);
    const seat = decider(state);
    const client = show(state, seat);
    const suggested = client.view!.legalActions[0]!;
    client.suggestion = suggested;
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'h' }));
    expect(client.calls.map((c) => c.method)).toContain('hint');
    const name = defaultSet.characters.find((c) => 'play' in suggested && c.id === suggested.play)!.name.en;
    await vi.waitFor(() => {
      flushSync();
      expect(document.querySelector('[data-testid="hint-text"]')?.textContent).toContain(name);
    });
  });

  it('offers no hint when it is not your turn or the table does not allow hints', () => {
    const state = startGame(3);
    const seat = decider(state);
    show(state, (seat + 1) % 3);
    expect(document.querySelector('[data-testid="hint"]')).toBeNull();
    if (app) void unmount(app);
    document.body.innerHTML = '';
    const client = new FakeClient();
    client.table = { ...tableInfo(3), hints: false };
    client.seat = seatOf(seat);
    client.view = viewFor(state, seatOf(seat));
    app = mount(GameScreen, { target: document.body, props: { view: client.view }, context: connectionContext(client.connection) });
    flushSync();
    expect(document.querySelector('[data-testid="hint"]')).toBeNull();
  });
});

describe('in the desktop app', () => {
  afterEach(() => {
    delete window.chronicle;
  });

  function withBridge() {
    const bridge = {
      yourTurn: vi.fn(),
      desktopSettings: vi.fn(() => Promise.resolve({ turnNotice: true, askBeforeQuit: true })),
      setDesktopSettings: vi.fn((change: object) => Promise.resolve({ turnNotice: true, askBeforeQuit: true, ...change })),
    };
    window.chronicle = bridge as unknown as NonNullable<typeof window.chronicle>;
    return bridge;
  }

  it('tells the app once when your turn comes, with the table named, and not on others’ turns', () => {
    const bridge = withBridge();
    const state = startGame(3);
    const seat = decider(state);
    const client = show(state, seat);
    expect(bridge.yourTurn).toHaveBeenCalledExactlyOnceWith({ title: 'Chronicle', body: `Your turn at ${client.table!.name}: play a card` });
    if (app) void unmount(app);
    document.body.innerHTML = '';
    bridge.yourTurn.mockClear();
    show(state, (seat + 1) % 3);
    if (app) void unmount(app);
    document.body.innerHTML = '';
    show(state, null);
    expect(bridge.yourTurn).not.toHaveBeenCalled();
  });

  it('shows the app’s notice and quit settings, and changes them through the bridge', async () => {
    const bridge = withBridge();
    const state = startGame(3);
    show(state, decider(state));
    await vi.waitFor(() => {
      flushSync();
      expect(document.querySelector('[data-testid="turn-notice"]')).not.toBeNull();
    });
    const notice = document.querySelector<HTMLInputElement>('[data-testid="turn-notice"]')!;
    expect(notice.checked).toBe(true);
    expect(document.querySelector<HTMLInputElement>('[data-testid="ask-before-quit"]')!.checked).toBe(true);
    notice.click();
    expect(bridge.setDesktopSettings).toHaveBeenCalledExactlyOnceWith({ turnNotice: false });
    await vi.waitFor(() => {
      flushSync();
      expect(document.querySelector<HTMLInputElement>('[data-testid="turn-notice"]')!.checked).toBe(false);
    });
  });

  it('shows no app settings in a browser', () => {
    const state = startGame(3);
    show(state, decider(state));
    expect(document.querySelector('[data-testid="turn-notice"]')).toBeNull();
  });
});

describe('the theme card line', () => {
  it('says the theme card opens the round before its first card, and no longer once the Dragon burned the first meeting', async () => {
    const { currentDecider, legalActions } = await import('../../../src/shared/rules');
    const { play, stacked } = await import('../../kit/game/deal');
    let state = stacked({ players: 4, start: 0, hands: [['power-8'], ['power-10'], ['dragon'], ['power-9']] });
    show(state, 0);
    expect(document.querySelector('.opens')?.textContent).toContain(defaultSet.characters.find((c) => c.id === state.themeCard)!.name.en);
    app = clearPage(app);
    state = play(state, { seat: 0, play: state.themeCard });
    while (state.lastMeeting === null) {
      const legal = legalActions(state, currentDecider(state)!);
      state = play(state, legal.find((a) => 'play' in a && a.play === 'dragon') ?? legal[0]!);
    }
    expect(state.lastMeeting.burned).toBe(true); // nobody took an ally: only the engine knows the round has begun
    show(state, currentDecider(state));
    expect(document.querySelector('.opens')).toBeNull();
  });
});

describe('leaving the table', () => {
  it('takes the table apart once it is gone, so a node the browser still points at holds nothing else', async () => {
    const state = startGame(4);
    show(state, decider(state));
    const card = document.querySelector('[data-testid="hand"] [data-card]')!;
    const root = document.querySelector('[data-testid="table"]')!;
    expect(root.querySelectorAll('*').length).toBeGreaterThan(100);
    app = clearPage(app);
    await Promise.resolve();
    // A hand card kept by someone (as Chromium keeps its last focus-navigation point) reaches no other node of the old table.
    expect(card.isConnected).toBe(false);
    expect(card.parentNode).toBeNull();
    expect(card.childNodes.length).toBe(0);
    expect(root.childNodes.length).toBe(0);
  });
});

describe('game after game', () => {
  it('leaves no listener on the window or the document once a game screen goes, however many came before', () => {
    const live = new Map<EventTarget, number>();
    const targets = [window, document] as const;
    const spies = targets.flatMap((target) => {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      return [
        vi
          .spyOn(target, 'addEventListener')
          .mockImplementation((type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => {
            live.set(target, (live.get(target) ?? 0) + 1);
            if (listener) add(type, listener, options);
          }),
        vi
          .spyOn(target, 'removeEventListener')
          .mockImplementation((type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) => {
            live.set(target, (live.get(target) ?? 0) - 1);
            if (listener) remove(type, listener, options);
          }),
      ];
    });
    try {
      const counts: number[] = [];
      for (let game = 0; game < 3; game++) {
        const state = playUntil(4, (s) => !s.pending && s.meeting.plays.length === 2);
        show(state, decider(state));
        expect(live.get(window) ?? 0, 'a game screen listens to the window').toBeGreaterThan(0);
        app = clearPage(app);
        counts.push((live.get(window) ?? 0) + (live.get(document) ?? 0));
      }
      expect(counts).toEqual([0, 0, 0]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
