// Electron main process: the thin desktop shell. This is the only file that imports `electron`
// (besides the preload script); the rules for URLs, IPC and settings live in src/main/shell,
// the host in src/main/local-host.ts, and none of them needs Electron.
//
// Security (Electron's checklist): sandboxed, context-isolated windows without Node; the app's
// window shows only the app's own origin; a table on another LAN host opens in a window of its
// own with no preload, pinned to that host's origin; no permission but the clipboard write of
// Copy link for the app's origin; IPC only from the app's origin with checked payloads; links
// open outside only for allowed https sites; one instance.
import {
  type BrowserWindowConstructorOptions,
  type Session,
  type WebContents,
  BrowserWindow,
  Notification,
  app,
  dialog,
  ipcMain,
  powerSaveBlocker,
  screen,
  session,
  shell,
} from 'electron';
import { join } from 'node:path';
import { IPC, type AppInfo, type DesktopSettings, type LanState, type NetworkState, type NetworkTable } from '../shared/bridge';
import type { IpcChannel, IpcPayload } from '../shared/bridge-schemas';
import type { Guests } from './host/guests';
import { type LocalHost, startLocalHost } from './local-host';
import { type NetworkTablesWatch, watchNetworkTables } from './network-tables';
import { GameNight } from './shell/game-night';
import { checkedPayload, type IpcSender } from './shell/ipc-guard';
import { requestAttention } from './shell/attention';
import { QUIT_BUTTON, SHOW_FOLDER_BUTTON, diskFullNotice, quitQuestion } from './shell/messages';
import { permissionAllowed } from './shell/permissions';
import { APP_ID } from './shell/app-id';
import { DEFAULT_SETTINGS, SettingsFile, loadSettings } from './shell/settings';
import { externalAllowed, networkTableOrigin, onOrigin } from './shell/url-policy';
import { boundsToSave, restoredBounds } from './shell/window-bounds';
import { WindowStorage } from './shell/window-storage';

// CHRONICLE_MDNS=off keeps the app off the network's multicast (tests, locked-down networks).
const mdns = process.env['CHRONICLE_MDNS'] !== 'off';
// CHRONICLE_PORT=0 lets tests (and a second copy of the app) take any free port.
const portSetting = process.env['CHRONICLE_PORT'];
const port = portSetting !== undefined && /^\d{1,5}$/.test(portSetting) && Number(portSetting) <= 65535 ? Number(portSetting) : undefined;
/** Tables of other hosts open in this session, apart from the app's own storage. */
const REMOTE_PARTITION = 'persist:remote-tables';

let local: LocalHost | undefined;
let browser: NetworkTablesWatch | undefined;
let mainWindow: BrowserWindow | undefined;
let networkTables: readonly NetworkTable[] = [];
let settings = new SettingsFile('', DEFAULT_SETTINGS);
let night: GameNight | undefined;
let dataDir = '';
/** The window's localStorage, moved along when the host's port (its origin) changes. */
let storage: WindowStorage | undefined;
/** The last turn notice, kept so it is not collected before it is clicked. */
let turnNotification: Notification | undefined;
const remoteWindows = new Map<string, BrowserWindow>();

const secure: BrowserWindowConstructorOptions['webPreferences'] = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  webSecurity: true,
  webviewTag: false,
};

/** Other hosts' pages get no permission at all (camera, notifications, clipboard...). */
function denyAllPermissions(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

/** The app's own pages get only the clipboard write of Copy link (src/main/shell/permissions.ts). */
function appPermissions(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => callback(permissionAllowed(permission, details.requestingUrl, currentOrigin())));
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) => permissionAllowed(permission, requestingOrigin, currentOrigin()));
}

/**
 * Keeps `contents` on `origin`: every other navigation, redirect and new window is refused.
 * From the app's own window, a table found on the network opens in its own window, and an
 * allowed https link in the system browser.
 */
function pinToOrigin(contents: WebContents, origin: string, isAppWindow: boolean): void {
  contents.on('will-navigate', (event) => {
    if (onOrigin(event.url, origin)) return;
    event.preventDefault();
    if (isAppWindow && networkTableOrigin(event.url, networkTables)) openRemoteTable(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (!onOrigin(event.url, origin)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isAppWindow && networkTableOrigin(url, networkTables)) openRemoteTable(url);
    else if (externalAllowed(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

function createMainWindow(url: string): BrowserWindow {
  // Where it was left, unless that is off every screen now.
  const bounds = restoredBounds(
    settings.value.bounds,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...(bounds ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height } : { width: 1280, height: 800 }),
    title: 'Chronicle',
    show: false,
    webPreferences: {
      ...secure,
      // Sandboxed preloads must be CommonJS (see electron.vite.config.ts); vite bundles the
      // preload into one file, so it may import shared code.
      preload: join(import.meta.dirname, '../preload/index.cjs'),
    },
  });
  if (bounds?.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  let boundsTimer: NodeJS.Timeout | undefined;
  const keepBounds = () => void settings.update({ bounds: boundsToSave(win.getNormalBounds(), win.isMaximized()) });
  const keepBoundsSoon = () => {
    clearTimeout(boundsTimer);
    boundsTimer = setTimeout(keepBounds, 500);
  };
  for (const moved of ['move', 'resize', 'maximize', 'unmaximize'] as const) win.on(moved as 'move', keepBoundsSoon);
  win.on('focus', () => win.flashFrame(false)); // the turn notice has been seen
  const origin = new URL(url).origin;
  const keepStorage = () => void storage?.keep(win.webContents, origin);
  win.on('blur', keepStorage);
  win.on('close', (event) => {
    clearTimeout(boundsTimer);
    keepBounds();
    keepStorage();
    // On macOS the app, and its host, stay when the window closes: only quitting asks.
    if (process.platform !== 'darwin' && night && !night.mayLeave(() => win.close())) event.preventDefault();
  });
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = undefined;
  });
  pinToOrigin(win.webContents, origin, true);
  storage?.arrive(win.webContents, origin);
  // The window is a client of the machine's own host, like every browser on the LAN.
  void win.loadURL(url);
  return win;
}

/** It is the player's turn: told when the window is in the background (bridge.yourTurn). */
function tellTurn(notice: { title: string; body: string }): void {
  const win = mainWindow;
  if (!win || win.isDestroyed() || win.isFocused()) return;
  requestAttention(win, app);
  if (!settings.value.turnNotice || !Notification.isSupported()) return;
  turnNotification?.close();
  const shown = new Notification({ title: notice.title, body: notice.body });
  shown.on('click', () => {
    if (win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  shown.show();
  turnNotification = shown;
}

/** The disk holding the games is full: the owner hears what to free and where, once each time it fills. */
function tellDiskFull(full: boolean): void {
  if (!full) return;
  const notice = diskFullNotice(app.getLocale(), dataDir);
  const win = mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined;
  void (win ? dialog.showMessageBox(win, notice) : dialog.showMessageBox(notice)).then(({ response }) => {
    if (response === SHOW_FOLDER_BUTTON) void shell.openPath(dataDir);
  });
}

function desktopSettings(): DesktopSettings {
  return { turnNotice: settings.value.turnNotice, askBeforeQuit: settings.value.askBeforeQuit };
}

/** "3 players are at your tables": quit anyway, or keep hosting (the default). */
async function askBeforeLeaving(guests: Guests): Promise<{ leave: boolean; stopAsking: boolean }> {
  const question = quitQuestion(app.getLocale(), guests.players);
  const answer = mainWindow && !mainWindow.isDestroyed() ? await dialog.showMessageBox(mainWindow, question) : await dialog.showMessageBox(question);
  return { leave: answer.response === QUIT_BUTTON, stopAsking: answer.checkboxChecked };
}

/** A table on another host: its own window, no preload, its own session, pinned to that host. */
function openRemoteTable(url: string): void {
  const origin = new URL(url).origin;
  const open = remoteWindows.get(origin);
  if (open && !open.isDestroyed()) {
    void open.loadURL(url);
    open.focus();
    return;
  }
  const ses = session.fromPartition(REMOTE_PARTITION);
  denyAllPermissions(ses);
  const win = new BrowserWindow({ width: 1200, height: 780, title: `Chronicle — ${new URL(url).host}`, webPreferences: { ...secure, session: ses } });
  remoteWindows.set(origin, win);
  win.on('closed', () => remoteWindows.delete(origin));
  pinToOrigin(win.webContents, origin, false);
  void win.loadURL(url);
}

/** Registers an IPC handler that runs only for checked messages from the app's own window. */
function handle<C extends IpcChannel, R>(channel: C, run: (payload: IpcPayload<C>) => R): void {
  ipcMain.handle(channel, (event, payload: unknown) => run(checkedPayload(channel, event as IpcSender, payload, appOrigin())));
}
function listen<C extends IpcChannel>(channel: C, run: (payload: IpcPayload<C>) => void): void {
  ipcMain.on(channel, (event, payload: unknown) => {
    try {
      run(checkedPayload(channel, event as IpcSender, payload, appOrigin()));
    } catch (e) {
      console.warn((e as Error).message);
    }
  });
}

function appOrigin(): string {
  const origin = currentOrigin();
  if (origin === null) throw new Error('the app host is not running');
  return origin;
}

function currentOrigin(): string | null {
  return local ? new URL(local.host.url).origin : null;
}

function sendNetworkTables(): void {
  // Only the app's own window hears about the network; other hosts' pages never do.
  mainWindow?.webContents.send(IPC.networkTables, networkTables);
}

function findNetworkTables(): void {
  if (browser || !mdns) return;
  browser = watchNetworkTables((tables) => {
    networkTables = tables;
    sendNetworkTables();
  });
}

async function networkState(): Promise<NetworkState> {
  if (!local) throw new Error('the app host is not running');
  return withSettings(local.network());
}

function withSettings(state: LanState): NetworkState {
  return { ...state, always: settings.value.openToNetwork, windowsFirewall: process.platform === 'win32' };
}

function registerIpc(): void {
  handle(IPC.appInfo, (): AppInfo => ({
    name: 'Chronicle',
    version: app.getVersion(),
    versions: { electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node },
  }));
  listen(IPC.networkTablesNow, () => sendNetworkTables());
  listen(IPC.findNetworkTables, () => findNetworkTables());
  handle(IPC.networkState, () => networkState());
  handle(IPC.setNetwork, async (change) => {
    if (change.always !== undefined && change.always !== settings.value.openToNetwork) await settings.update({ openToNetwork: change.always });
    if (!local) throw new Error('the app host is not running');
    if (change.open) {
      await local.openToNetwork();
      findNetworkTables();
    } else {
      await local.closeToNetwork();
    }
    return networkState();
  });
  listen(IPC.yourTurn, (notice) => tellTurn(notice));
  handle(IPC.desktopSettings, () => desktopSettings());
  handle(IPC.setDesktopSettings, async (change) => {
    await settings.update({
      ...(change.turnNotice === undefined ? {} : { turnNotice: change.turnNotice }),
      ...(change.askBeforeQuit === undefined ? {} : { askBeforeQuit: change.askBeforeQuit }),
    });
    return desktopSettings();
  });
}

function start(): void {
  // Windows: the taskbar and the turn notices go under the installer's shortcut (app-id.ts).
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
  // A second start of the app brings the first one's window forward instead.
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  void app.whenReady().then(async () => {
    appPermissions(session.defaultSession);
    const userData = app.getPath('userData');
    const settingsFile = join(userData, 'settings.json');
    settings = new SettingsFile(settingsFile, await loadSettings(settingsFile));
    storage = await WindowStorage.load(join(userData, 'window-storage.json'));
    dataDir = process.env['CHRONICLE_DATA'] ?? join(userData, 'tables');
    // The port of the last start first: the window's origin, and so the seat tokens it keeps
    // in localStorage, stay the same from one start to the next (when it is taken, the
    // window's storage moves to the new origin: moveStorage).
    const wanted = port ?? settings.value.port ?? undefined;
    local = await startLocalHost({
      dataDir,
      staticDir: join(import.meta.dirname, '../renderer'),
      mdns,
      onDiskFull: tellDiskFull,
      ...(wanted === undefined ? {} : { port: wanted }),
    });
    if (port === undefined && local.host.port !== settings.value.port) await settings.update({ port: local.host.port });
    night = new GameNight({
      startBlocker: () => powerSaveBlocker.start('prevent-app-suspension'),
      stopBlocker: (id) => powerSaveBlocker.stop(id),
      asking: () => settings.value.askBeforeQuit,
      ask: askBeforeLeaving,
      stopAsking: () => void settings.update({ askBeforeQuit: false }),
    });
    const game = night;
    local.host.onGuestsChange((guests) => game.update(guests));
    registerIpc();
    // The tables' mDNS status changes by itself (a name taken on the network, a retry): the window hears of it.
    local.onNetwork((state) => mainWindow?.webContents.send(IPC.networkStateChanged, withSettings(state)));
    if (settings.value.openToNetwork) {
      await local.openToNetwork();
      findNetworkTables();
    }
    const url = local.host.url;
    mainWindow = createMainWindow(url);
    // macOS: re-open a window when the dock icon is clicked and none is open.
    app.on('activate', () => {
      if (!mainWindow) mainWindow = createMainWindow(url);
    });
  });

  // Players from other machines at the tables: ask first (GameNight).
  app.on('before-quit', (event) => {
    if (night && !night.mayLeave(() => app.quit())) event.preventDefault();
  });

  // Flush every table before the process ends.
  app.on('will-quit', (event) => {
    if (!local) return;
    event.preventDefault();
    night?.end();
    const closing = local;
    local = undefined;
    void Promise.all([closing.close(), browser?.close()]).finally(() => app.quit());
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

if (app.requestSingleInstanceLock()) start();
else app.quit();
