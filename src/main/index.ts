// Electron main process: the thin desktop shell. This is the only file that imports `electron`
// (besides the preload script); game logic lives in src/main/host and src/shared.
import { app, BrowserWindow, ipcMain, shell } from 'electron';
import { join } from 'node:path';
import { IPC, type AppInfo } from '../shared/bridge';
import type { TableBrowser } from './discovery/discovery';
import { type LocalHost, startLocalHost } from './local-host';
import { networkTablesOf, watchNetworkTables } from './network-tables';

let local: LocalHost | undefined;
let browser: TableBrowser | undefined;
// CHRONICLE_MDNS=off keeps the app off the network's multicast (tests, locked-down networks).
const mdns = process.env['CHRONICLE_MDNS'] !== 'off';

function createWindow(url: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'Chronicle',
    show: false,
    webPreferences: {
      // Sandboxed preloads must be CommonJS (see electron.vite.config.ts); vite bundles the
      // preload into one file, so it may import shared code.
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  // Links open in the system browser, never in a new Electron window.
  win.webContents.setWindowOpenHandler(({ url }) => {
    void shell.openExternal(url);
    return { action: 'deny' };
  });

  // The window is a client of the machine's own host, like every browser on the LAN.
  void win.loadURL(url);
  return win;
}

ipcMain.handle(IPC.appInfo, (): AppInfo => ({
  name: 'Chronicle',
  version: app.getVersion(),
  versions: {
    electron: process.versions.electron,
    chrome: process.versions.chrome,
    node: process.versions.node,
  },
}));

void app.whenReady().then(async () => {
  local = await startLocalHost({
    dataDir: join(app.getPath('userData'), 'tables'),
    staticDir: join(import.meta.dirname, '../renderer'),
    mdns,
  });
  const url = local.host.url;
  createWindow(url);
  // Tables on the LAN (other hosts' and our own) go to every window as they come and go.
  const send = (tables: unknown) => BrowserWindow.getAllWindows().forEach((w) => w.webContents.send(IPC.networkTables, tables));
  if (mdns) browser = watchNetworkTables(send);
  ipcMain.on(IPC.networkTablesNow, () => send(browser ? networkTablesOf(browser.tables()) : []));
  // macOS: re-open a window when the dock icon is clicked and none is open.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(url);
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
