// Vitest setup for the "node" project: replaces `electron` with a small fake in every node test.
// Why: importing the real package makes it download the Electron binary, which fails here
// ("Electron failed to install correctly"). A test needing other behaviour can call
// `vi.mock('electron', ...)` itself; a per-file vi.mock overrides this one.
// Every fake records its calls (vi.fn), so shell tests can find and call the handlers the app
// registered: `webContents.on('will-navigate', ...)`, `ipcMain.handle(channel, ...)` and so on.
import { afterAll, vi } from 'vitest';

const userDataDirs: string[] = [];

vi.mock('electron', async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  // One user data folder per test file: files run in parallel and the app writes settings there.
  const userData = mkdtempSync(join(tmpdir(), 'chronicle-electron-'));
  userDataDirs.push(userData);
  const emitter = () => ({ on: vi.fn(), once: vi.fn(), handle: vi.fn(), removeHandler: vi.fn(), removeListener: vi.fn() });
  const fakeSession = () => ({ setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() });
  const partitions = new Map<string, ReturnType<typeof fakeSession>>();
  class BrowserWindow {
    static instances: BrowserWindow[] = [];
    static getAllWindows = () => BrowserWindow.instances;
    once = vi.fn();
    on = vi.fn();
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    isMinimized = vi.fn(() => false);
    isDestroyed = vi.fn(() => false);
    isFocused = vi.fn(() => false);
    isMaximized = vi.fn(() => false);
    maximize = vi.fn();
    close = vi.fn();
    flashFrame = vi.fn();
    getNormalBounds = vi.fn(() => ({ x: 40, y: 30, width: 1280, height: 800 }));
    loadURL = vi.fn(() => Promise.resolve());
    loadFile = vi.fn(() => Promise.resolve());
    webContents = {
      setWindowOpenHandler: vi.fn(),
      send: vi.fn(),
      on: vi.fn(),
      once: vi.fn(),
      reload: vi.fn(),
      isDestroyed: vi.fn(() => false),
      executeJavaScript: vi.fn((_code: string): Promise<unknown> => Promise.resolve('[]')),
    };
    constructor(readonly options: Record<string, unknown>) {
      BrowserWindow.instances.push(this);
    }
  }
  let blockers = 0;
  class Notification {
    static instances: Notification[] = [];
    static isSupported = vi.fn(() => true);
    on = vi.fn();
    show = vi.fn();
    close = vi.fn();
    constructor(readonly options: Record<string, unknown>) {
      Notification.instances.push(this);
    }
  }
  return {
    app: {
      ...emitter(),
      isPackaged: false,
      getLocale: vi.fn(() => 'en-US'),
      getVersion: vi.fn(() => '0.0.0-test'),
      getPath: vi.fn(() => userData),
      whenReady: vi.fn(() => Promise.resolve()),
      requestSingleInstanceLock: vi.fn(() => true),
      quit: vi.fn(),
      setAppUserModelId: vi.fn(),
    },
    BrowserWindow,
    Notification,
    powerSaveBlocker: { start: vi.fn(() => ++blockers), stop: vi.fn() },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) },
    session: {
      defaultSession: fakeSession(),
      fromPartition: vi.fn((name: string) => partitions.get(name) ?? partitions.set(name, fakeSession()).get(name)),
    },
    ipcMain: emitter(),
    ipcRenderer: { ...emitter(), invoke: vi.fn(), send: vi.fn() },
    contextBridge: { exposeInMainWorld: vi.fn() },
    shell: { openExternal: vi.fn(() => Promise.resolve()) },
    dialog: {
      showSaveDialog: vi.fn(() => Promise.resolve({ canceled: true })),
      showMessageBox: vi.fn(() => Promise.resolve({ response: 0, checkboxChecked: false })),
    },
  };
});

afterAll(async () => {
  const { rm } = await import('node:fs/promises');
  await Promise.all(userDataDirs.map((d) => rm(d, { recursive: true, force: true })));
});
