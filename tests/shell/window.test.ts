// The desktop shell (src/main/index.ts) with the faked `electron` from tests/setup/electron.ts:
// the window keeps Electron's security defaults and the bridge answers appInfo.
import { describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, ipcMain } from 'electron';
import { IPC, type AppInfo } from '../../src/shared/bridge';

describe('desktop shell', () => {
  it('opens one sandboxed, context-isolated window and serves appInfo', async () => {
    process.env['CHRONICLE_MDNS'] = 'off'; // tests send no multicast to the machine's networks
    await import('../../src/main/index');
    await vi.waitFor(() => expect(BrowserWindow.getAllWindows()).toHaveLength(1));

    const win = BrowserWindow.getAllWindows()[0] as unknown as { options: Electron.BrowserWindowConstructorOptions };
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(win.options.webPreferences?.preload).toMatch(/preload[\\/]index\.cjs$/);

    // The window is a client of the app's own host, served over HTTP.
    const loadURL = (win as unknown as { loadURL: ReturnType<typeof vi.fn> }).loadURL;
    const url = String(loadURL.mock.calls[0]?.[0]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(url)).status).toBe(200);

    const handle = vi.mocked(ipcMain.handle).mock.calls.find(([channel]) => channel === IPC.appInfo);
    const info = (handle?.[1] as () => AppInfo)();
    expect(info).toMatchObject({ name: 'Chronicle', version: '0.0.0-test' });

    // The window asks for the tables found on the network (none: mDNS is off here).
    const now = vi.mocked(ipcMain.on).mock.calls.find(([channel]) => channel === IPC.networkTablesNow)?.[1] as () => void;
    now();
    const sent = (win as unknown as { webContents: { send: ReturnType<typeof vi.fn> } }).webContents.send;
    expect(sent).toHaveBeenCalledWith(IPC.networkTables, []);

    // Quitting closes the host (its tables flushed) before the app goes.
    const willQuit = vi.mocked(app.on).mock.calls.find(([name]) => (name as string) === 'will-quit')?.[1] as (e: { preventDefault(): void }) => void;
    willQuit({ preventDefault: vi.fn() });
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled());
    await expect(fetch(url)).rejects.toThrow();
  });
});
