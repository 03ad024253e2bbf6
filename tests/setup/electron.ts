// Vitest setup for the "node" project: replaces `electron` with a small fake in every node test.
// Why: importing the real package makes it download the Electron binary, which fails here
// ("Electron failed to install correctly"). A test needing other behaviour can call
// `vi.mock('electron', ...)` itself; a per-file vi.mock overrides this one.
import { vi } from 'vitest';

vi.mock('electron', () => {
  const emitter = () => ({ on: vi.fn(), once: vi.fn(), handle: vi.fn(), removeHandler: vi.fn() });
  class BrowserWindow {
    static instances: BrowserWindow[] = [];
    static getAllWindows = () => BrowserWindow.instances;
    once = vi.fn();
    on = vi.fn();
    show = vi.fn();
    loadURL = vi.fn(() => Promise.resolve());
    loadFile = vi.fn(() => Promise.resolve());
    webContents = { setWindowOpenHandler: vi.fn(), send: vi.fn() };
    constructor(readonly options: Record<string, unknown>) {
      BrowserWindow.instances.push(this);
    }
  }
  return {
    app: {
      ...emitter(),
      isPackaged: false,
      getVersion: vi.fn(() => '0.0.0-test'),
      getPath: vi.fn(() => '/tmp/chronicle-test'),
      whenReady: vi.fn(() => Promise.resolve()),
      quit: vi.fn(),
    },
    BrowserWindow,
    ipcMain: emitter(),
    ipcRenderer: { ...emitter(), invoke: vi.fn(), send: vi.fn() },
    contextBridge: { exposeInMainWorld: vi.fn() },
    shell: { openExternal: vi.fn() },
  };
});
