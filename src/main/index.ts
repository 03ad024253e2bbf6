// Electron main process: the thin desktop shell. This is the only file that imports `electron`
// (besides the preload script); game logic lives in src/main/host and src/shared.
import { app, BrowserWindow, ipcMain, shell } from 'electron';
import { join } from 'node:path';
import { IPC, type AppInfo } from '../shared/bridge';

function createWindow(): BrowserWindow {
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

  // TODO(host): start the host here (createHost from src/main/host, on a free port) and load
  // the renderer from its URL instead, so the window and LAN browsers use one code path.
  const devUrl = process.env['ELECTRON_RENDERER_URL']; // set by `electron-vite dev`
  if (!app.isPackaged && devUrl) void win.loadURL(devUrl);
  else void win.loadFile(join(import.meta.dirname, '../renderer/index.html'));
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

void app.whenReady().then(() => {
  createWindow();
  // macOS: re-open a window when the dock icon is clicked and none is open.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
