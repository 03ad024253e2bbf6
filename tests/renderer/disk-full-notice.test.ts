// The host's disk is full (TableInfo.diskFull): every screen of the table says the game waits,
// in the page's language, and the notice goes as soon as the table says the disk has room.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount } from 'svelte';
import App from '../../src/renderer/src/App.svelte';
import { i18n } from '../../src/renderer/src/lib/i18n/index.svelte';
import { FakeClient, tableInfo } from '../kit/dom/fake-client.svelte';
import { startGame } from '../kit/game/playout';
import { viewFor } from '../../src/shared/rules/view';
import { clearPage } from '../kit/dom/page';
import { seatOf } from '../../src/shared/ids';

const ORIGIN = 'http://192.168.1.20:7420';
const notice = () => document.querySelector('[data-testid="disk-full"]')?.textContent ?? null;

describe('the full-disk notice', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(() => {
    app = clearPage(app);
    i18n.set('en');
  });

  it('shows on the table room and at the table while the disk is full, in every language, and goes when it has room', async () => {
    const client = new FakeClient();
    client.table = { ...tableInfo(3, 'lobby'), diskFull: true };
    client.seat = seatOf(0);
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    flushSync();
    expect(document.querySelector('[data-testid="table-room"]')).not.toBeNull();
    expect(notice()).toBe('The host’s disk is full: the game waits');
    i18n.set('hu');
    flushSync();
    expect(notice()).toBe('A gép lemeze megtelt: a játék vár');
    i18n.set('fr');
    flushSync();
    expect(notice()).toBe('Le disque de l’hôte est plein : la partie attend');
    i18n.set('en');

    client.table = { ...tableInfo(3, 'playing'), diskFull: true };
    client.view = viewFor(startGame(3), seatOf(0));
    flushSync();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="table"]')).not.toBeNull(), { timeout: 15_000 });
    expect(notice()).toBe('The host’s disk is full: the game waits');

    client.table = tableInfo(3, 'playing');
    flushSync();
    expect(notice()).toBeNull();
  });
});
