// The app shell mounts in a DOM (happy-dom) with a fake connection: title, lobby, the
// Electron bridge's version when there is one, and the right screen for the connection's state.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import App from '../../src/renderer/src/App.svelte';
import type { ChronicleBridge, NetworkState, NetworkTable } from '../../src/shared/bridge';
import { ADVERTISING_OFF } from '../../src/shared/advertising';
import { i18n } from '../../src/renderer/src/lib/i18n/index.svelte';
import { FakeClient, tableInfo } from '../kit/dom/fake-client.svelte';
import { startGame } from '../kit/game/playout';
import { viewFor } from '../../src/shared/rules/view';
import { clearPage } from '../kit/dom/page';
import type { GameRecord } from '../../src/shared/rules/record/record';
import { seatOf, tableIdOf } from '../../src/shared/ids';

const ORIGIN = 'http://192.168.1.20:7420';

/** The lobby draws the panels below its first screen a frame after it goes live (Lobby.svelte). */
async function lowerPanels(): Promise<void> {
  await vi.waitFor(() => expect(document.querySelector('[data-testid="lobby-panels"]')).not.toBeNull());
  flushSync();
}

describe('App', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(() => (app = clearPage(app)));

  it('shows the title "Chronicle" and a lobby, without the Electron bridge', () => {
    app = mount(App, { target: document.body, props: { connection: new FakeClient().connection, origin: ORIGIN } });
    flushSync();
    expect(document.querySelector('h1')?.textContent).toBe('Chronicle');
    expect(document.querySelector('[aria-label="Lobby"]')).not.toBeNull();
    expect(window.chronicle).toBeUndefined(); // a plain browser has no preload bridge
  });

  it('draws Play now, the name and the guided round first, and the panels below them a frame after the lobby goes live', async () => {
    const client = new FakeClient();
    client.status = 'connecting';
    client.tables = [tableInfo(4, 'lobby')];
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    flushSync();
    expect(document.querySelector('[data-testid="play-now"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="player-name"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="start-tutorial"]')).toHaveProperty('disabled', false); // a tap waits for the host
    await new Promise((resolve) => setTimeout(resolve, 100)); // frames go by: still connecting
    expect(document.querySelector('[data-testid="lobby-panels"]')).toBeNull();
    client.status = 'live';
    flushSync();
    expect(document.querySelector('[data-testid="start-tutorial"]')).toHaveProperty('disabled', false);
    expect(document.querySelector('[data-testid="lobby-panels"]')).toBeNull(); // not in the same frame
    await lowerPanels();
    expect(document.querySelector('[data-testid="create-form"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="table-row"]')).not.toBeNull();
  });

  it('takes one tap on Play now while the connection to the host opens, and says it is waiting', async () => {
    const client = new FakeClient();
    client.status = 'connecting';
    let answer: (created: boolean) => void = () => {};
    client.createTable = (request) => {
      client.calls.push({ method: 'createTable', args: [request] });
      return new Promise<boolean>((resolve) => (answer = resolve));
    };
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    flushSync();
    const playNow = document.querySelector<HTMLButtonElement>('[data-testid="play-now"]')!;
    const tutorial = document.querySelector<HTMLButtonElement>('[data-testid="start-tutorial"]')!;
    expect(playNow.disabled).toBe(false);
    playNow.click();
    flushSync();
    expect(playNow.textContent).toBe('Connecting…');
    expect(playNow.getAttribute('aria-busy')).toBe('true');
    expect(tutorial.textContent).toBe('Start the guided round'); // only the button tapped says so
    expect([playNow.disabled, tutorial.disabled]).toEqual([true, true]); // a second tap makes no second table
    playNow.click();
    tutorial.click();
    expect(client.calls.filter((c) => c.method === 'createTable')).toHaveLength(1);
    client.status = 'live';
    answer(false); // refused: the lobby stays, ready for another try
    await vi.waitFor(() => expect(playNow.disabled).toBe(false));
    expect(playNow.textContent).toBe('Play now');
    expect(client.calls.some((c) => c.method === 'addBot')).toBe(false);
  });

  it("turns the lobby's buttons off while the connection is lost", () => {
    const client = new FakeClient();
    client.status = 'lost';
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    flushSync();
    expect(document.querySelector('[data-testid="play-now"]')).toHaveProperty('disabled', true);
    expect(document.querySelector('[data-testid="start-tutorial"]')).toHaveProperty('disabled', true);
    client.status = 'live';
    flushSync();
    expect(document.querySelector('[data-testid="play-now"]')).toHaveProperty('disabled', false);
  });

  it("lists under the host's tables only the finished ones this device did not sit at (its own are in its finished games)", async () => {
    const client = new FakeClient();
    client.tables = [tableInfo(3, 'over', 'table-mine'), tableInfo(3, 'over', 'table-theirs')];
    client.tokens.add('table-mine');
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    flushSync();
    await lowerPanels();
    const rows = document.querySelectorAll('[data-testid="finished-tables"] [data-testid="table-row"]');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.getAttribute('data-table')).toBe('table-theirs');
  });

  it('draws the panels below all the same when the host does not answer', () => {
    vi.useFakeTimers();
    try {
      const client = new FakeClient();
      client.status = 'connecting';
      app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
      flushSync();
      vi.advanceTimersByTime(1400);
      flushSync();
      expect(document.querySelector('[data-testid="lobby-panels"]')).toBeNull();
      vi.advanceTimersByTime(200);
      flushSync();
      expect(document.querySelector('[data-testid="lobby-panels"]')).not.toBeNull();
      expect(document.querySelector('[data-testid="open-record"]')).not.toBeNull(); // a record opens without a host
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists the tables and joins one with the name typed', async () => {
    const client = new FakeClient();
    client.tables = [{ ...tableInfo(4, 'lobby'), seats: tableInfo(4, 'lobby').seats.map((s) => (s.seat > 1 ? { ...s, kind: 'free', name: null } : s)) }];
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    flushSync();
    await lowerPanels();
    const input = document.querySelector<HTMLInputElement>('[data-testid="player-name"]')!;
    input.value = 'Zoë';
    input.dispatchEvent(new Event('input'));
    document.querySelector<HTMLButtonElement>('[data-testid="join"]')!.click();
    expect(client.calls).toContainEqual({ method: 'join', args: ['table-0001', 'Zoë', undefined, undefined] });
  });

  it('opened with a PIN table’s invite link, shows that table’s join card: no PIN asked, Join in one action; other tables still ask', async () => {
    localStorage.setItem('chronicle.name', 'Zoë');
    const client = new FakeClient();
    const lobby = tableInfo(4, 'lobby');
    const free = lobby.seats.map((s) => (s.seat > 1 ? { ...s, kind: 'free' as const, name: null } : s));
    client.tables = [
      { ...lobby, hasPin: true, seats: free },
      { ...lobby, id: tableIdOf('table-0002'), name: 'Other', hasPin: true, seats: free },
    ];
    const invite = 'i'.repeat(43);
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN, linkedTable: 'table-0001', linkedInvite: invite } });
    flushSync();
    const card = document.querySelector<HTMLElement>('[data-testid="join-card"]')!;
    // The card, not the lobby: no table list, no create form.
    expect(document.querySelector('[data-testid="table-row"]')).toBeNull();
    expect(document.querySelector('[data-testid="create-form"]')).toBeNull();
    expect(card.querySelector('[data-testid="join-card-name"]')).toHaveProperty('value', 'Zoë');
    expect(card.querySelector('[data-testid="join-card-pin"]')).toBeNull();
    expect(card.querySelector('[data-testid="invited"]')?.textContent).toBe('Invited by link: no PIN needed');
    expect([...card.querySelectorAll('[data-testid="join-card-seated"] li')].map((li) => li.textContent?.trim())).toHaveLength(2);
    card.querySelector<HTMLButtonElement>('[data-testid="join-card-join"]')!.click();
    await vi.waitFor(() => expect(client.calls).toContainEqual({ method: 'join', args: ['table-0001', 'Zoë', undefined, invite] }));
    // The whole lobby is a click away, and other tables there ask for their PIN.
    card.querySelector<HTMLButtonElement>('[data-testid="join-card-all"]')!.click();
    await lowerPanels();
    const other = document.querySelector<HTMLElement>('[data-testid="table-row"][data-table="table-0002"]')!;
    expect(other.querySelector('input')).not.toBeNull();
  });

  it('asks for the PIN on the join card after all when the host refuses the link’s invite (an old link)', async () => {
    const client = new FakeClient();
    const lobby = tableInfo(4, 'lobby');
    client.tables = [{ ...lobby, hasPin: true, seats: lobby.seats.map((s) => (s.seat > 1 ? { ...s, kind: 'free' as const, name: null } : s)) }];
    client.join = (...args: [string, string, string?, string?]) => {
      client.calls.push({ method: 'join', args });
      client.error = { code: 'BAD_INVITE', key: 'error.badInvite' };
      return Promise.resolve(false);
    };
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN, linkedTable: 'table-0001', linkedInvite: 'o'.repeat(43) } });
    flushSync();
    document.querySelector<HTMLButtonElement>('[data-testid="join-card-join"]')!.click();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="join-card-pin"]')).not.toBeNull());
    expect(document.querySelector('[data-testid="invited"]')).toBeNull();
    expect(document.querySelector('[data-testid="error"]')?.textContent).toContain('Type the PIN');
  });

  it('offers a friend whose right PIN is refused while wrong ones lock the table to ask its owner, and shows the answer', async () => {
    localStorage.setItem('chronicle.name', 'Dana');
    const client = new FakeClient();
    const lobby = tableInfo(4, 'lobby');
    client.tables = [{ ...lobby, hasPin: true, seats: lobby.seats.map((s) => (s.seat > 1 ? { ...s, kind: 'free' as const, name: null } : s)) }];
    client.join = (...args: [string, string, string?, string?]) => {
      client.calls.push({ method: 'join', args });
      client.error = { code: 'TOO_MANY_ATTEMPTS', key: 'error.waitMinutes', params: { n: 30 } };
      return Promise.resolve(false);
    };
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN, linkedTable: 'table-0001' } });
    flushSync();
    expect(document.querySelector('[data-testid="knock-card"]')).toBeNull();
    const pin = document.querySelector<HTMLInputElement>('[data-testid="join-card-pin"]')!;
    pin.value = '2580';
    pin.dispatchEvent(new Event('input'));
    document.querySelector<HTMLButtonElement>('[data-testid="join-card-join"]')!.click();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="knock-card"]')).not.toBeNull());
    const card = () => document.querySelector<HTMLElement>('[data-testid="knock-card"]')!;
    expect(card().textContent).toContain('Too many wrong PINs were typed at Test table lately. If you know the PIN, ask Ada to let you in.');
    card().querySelector<HTMLButtonElement>('[data-testid="knock-ask"]')!.click();
    await vi.waitFor(() => expect(client.calls).toContainEqual({ method: 'knock', args: ['table-0001', 'Dana'] }));
    client.knocking = { tableId: 'table-0001', state: 'waiting', code: 'K7MX' };
    flushSync();
    expect(card().querySelector('[data-testid="knock-waiting"]')?.textContent).toBe('Waiting for Ada to let you in…');
    expect(card().querySelector('[data-testid="knock-code"]')?.textContent).toBe('K7MX'); // the code Ada sees beside the name
    client.knocking = { tableId: 'table-0001', state: 'turnedAway', code: 'K7MX' };
    flushSync();
    expect(card().querySelector('[data-testid="knock-turned-away"]')?.textContent).toBe('Ada did not let you in this time.');
    card().querySelector<HTMLButtonElement>('button')!.click();
    flushSync();
    expect(document.querySelector('[data-testid="knock-card"]')).toBeNull();
  });

  it('puts “Resume your seat” first, before Play now, and “Take your seat back” where a bot plays the seat', async () => {
    const client = new FakeClient();
    const playing = tableInfo(3, 'playing');
    const lent = {
      ...playing,
      id: tableIdOf('table-0002'),
      name: 'Lent',
      seats: playing.seats.map((s) => (s.seat === 1 ? { ...s, kind: 'human' as const, botPlaying: true } : s)),
    };
    client.tables = [playing, lent, { ...playing, id: tableIdOf('table-0003'), name: 'Not mine' }];
    client.tokens.add('table-0001');
    client.tokens.add('table-0002');
    client.heldSeats.set('table-0002', seatOf(1));
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN, linkedTable: null } });
    flushSync();
    const lobby = document.querySelector<HTMLElement>('[data-testid="lobby"]')!;
    const controls = [...lobby.querySelectorAll<HTMLElement>('button, input')];
    expect(controls.slice(0, 2).map((c) => [c.dataset['testid'], c.textContent?.trim()])).toEqual([
      ['resume-first', 'Resume your seat'],
      ['take-seat-back', 'Take your seat back'],
    ]);
    expect(controls[2]!.dataset['testid']).toBe('play-now');
    controls[1]!.click();
    expect(client.calls).toEqual([{ method: 'resume', args: ['table-0002'] }]);
    // The table's row says so too.
    await lowerPanels();
    expect(lobby.querySelector('[data-testid="table-row"][data-table="table-0002"] [data-testid="resume"]')?.textContent).toBe('Take your seat back');
  });

  it('Play now creates a table of the remembered size, fills it with bots of the remembered level and starts', async () => {
    localStorage.removeItem('chronicle.name');
    localStorage.setItem('chronicle.playNow', JSON.stringify({ players: 5, level: 'master' }));
    const client = new FakeClient();
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    flushSync();
    expect(document.querySelector<HTMLInputElement>('[data-testid="play-now-players"] input:checked')?.dataset['value']).toBe('5');
    document.querySelector<HTMLInputElement>('[data-testid="play-now-level"] input[data-value="novice"]')!.click();
    document.querySelector<HTMLButtonElement>('[data-testid="play-now"]')!.click();
    await vi.waitFor(() => expect(client.calls.at(-1)?.method).toBe('start'));
    expect(client.calls.map((c) => [c.method, ...c.args])).toEqual([
      ['createTable', { name: 'Player and the bots', players: 5, playerName: 'Player' }],
      ...[1, 2, 3, 4].map((seat) => ['addBot', seat, 'novice']),
      ['start'],
    ]);
    expect(JSON.parse(localStorage.getItem('chronicle.playNow')!)).toEqual({ players: 5, level: 'novice' });
  });

  it("creates a table with its bots' delay chosen, or the host's own when left alone (en/hu/fr labels)", async () => {
    const client = new FakeClient();
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    flushSync();
    await lowerPanels();
    const input = document.querySelector<HTMLInputElement>('[data-testid="player-name"]')!;
    input.value = 'Zoë';
    input.dispatchEvent(new Event('input'));
    const create = () => document.querySelector<HTMLFormElement>('[data-testid="create-form"]')!.requestSubmit();
    create();
    flushSync();
    expect(document.querySelector('[data-testid="create"]')).toHaveProperty('disabled', true); // until the host answers
    await vi.waitFor(() => expect(document.querySelector('[data-testid="create"]')).toHaveProperty('disabled', false)); // answered: the form takes another
    const select = document.querySelector<HTMLSelectElement>('[data-testid="bot-delay"]')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['As the host sets it (about 0.7 s)', 'Not at all', '0.4 s', '0.7 s', '1.5 s', '3 s']);
    select.value = '1500';
    select.dispatchEvent(new Event('change', { bubbles: true })); // as a browser sends it
    flushSync();
    create();
    const requests = client.calls.filter((c) => c.method === 'createTable').map((c) => c.args[0] as { botDelayMs?: number; playerName: string });
    expect(requests).toHaveLength(2);
    expect('botDelayMs' in requests[0]!).toBe(false);
    expect(requests[1]).toMatchObject({ botDelayMs: 1500, playerName: 'Zoë' });
    i18n.set('fr');
    flushSync();
    expect(select.options[4]!.textContent).toBe('1,5 s');
    i18n.set('hu');
    flushSync();
    expect(select.options[4]!.textContent).toBe('1,5 mp');
  });

  it('joins as “Player” until the device has a name', async () => {
    localStorage.removeItem('chronicle.name');
    const client = new FakeClient();
    client.tables = [tableInfo(3, 'lobby')];
    client.tables = [{ ...client.tables[0]!, seats: client.tables[0]!.seats.map((s) => ({ ...s, kind: 'free' as const, name: null })) }];
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    await lowerPanels();
    document.querySelector<HTMLButtonElement>('[data-testid="join"]')!.click();
    flushSync();
    expect(client.calls).toEqual([{ method: 'join', args: ['table-0001', 'Player', undefined, undefined] }]);
  });

  it('shows a QR code of the host address in the lobby', async () => {
    app = mount(App, { target: document.body, props: { connection: new FakeClient().connection, origin: ORIGIN } });
    await vi.waitFor(() => expect(document.querySelector('[data-testid="qr"] img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    expect(document.querySelector('[data-testid="join-link"]')?.textContent).toBe(ORIGIN);
  });

  it('shows the table room with the table link before the game, then the table', async () => {
    const client = new FakeClient();
    client.table = tableInfo(3, 'lobby');
    client.seat = seatOf(0);
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    flushSync();
    expect(document.querySelector('[data-testid="table-room"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="join-link"]')?.textContent).toBe(`${ORIGIN}/?table=table-0001`);
    document.querySelector<HTMLButtonElement>('[data-testid="start"]')!.click();
    expect(client.calls.map((c) => c.method)).toContain('start');
    client.table = tableInfo(3, 'playing');
    client.view = viewFor(startGame(3), seatOf(0));
    flushSync();
    // The game screen is loaded when first shown.
    await vi.waitFor(() => expect(document.querySelector('[data-testid="table"]')).not.toBeNull(), { timeout: 15_000 });
  });

  it('shows a refusal translated', () => {
    const client = new FakeClient();
    client.error = { code: 'WRONG_PIN', key: 'error.wrongPin' };
    app = mount(App, { target: document.body, props: { connection: client.connection, origin: ORIGIN } });
    flushSync();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('Wrong PIN.');
  });
});

describe('App inside Electron', () => {
  afterEach(() => {
    delete window.chronicle;
    document.body.innerHTML = '';
  });

  const appInfo = () => Promise.resolve({ name: 'Chronicle', version: '1.2.3', versions: { electron: '45.5.0', chrome: '1', node: '22' } });
  /** A bridge whose host starts offline; setNetwork answers as the main process would. */
  function fakeBridge(over: Partial<ChronicleBridge> = {}, windowsFirewall = false): ChronicleBridge & { changes: unknown[] } {
    let state: NetworkState = { open: false, urls: [], always: false, advertising: ADVERTISING_OFF, windowsFirewall };
    const changes: unknown[] = [];
    return {
      changes,
      appInfo,
      onNetworkTables: () => () => {},
      findNetworkTables: vi.fn(),
      networkState: () => Promise.resolve(state),
      onNetworkState: () => () => {},
      setNetwork: (change) => {
        changes.push(change);
        state = {
          open: change.open,
          urls: change.open ? ['http://192.168.1.20:7420'] : [],
          always: change.always ?? state.always,
          advertising: change.open ? { state: 'advertised', renamed: [], hostNames: ['chronicle-abc123.local'] } : ADVERTISING_OFF,
          windowsFirewall,
        };
        return Promise.resolve(state);
      },
      yourTurn: vi.fn(),
      desktopSettings: () => Promise.resolve({ turnNotice: true, askBeforeQuit: true }),
      setDesktopSettings: (change) => Promise.resolve({ turnNotice: true, askBeforeQuit: true, ...change }),
      ...over,
    };
  }

  it('shows the version from the preload bridge', async () => {
    window.chronicle = fakeBridge();
    const app = mount(App, { target: document.body, props: { connection: new FakeClient().connection, origin: ORIGIN } });
    await vi.waitFor(() => expect(document.querySelector('footer')?.textContent).toContain('v1.2.3'));
    void unmount(app);
  });

  it('lists the tables found on the network as links, and stops listening when it leaves', async () => {
    let listener: ((tables: readonly NetworkTable[]) => void) | null = null;
    const unsubscribe = vi.fn();
    window.chronicle = fakeBridge({
      onNetworkTables: (l) => {
        listener = l;
        return unsubscribe;
      },
    });
    const app = mount(App, { target: document.body, props: { connection: new FakeClient().connection, origin: ORIGIN } });
    await lowerPanels();
    expect(document.querySelector('[data-testid="network-table"]')).toBeNull();
    listener!([{ name: '<b>Friday</b>', url: 'http://10.0.0.7:7420/t/abcDEF123456', freeSeats: 2, seats: 4, verified: true }]);
    flushSync();
    const link = document.querySelector<HTMLAnchorElement>('[data-testid="network-table"]')!;
    expect(link.getAttribute('href')).toBe('http://10.0.0.7:7420/t/abcDEF123456');
    expect(link.textContent).toBe('<b>Friday</b>'); // shown as text, never as markup
    void unmount(app);
    flushSync();
    expect(unsubscribe).toHaveBeenCalled();
  });

  it('marks a table no host answers for as not verified, and gives no link to it', async () => {
    let listener: ((tables: readonly NetworkTable[]) => void) | null = null;
    window.chronicle = fakeBridge({ onNetworkTables: (l) => ((listener = l), () => {}) });
    const app = mount(App, { target: document.body, props: { connection: new FakeClient().connection, origin: ORIGIN } });
    await lowerPanels();
    listener!([
      { name: 'Friday', url: 'http://10.0.0.7:7420/t/abcDEF123456', freeSeats: 2, seats: 4, verified: true },
      { name: 'Friday', url: 'http://10.0.0.66:7420/t/abcDEF123456', freeSeats: 4, seats: 4, verified: false },
    ]);
    flushSync();
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="network-tables"] li')];
    expect(rows.map((r) => r.dataset['verified'])).toEqual(['true', 'false']);
    expect(rows[0]!.querySelector('a')?.getAttribute('href')).toBe('http://10.0.0.7:7420/t/abcDEF123456');
    expect(rows[1]!.querySelector('a')).toBeNull();
    expect(rows[1]!.textContent).toContain('not verified');
    expect(document.querySelector('[data-testid="unverified-note"]')?.textContent).toContain('no Chronicle host answers for this table');
    void unmount(app);
  });

  it('looks for tables on the network only when asked', async () => {
    const bridge = fakeBridge();
    window.chronicle = bridge;
    const app = mount(App, { target: document.body, props: { connection: new FakeClient().connection, origin: 'http://127.0.0.1:7420' } });
    await lowerPanels();
    expect(bridge.findNetworkTables).not.toHaveBeenCalled();
    document.querySelector<HTMLButtonElement>('[data-testid="find-tables"]')!.click();
    flushSync();
    expect(bridge.findNetworkTables).toHaveBeenCalledOnce();
    expect(document.querySelector('[data-testid="find-tables"]')).toBeNull();
    void unmount(app);
  });

  it('plays offline until opened to the network, then shows the LAN link, and closes again', async () => {
    const bridge = fakeBridge();
    window.chronicle = bridge;
    const app = mount(App, { target: document.body, props: { connection: new FakeClient().connection, origin: 'http://127.0.0.1:7420' } });
    const panel = () => document.querySelector<HTMLElement>('[data-testid="network-switch"]');
    await vi.waitFor(() => expect(panel()?.dataset['open']).toBe('false'));
    expect(document.querySelector('[data-testid="qr"]')).toBeNull(); // no loopback link to share
    expect(panel()!.textContent).toContain('Playing offline');

    document.querySelector<HTMLButtonElement>('[data-testid="open-network"]')!.click();
    await vi.waitFor(() => expect(panel()?.dataset['open']).toBe('true'));
    expect(document.querySelector('[data-testid="join-link"]')?.textContent).toBe('http://192.168.1.20:7420');
    expect(document.querySelector('[data-testid="windows-public"]')).toBeNull(); // not on Windows

    // The header says so on every screen, and closes it too.
    expect(document.querySelector('[data-testid="network-badge"]')?.textContent).toContain('Open to the network');
    document.querySelector<HTMLButtonElement>('[data-testid="badge-close-network"]')!.click();
    await vi.waitFor(() => expect(panel()?.dataset['open']).toBe('false'));
    expect(document.querySelector('[data-testid="network-badge"]')).toBeNull();

    document.querySelector<HTMLButtonElement>('[data-testid="open-network"]')!.click();
    await vi.waitFor(() => expect(panel()?.dataset['open']).toBe('true'));
    document.querySelector<HTMLButtonElement>('[data-testid="close-network"]')!.click();
    await vi.waitFor(() => expect(panel()?.dataset['open']).toBe('false'));
    expect(bridge.changes).toEqual([
      { open: true, always: false },
      { open: false, always: false },
      { open: true, always: false },
      { open: false, always: false },
    ]);
    void unmount(app);
  });

  it('on Windows, explains what a Public network does to the players once open', async () => {
    window.chronicle = fakeBridge({}, true);
    const app = mount(App, { target: document.body, props: { connection: new FakeClient().connection, origin: 'http://127.0.0.1:7420' } });
    await vi.waitFor(() => expect(document.querySelector('[data-testid="open-network"]')).not.toBeNull());
    expect(document.querySelector('[data-testid="windows-public"]')).toBeNull(); // offline: nothing to explain
    document.querySelector<HTMLButtonElement>('[data-testid="open-network"]')!.click();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="windows-public"]')?.textContent).toMatch(/Public.*Private/));
    void unmount(app);
  });

  it('shows whether the tables can be found on the network, as the host pushes it, and nothing it cannot read', async () => {
    let push: ((state: NetworkState) => void) | null = null;
    const bridge = fakeBridge({ onNetworkState: (l) => ((push = l), () => (push = null)) });
    window.chronicle = bridge;
    const app = mount(App, { target: document.body, props: { connection: new FakeClient().connection, origin: 'http://127.0.0.1:7420' } });
    const status = () => document.querySelector<HTMLElement>('[data-testid="advertising-status"]');
    await vi.waitFor(() => expect(document.querySelector('[data-testid="open-network"]')).not.toBeNull());
    expect(status()).toBeNull(); // offline: nothing to say about mDNS
    document.querySelector<HTMLButtonElement>('[data-testid="open-network"]')!.click();
    await vi.waitFor(() => expect(status()?.dataset['state']).toBe('advertised'));
    expect(status()!.textContent).toContain('Devices on this network can find the tables.');

    const open = { open: true, urls: ['http://192.168.1.20:7420'], always: false, windowsFirewall: false };
    push!({ ...open, advertising: { state: 'renamed', renamed: ['Friday (abc123) (2)', 'chronicle-abc123-2.local'], hostNames: ['chronicle-abc123-2.local'] } });
    await vi.waitFor(() => expect(status()?.dataset['state']).toBe('renamed'));
    expect(status()!.textContent).toContain('Another device claimed their name, so they are announced as “Friday (abc123) (2)”.');

    push!({ ...open, advertising: { state: 'retrying', renamed: [], hostNames: [] } });
    await vi.waitFor(() => expect(status()?.textContent).toContain('trying again'));

    // A shape the window does not know is not shown (the rest of the state still is).
    push!({ ...open, advertising: { state: 'hacked', renamed: [], hostNames: [] } as never });
    await vi.waitFor(() => expect(status()).toBeNull());
    expect(document.querySelector('[data-testid="join-link"]')?.textContent).toBe('http://192.168.1.20:7420');
    void unmount(app);
  });

  it('lists the finished games the host shows its own machine, over the host’s connection', async () => {
    window.chronicle = fakeBridge();
    const client = new FakeClient();
    client.finished = [
      {
        id: tableIdOf('done00000001'),
        name: '<i>Friday</i>',
        players: 3,
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'bot', name: null },
          { kind: 'bot', name: null },
        ],
        fame: [31, 24, 18],
        winners: [seatOf(0)],
        createdAt: Date.UTC(2026, 10, 20),
        finishedAt: Date.UTC(2026, 10, 20, 1),
        actions: 120,
      },
    ];
    client.savedRecord = { format: 'chronicle-record', id: 'done00000001' } as unknown as GameRecord;
    const app = mount(App, { target: document.body, props: { connection: client.connection, origin: 'http://127.0.0.1:7420' } });
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid="finished-game"]')).toHaveLength(1));
    expect(client.finishedAll).toBe(true); // not only this window's own games
    expect(document.querySelector('[data-testid="finished-games"] h2')?.textContent).toBe('Finished games');
    const row = document.querySelector('[data-testid="finished-game"]')!;
    expect(row.querySelector('strong')?.textContent).toBe('<i>Friday</i>');
    expect(row.textContent).toContain('Won by Ann');
    // Replay hands the host's record to the host's replay, as a record file would be.
    row.querySelector<HTMLButtonElement>('[data-testid="replay-finished"]')!.click();
    await vi.waitFor(() => expect(client.calls).toContainEqual({ method: 'openReplay', args: [client.savedRecord] }));
    expect(client.calls).toContainEqual({ method: 'finishedRecord', args: ['done00000001'] });
    void unmount(app);
  });

  it('shows no network list in a plain browser', () => {
    const app = mount(App, { target: document.body, props: { connection: new FakeClient().connection, origin: ORIGIN } });
    flushSync();
    expect(document.querySelector('[aria-label="On your network"]')).toBeNull();
    void unmount(app);
  });
});
