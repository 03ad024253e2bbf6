// The app as the night's host (src/main/index.ts with the fake `electron`): the window opens where
// it was left and keeps its storage when the port changed, the machine stays awake while players
// from other machines sit at its tables, closing or quitting asks first, and a turn that comes
// while the window is in the background flashes it and shows a notification.
import { Notification, app, dialog, powerSaveBlocker } from 'electron';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lanAddresses } from '../../../src/main/host/lan-urls';
import { READ_STORAGE } from '../../../src/main/shell/window-storage';
import { IPC, type DesktopSettings } from '../../../src/shared/bridge';
import type { Seated } from '../../../src/shared/protocol';
import { connectTo } from '../../kit/host/host';
import { Player } from '../../kit/clients/player';
import { type FakeWindow, invokeHandler, ipcEvent, listenerOf, onHandler, windows } from '../../kit/shell/electron-fakes';

type Win = FakeWindow & Record<'on' | 'maximize' | 'close' | 'flashFrame' | 'isFocused' | 'getNormalBounds', ReturnType<typeof vi.fn>>;
type Contents = FakeWindow['webContents'] & Record<'once' | 'reload' | 'executeJavaScript', ReturnType<typeof vi.fn>>;

let win: Win;
let contents: Contents;
let appUrl = '';
const userData = app.getPath('userData');
const settingsFile = join(userData, 'settings.json');
const storageFile = join(userData, 'window-storage.json');
const OLD_ORIGIN = 'http://127.0.0.1:1';
const MOVED: [string, string][] = [
  ['chronicle.seat.abcDEF123456', 'a-seat-token'],
  ['chronicle.playerName', 'Ann'],
];

beforeAll(async () => {
  process.env['CHRONICLE_MDNS'] = 'off';
  process.env['CHRONICLE_PORT'] = '0';
  // The last run left the window on the right of a 1920×1080 screen, maximised, and its storage
  // on a port another program holds now.
  await writeFile(settingsFile, JSON.stringify({ openToNetwork: false, port: null, bounds: { x: 600, y: 100, width: 1000, height: 700, maximized: true } }));
  await writeFile(storageFile, JSON.stringify({ origin: OLD_ORIGIN, entries: MOVED }));
  await import('../../../src/main/index');
  await vi.waitFor(() => expect(windows()).toHaveLength(1), { timeout: 15_000 });
  win = windows()[0] as Win;
  contents = win.webContents as Contents;
  appUrl = String(win.loadURL.mock.calls[0]?.[0]);
});

afterAll(async () => {
  listenerOf<(e: { preventDefault(): void }) => void>(vi.mocked(app.on), 'will-quit')({ preventDefault: vi.fn() });
  await vi.waitFor(() => expect(app.quit).toHaveBeenCalled(), { timeout: 15_000 });
});

const fromApp = () => ipcEvent(`${appUrl}/?table=x`);
const savedSettings = async () => JSON.parse(await readFile(settingsFile, 'utf8')) as Record<string, unknown>;

describe('the window', () => {
  it('opens where it was left, maximised again', () => {
    expect(win.options).toMatchObject({ x: 600, y: 100, width: 1000, height: 700 });
    expect(win.maximize).toHaveBeenCalledOnce();
  });

  it('keeps its bounds when it moves', async () => {
    win.getNormalBounds.mockReturnValue({ x: 10, y: 20, width: 1100, height: 720 });
    listenerOf<() => void>(win.on, 'move')();
    await vi.waitFor(async () => expect((await savedSettings())['bounds']).toEqual({ x: 10, y: 20, width: 1100, height: 720, maximized: false }), { timeout: 3000 });
  });

  it('keeps its bounds when it is resized, and when it is maximised', async () => {
    win.getNormalBounds.mockReturnValue({ x: 10, y: 20, width: 900, height: 640 });
    listenerOf<() => void>(win.on, 'resize')();
    await vi.waitFor(async () => expect((await savedSettings())['bounds']).toEqual({ x: 10, y: 20, width: 900, height: 640, maximized: false }), { timeout: 3000 });
    const isMaximized = vi.mocked((win as unknown as { isMaximized: () => boolean }).isMaximized);
    isMaximized.mockReturnValue(true);
    listenerOf<() => void>(win.on, 'maximize')();
    await vi.waitFor(async () => expect((await savedSettings())['bounds']).toEqual({ x: 10, y: 20, width: 900, height: 640, maximized: true }), { timeout: 3000 });
    isMaximized.mockReturnValue(false);
  });

  it('moves the storage kept on the old origin into the page, reloads it once, and keeps it for the new origin', async () => {
    expect(OLD_ORIGIN).not.toBe(appUrl);
    contents.executeJavaScript.mockResolvedValueOnce(2); // the two keys written
    listenerOf<() => void>(contents.once, 'did-finish-load')();
    await vi.waitFor(() => expect(contents.reload).toHaveBeenCalledOnce());
    const script = String(contents.executeJavaScript.mock.calls[0]?.[0]);
    for (const [key, value] of MOVED) expect(script).toContain(JSON.stringify([key, value]));
    // Then the page's storage is kept under the new origin (here the fake page reads back '[]').
    await vi.waitFor(() => expect(contents.executeJavaScript).toHaveBeenCalledWith(READ_STORAGE));
    await vi.waitFor(async () => expect(JSON.parse(await readFile(storageFile, 'utf8'))).toEqual({ origin: appUrl, entries: [] }));
  });

  it('keeps the storage again when the window loses focus', async () => {
    contents.executeJavaScript.mockResolvedValueOnce(JSON.stringify([['chronicle.seat.abcDEF123456', 'a-seat-token']]));
    listenerOf<() => void>(win.on, 'blur')();
    await vi.waitFor(async () => expect(JSON.parse(await readFile(storageFile, 'utf8'))).toEqual({ origin: appUrl, entries: [MOVED[0]] }));
  });
});

describe('your turn', () => {
  const turn = (event: unknown, payload?: unknown) => onHandler(IPC.yourTurn)(event, payload);
  const notice = { title: 'Chronicle', body: 'Your turn at Friday night' };

  it('in the background: flashes the window and shows a notification that brings it forward', () => {
    win.isFocused.mockReturnValue(false);
    turn(fromApp(), notice);
    expect(win.flashFrame).toHaveBeenCalledExactlyOnceWith(true);
    const shown = (Notification as unknown as { instances: { options: object; show: ReturnType<typeof vi.fn>; on: ReturnType<typeof vi.fn> }[] }).instances;
    expect(shown).toHaveLength(1);
    expect(shown[0]!.options).toEqual(notice);
    expect(shown[0]!.show).toHaveBeenCalledOnce();
    listenerOf<() => void>(shown[0]!.on, 'click')();
    expect(win.focus).toHaveBeenCalled();
    // Focusing the window stops the flashing.
    listenerOf<() => void>(win.on, 'focus')();
    expect(win.flashFrame).toHaveBeenLastCalledWith(false);
  });

  it('says nothing while the window has the focus, nor for other pages or malformed notices', () => {
    win.flashFrame.mockClear();
    win.isFocused.mockReturnValue(true);
    turn(fromApp(), notice);
    win.isFocused.mockReturnValue(false);
    for (const event of [ipcEvent('http://10.0.0.7:7420/'), ipcEvent(`${appUrl}/`, { url: appUrl })]) turn(event, notice);
    for (const bad of [{ title: '', body: 'x' }, { title: 'x'.repeat(101), body: '' }, { ...notice, icon: 'file:///x' }, 'Your turn']) turn(fromApp(), bad);
    expect(win.flashFrame).not.toHaveBeenCalled();
    expect((Notification as unknown as { instances: unknown[] }).instances).toHaveLength(1);
  });

  it('only flashes when the notification setting is off, and the setting is kept', async () => {
    const set = invokeHandler(IPC.setDesktopSettings);
    expect(await invokeHandler(IPC.desktopSettings)(fromApp())).toEqual({ turnNotice: true, askBeforeQuit: true });
    expect(() => set(fromApp(), { turnNotice: 'no' })).toThrow(/refused/);
    expect(() => set(ipcEvent('http://10.0.0.7:7420/'), { turnNotice: false })).toThrow(/refused/);
    expect(await set(fromApp(), { turnNotice: false })).toEqual({ turnNotice: false, askBeforeQuit: true } satisfies DesktopSettings);
    expect(await savedSettings()).toMatchObject({ turnNotice: false });
    turn(fromApp(), notice);
    expect(win.flashFrame).toHaveBeenCalledExactlyOnceWith(true);
    expect((Notification as unknown as { instances: unknown[] }).instances).toHaveLength(1);
    await set(fromApp(), { turnNotice: true });
  });
});

if (lanAddresses().length === 0) console.log('game-night: the guests tests are skipped: this machine has no LAN address for them to connect from');
describe.skipIf(lanAddresses().length === 0)('players from other machines', () => {
  const guests: Player[] = [];
  const closeWindow = () => {
    const event = { preventDefault: vi.fn() };
    listenerOf<(e: typeof event) => void>(win.on, 'close')(event);
    return event.preventDefault.mock.calls.length === 0;
  };
  const quit = () => {
    const event = { preventDefault: vi.fn() };
    listenerOf<(e: typeof event) => void>(vi.mocked(app.on), 'before-quit')(event);
    return event.preventDefault.mock.calls.length === 0;
  };

  it('keep the machine awake while they sit at a table', async () => {
    expect(closeWindow()).toBe(true); // nobody from elsewhere yet: nothing to ask
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
    await invokeHandler(IPC.setNetwork)(fromApp(), { open: true });
    const lan = `http://${lanAddresses()[0]}:${new URL(appUrl).port}`;
    const owner = new Player(await connectTo(lan), 1);
    const created = await owner.request<Seated>('table:create', { name: 'Friday', players: 3, playerName: 'Bob' });
    expect(created.ok).toBe(true);
    const second = new Player(await connectTo(lan), 2);
    expect(await second.join((created as { tableId: string }).tableId, 'Cid')).toMatchObject({ ok: true });
    guests.push(owner, second);
    await vi.waitFor(() => expect(powerSaveBlocker.start).toHaveBeenCalledExactlyOnceWith('prevent-app-suspension'));
  });

  it('closing the window or quitting asks, and keeps hosting unless told to quit', async () => {
    vi.mocked(dialog.showMessageBox).mockResolvedValue({ response: 0, checkboxChecked: false });
    expect(closeWindow()).toBe(false);
    expect(closeWindow()).toBe(false); // one question at a time
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledOnce());
    const question = (vi.mocked(dialog.showMessageBox).mock.calls[0] as unknown[] | undefined)?.[1] as { message: string; buttons: string[]; checkboxLabel: string };
    expect(question).toMatchObject({ message: '2 players are at your tables', buttons: ['Keep hosting', 'Quit'], checkboxLabel: "Don't ask again" });
    await new Promise((r) => setTimeout(r, 20));
    expect(win.close).not.toHaveBeenCalled();
    expect(quit()).toBe(false);
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledTimes(2));
    expect(app.quit).not.toHaveBeenCalled();
  });

  it('"Quit" with "Don\'t ask again" closes the window and keeps the setting', async () => {
    vi.mocked(dialog.showMessageBox).mockResolvedValue({ response: 1, checkboxChecked: true });
    expect(closeWindow()).toBe(false);
    await vi.waitFor(() => expect(win.close).toHaveBeenCalledOnce());
    await vi.waitFor(async () => expect(await savedSettings()).toMatchObject({ askBeforeQuit: false }));
    expect(closeWindow()).toBe(true); // the close that follows goes through
    expect(quit()).toBe(true);
  });

  it('let the machine sleep again once they are gone', async () => {
    for (const g of guests) g.socket.disconnect();
    await vi.waitFor(() => expect(powerSaveBlocker.stop).toHaveBeenCalledExactlyOnceWith(1));
  });
});
