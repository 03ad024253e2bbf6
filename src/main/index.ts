// Electron main process: the thin desktop shell. This is the only file that imports `electron`
// (besides the preload script); the rules for URLs, IPC and settings live in src/main/shell,
// the host in src/main/local-host.ts, and none of them needs Electron.
//
// Security (Electron's checklist): sandboxed, context-isolated windows without Node; the app's
// window shows only the app's own origin; a table on another LAN host opens in a window of its
// own with no preload, pinned to that host's origin; no permissions; IPC only from the app's
// origin with checked payloads; links open outside only for allowed https sites; one instance.
import { type BrowserWindowConstructorOptions, type Session, type WebContents, BrowserWindow, app, dialog, ipcMain, session, shell } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IPC, type AppInfo, type NetworkState, type NetworkTable } from '../shared/bridge';
import type { IpcChannel, IpcPayload } from '../shared/bridge-schemas';
import type { TableBrowser } from './discovery/discovery';
import { type LocalHost, startLocalHost } from './local-host';
import { watchNetworkTables } from './network-tables';
import { finishedRecord, savedGames } from './saved-games';
import { checkedPayload, type IpcSender } from './shell/ipc-guard';
import { type Settings, loadSettings, saveSettings } from './shell/settings';
import { externalAllowed, networkTableOrigin, onOrigin } from './shell/url-policy';

// CHRONICLE_MDNS=off keeps the app off the network's multicast (tests, locked-down networks).
const mdns = process.env['CHRONICLE_MDNS'] !== 'off';
// CHRONICLE_PORT=0 lets tests (and a second copy of the app) take any free port.
const portSetting = process.env['CHRONICLE_PORT'];
const port = portSetting !== undefined && /^\d{1,5}$/.test(portSetting) && Number(portSetting) <= 65535 ? Number(portSetting) : undefined;
/** Tables of other hosts open in this session, apart from the app's own storage. */
const REMOTE_PARTITION = 'persist:remote-tables';

let local: LocalHost | undefined;
let browser: TableBrowser | undefined;
let mainWindow: BrowserWindow | undefined;
let networkTables: readonly NetworkTable[] = [];
let settings: Settings = { openToNetwork: false, port: null };
let dataDir = '';
const remoteWindows = new Map<string, BrowserWindow>();

const secure: BrowserWindowConstructorOptions['webPreferences'] = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  webSecurity: true,
  webviewTag: false,
};

/** No page of this app gets a permission (camera, notifications, clipboard reads...). */
function denyAllPermissions(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
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
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'Chronicle',
    show: false,
    webPreferences: {
      ...secure,
      // Sandboxed preloads must be CommonJS (see electron.vite.config.ts); vite bundles the
      // preload into one file, so it may import shared code.
      preload: join(import.meta.dirname, '../preload/index.cjs'),
    },
  });
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = undefined;
  });
  pinToOrigin(win.webContents, new URL(url).origin, true);
  // The window is a client of the machine's own host, like every browser on the LAN.
  void win.loadURL(url);
  return win;
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
  if (!local) throw new Error('the app host is not running');
  return new URL(local.host.url).origin;
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
  return { ...local.network(), always: settings.openToNetwork };
}

function registerIpc(settingsFile: string): void {
  handle(
    IPC.appInfo,
    (): AppInfo => ({
      name: 'Chronicle',
      version: app.getVersion(),
      versions: { electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node },
    }),
  );
  listen(IPC.networkTablesNow, () => sendNetworkTables());
  listen(IPC.findNetworkTables, () => findNetworkTables());
  handle(IPC.networkState, () => networkState());
  handle(IPC.savedGames, () => savedGames(dataDir));
  handle(IPC.gameRecord, async (tableId) => {
    const record = await finishedRecord(dataDir, tableId);
    if (!record) throw new Error('there is no finished game with this id');
    return record;
  });
  handle(IPC.exportRecord, async (tableId) => {
    const record = await finishedRecord(dataDir, tableId);
    if (!record) throw new Error('there is no finished game with this id');
    const options = { defaultPath: `chronicle-${tableId}.chronicle.json`, filters: [{ name: 'Chronicle record', extensions: ['json'] }] };
    const chosen = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
    if (chosen.canceled || !chosen.filePath) return false;
    await writeFile(chosen.filePath, `${JSON.stringify(record, null, 2)}\n`);
    return true;
  });
  handle(IPC.setNetwork, async (change) => {
    if (change.always !== undefined && change.always !== settings.openToNetwork) {
      settings = { ...settings, openToNetwork: change.always };
      await saveSettings(settingsFile, settings);
    }
    if (!local) throw new Error('the app host is not running');
    if (change.open) {
      await local.openToNetwork();
      findNetworkTables();
    } else {
      await local.closeToNetwork();
    }
    return networkState();
  });
}

function start(): void {
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
    denyAllPermissions(session.defaultSession);
    const userData = app.getPath('userData');
    const settingsFile = join(userData, 'settings.json');
    settings = await loadSettings(settingsFile);
    dataDir = process.env['CHRONICLE_DATA'] ?? join(userData, 'tables');
    // The port of the last start first: the window's origin, and so the seat tokens it keeps
    // in localStorage, stay the same from one start to the next.
    const wanted = port ?? settings.port ?? undefined;
    local = await startLocalHost({ dataDir, staticDir: join(import.meta.dirname, '../renderer'), mdns, ...(wanted === undefined ? {} : { port: wanted }) });
    if (port === undefined && local.host.port !== settings.port) {
      settings = { ...settings, port: local.host.port };
      await saveSettings(settingsFile, settings).catch((e: unknown) => console.warn('cannot save the settings', e));
    }
    registerIpc(settingsFile);
    // The tables' mDNS status changes by itself (a name taken on the network, a retry): the window hears of it.
    local.onNetwork((state) => mainWindow?.webContents.send(IPC.networkStateChanged, { ...state, always: settings.openToNetwork } satisfies NetworkState));
    if (settings.openToNetwork) {
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

  // Flush every table before the process ends.
  app.on('will-quit', (event) => {
    if (!local) return;
    event.preventDefault();
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
