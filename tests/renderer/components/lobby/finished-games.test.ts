// The lobby lists the finished games on this host: in a browser this device's (by the seat
// tokens it kept), in the desktop app every one the host shows its own machine; it opens one in
// the replay viewer with its players' names and saves its record as a file; with none, it shows
// nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount, tick } from 'svelte';
import App from '../../../../src/renderer/src/App.svelte';
import type { FinishedGame } from '../../../../src/shared/protocol/archive';
import type { GameRecord } from '../../../../src/shared/rules/record/record';
import { viewFor } from '../../../../src/shared/rules';
import { FakeClient } from '../../../kit/dom/fake-client.svelte';
import { startGame } from '../../../kit/game/playout';
import { clearPage } from '../../../kit/dom/page';
import { replayState } from '../../../../src/renderer/src/lib/records/replay.svelte';
import { seatOf, tableIdOf } from '../../../../src/shared/ids';

const ORIGIN = 'http://192.168.1.20:7420';
let app: ReturnType<typeof mount> | undefined;
afterEach(() => {
  app = clearPage(app);
  replayState.opened = null; // the viewer opened stays open across pages otherwise
});

const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await tick();
    await new Promise((r) => setTimeout(r, 0));
  }
  flushSync();
};

const game: FinishedGame = {
  id: tableIdOf('done00000001'),
  name: '<b>Friday</b>',
  players: 3,
  seats: [
    { kind: 'human', name: 'Ann' },
    { kind: 'bot', name: null },
    { kind: 'human', name: 'Cyd' },
  ],
  fame: [31, 24, 18],
  winners: [seatOf(0)],
  createdAt: Date.UTC(2026, 10, 20, 20),
  finishedAt: Date.UTC(2026, 10, 20, 21),
  actions: 120,
};

describe('the lobby’s finished games', () => {
  // The viewer is loaded on first use: up to 10 s on a loaded machine.
  it('lists them and opens one in the replay viewer with the players’ names', { timeout: 20_000 }, async () => {
    const client = new FakeClient();
    client.finished = [game];
    client.savedRecord = { format: 'chronicle-record', id: game.id } as unknown as GameRecord;
    const state = startGame(3, 'my-finished');
    client.openReplay = (record: unknown) => {
      client.calls.push({ method: 'openReplay', args: [record] });
      return Promise.resolve({ players: 3, last: 0, actors: [], failure: null });
    };
    client.replayStep = () => Promise.resolve({ view: viewFor(state, 'spectator'), hands: null });
    client.replayLog = () => Promise.resolve([]);
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    await settle();

    const rows = document.querySelectorAll('[data-testid="finished-game"]');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.querySelector('strong')?.textContent).toBe('<b>Friday</b>'); // a name is text
    expect(rows[0]!.textContent).toContain('Won by Ann');

    rows[0]!.querySelector<HTMLButtonElement>('[data-testid="replay-finished"]')!.click();
    await settle();
    expect(client.calls).toContainEqual({ method: 'finishedRecord', args: [game.id] });
    expect(client.calls).toContainEqual({ method: 'openReplay', args: [client.savedRecord] });
    // The viewer is loaded on first use.
    const seats = () => [...document.querySelectorAll('[data-testid="replay-seat"] h3')].map((h) => h.textContent?.split('·')[0]?.trim());
    await vi.waitFor(() => expect(seats()).toEqual(['Ann', 'Bot 2', 'Cyd']), { timeout: 10_000 });
  });

  it('saves a game’s record as a file named after its table and the day it ended', async () => {
    const client = new FakeClient();
    client.finished = [game];
    client.savedRecord = { format: 'chronicle-record', actions: [] } as unknown as GameRecord;
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:record'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    await settle();

    document.querySelector<HTMLButtonElement>('[data-testid="export-finished"]')!.click();
    await settle();
    expect(client.calls).toContainEqual({ method: 'finishedRecord', args: [game.id] });
    expect(saved).toEqual(['b-friday-b-2026-11-20.chronicle.json blob:record']);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(client.savedRecord);
    vi.restoreAllMocks();
  });

  it('shows nothing when this device has no finished game here, and asks for this device’s only', async () => {
    const client = new FakeClient();
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    await settle();
    expect(client.finishedAsked).toBe(1);
    expect(client.finishedAll).toBe(false);
    expect(document.querySelector('[data-testid="finished-games"]')).toBeNull();
  });
});
