// A phone that stays in the game, with fake navigator APIs: the screen's wake lock is held while
// seated at a game in play and taken again when the page comes back into view; the player's turn
// buzzes (a setting) and badges the app, the badge cleared after; the window title says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount } from 'svelte';
import PhoneKeeper from '../../../../../src/renderer/src/components/table/phone/PhoneKeeper.svelte';
import GameScreen from '../../../../../src/renderer/src/screens/GameScreen.svelte';
import { connectionContext } from '../../../../../src/renderer/src/lib/connection/context';
import { phoneSettings } from '../../../../../src/renderer/src/lib/phone/settings.svelte';
import { TURN_BUZZ } from '../../../../../src/renderer/src/lib/phone/turn-alert';
import { FakeClient, tableInfo } from '../../../../kit/dom/fake-client.svelte';
import { playUntil } from '../../../../kit/game/playout';
import { viewFor } from '../../../../../src/shared/rules/view';
import { clearPage } from '../../../../kit/dom/page';
import { seatOf } from '../../../../../src/shared/ids';

let app: ReturnType<typeof mount> | undefined;
afterEach(() => (app = clearPage(app)));
beforeEach(() => {
  phoneSettings.set('keepAwake', true);
  phoneSettings.set('turnAlert', true);
});

/** A wake lock the way browsers give it: released by the page, or by the browser when the page is hidden. */
class FakeWakeLock {
  readonly requests: { released: boolean; release: () => Promise<void> }[] = [];
  request = vi.fn(async (type: 'screen') => {
    expect(type).toBe('screen');
    const sentinel = {
      released: false,
      release: async () => {
        sentinel.released = true;
      },
    };
    this.requests.push(sentinel);
    return sentinel;
  });
  get held(): number {
    return this.requests.filter((s) => !s.released).length;
  }
}

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  show(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function fakes() {
  const wakeLock = new FakeWakeLock();
  const nav = { wakeLock, vibrate: vi.fn(() => true), setAppBadge: vi.fn(async () => {}), clearAppBadge: vi.fn(async () => {}) };
  return { wakeLock, nav, doc: new FakeDocument() };
}

/** Lets the fake API's promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('wake lock', () => {
  it('is held while seated at a game in play, taken again when the page is shown, and let go', async () => {
    const { wakeLock, nav, doc } = fakes();
    app = mount(PhoneKeeper, { target: document.body, props: { seated: true, myTurn: false, nav, doc } });
    flushSync();
    await settle();
    expect(wakeLock.held).toBe(1);
    // The browser drops the lock when the page is hidden; back in view, it is asked for again.
    wakeLock.requests[0]!.released = true;
    doc.show('hidden');
    await settle();
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
    doc.show('visible');
    await settle();
    expect(wakeLock.request).toHaveBeenCalledTimes(2);
    expect(wakeLock.held).toBe(1);
    // Turned off in the settings: released, and not asked for again.
    phoneSettings.set('keepAwake', false);
    flushSync();
    await settle();
    expect(wakeLock.held).toBe(0);
    doc.show('visible');
    await settle();
    expect(wakeLock.request).toHaveBeenCalledTimes(2);
  });

  it('is not asked for by a spectator or after the game, nor where the browser has no API', async () => {
    const { wakeLock, nav, doc } = fakes();
    app = mount(PhoneKeeper, { target: document.body, props: { seated: false, myTurn: false, nav, doc } });
    flushSync();
    await settle();
    expect(wakeLock.request).not.toHaveBeenCalled();
    app = clearPage(app);
    app = mount(PhoneKeeper, { target: document.body, props: { seated: true, myTurn: true, nav: { vibrate: nav.vibrate }, doc } });
    flushSync();
    await settle();
    expect(nav.vibrate).toHaveBeenCalledTimes(1);
  });

  it('is released when the page leaves the table', async () => {
    const { wakeLock, nav, doc } = fakes();
    app = mount(PhoneKeeper, { target: document.body, props: { seated: true, myTurn: false, nav, doc } });
    flushSync();
    await settle();
    expect(wakeLock.held).toBe(1);
    app = clearPage(app);
    await settle();
    expect(wakeLock.held).toBe(0);
  });
});

describe('your turn', () => {
  it('buzzes and badges the app when the turn comes, and clears the badge after', async () => {
    const { nav, doc } = fakes();
    app = mount(PhoneKeeper, { target: document.body, props: { seated: true, myTurn: true, nav, doc } });
    flushSync();
    expect(nav.vibrate).toHaveBeenCalledWith(TURN_BUZZ);
    expect(nav.setAppBadge).toHaveBeenCalledWith(1);
    app = clearPage(app);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('does not buzz before the page was ever tapped (a reload), as the browser would refuse it; badges still', () => {
    const { nav, doc } = fakes();
    app = mount(PhoneKeeper, { target: document.body, props: { seated: true, myTurn: true, nav: { ...nav, userActivation: { hasBeenActive: false } }, doc } });
    flushSync();
    expect(nav.vibrate).not.toHaveBeenCalled();
    expect(nav.setAppBadge).toHaveBeenCalledWith(1);
    app = clearPage(app);
    app = mount(PhoneKeeper, { target: document.body, props: { seated: true, myTurn: true, nav: { ...nav, userActivation: { hasBeenActive: true } }, doc } });
    flushSync();
    expect(nav.vibrate).toHaveBeenCalledWith(TURN_BUZZ);
  });

  it('does not buzz when the setting is off (the badge still marks the turn), nor on others’ turns', () => {
    const { nav, doc } = fakes();
    phoneSettings.set('turnAlert', false);
    app = mount(PhoneKeeper, { target: document.body, props: { seated: true, myTurn: true, nav, doc } });
    flushSync();
    expect(nav.vibrate).not.toHaveBeenCalled();
    expect(nav.setAppBadge).toHaveBeenCalledWith(1);
    app = clearPage(app);
    phoneSettings.set('turnAlert', true);
    app = mount(PhoneKeeper, { target: document.body, props: { seated: true, myTurn: false, nav, doc } });
    flushSync();
    expect(nav.vibrate).not.toHaveBeenCalled();
  });

  it('puts "Your turn" in the window title at the table, and only then', () => {
    const state = playUntil(4, (s) => !s.pending && s.meeting.plays.length === 1);
    const seat = (state.meeting.leader + state.meeting.plays.length) % state.players;
    const show = (viewer: number) => {
      const client = new FakeClient();
      client.table = tableInfo(state.players);
      client.seat = seatOf(viewer);
      client.view = viewFor(state, seatOf(viewer));
      app = mount(GameScreen, { target: document.body, props: { view: client.view }, context: connectionContext(client.connection) });
      flushSync();
    };
    show(seat);
    expect(document.title).toMatch(/^● Your turn.* — Chronicle$/);
    app = clearPage(app);
    expect(document.title).toBe('Chronicle');
    show((seat + 1) % state.players);
    expect(document.title).toBe('Chronicle');
  });
});
