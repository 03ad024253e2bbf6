// The desktop shell (src/main/index.ts) with the faked `electron` from tests/setup/electron.ts:
// the window keeps Electron's security defaults and the bridge answers appInfo.
import { describe, expect, it, vi } from 'vitest';
import { BrowserWindow, ipcMain } from 'electron';
import { IPC, type AppInfo } from '../../src/shared/bridge';

describe('desktop shell', () => {
  it('opens one sandboxed, context-isolated window and serves appInfo', async () => {
    await import('../../src/main/index');
    await vi.waitFor(() => expect(BrowserWindow.getAllWindows()).toHaveLength(1));

    const win = BrowserWindow.getAllWindows()[0] as unknown as { options: Electron.BrowserWindowConstructorOptions };
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(win.options.webPreferences?.preload).toMatch(/preload[\\/]index\.cjs$/);

    const handle = vi.mocked(ipcMain.handle).mock.calls.find(([channel]) => channel === IPC.appInfo);
    const info = (handle?.[1] as () => AppInfo)();
    expect(info).toMatchObject({ name: 'Chronicle', version: '0.0.0-test' });
  });
});
