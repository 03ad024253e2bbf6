// A table another host advertises opens in a window of its own: no preload, its own session
// without permissions, pinned to that host's origin. The app's window never shows it, and a
// second start of the app focuses the app's window.
import { app, session } from 'electron';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { NetworkTable } from '../../../src/shared/bridge';
import { IPC } from '../../../src/shared/bridge';
import { type FakeWindow, ipcEvent, listenerOf, navigates, onHandler, windowOpen, windows } from '../../kit/shell/electron-fakes';

const TABLE: NetworkTable = { name: 'Friday', url: 'http://10.0.0.7:7420/t/abcDEF123456', freeSeats: 2, seats: 4, verified: true };

// mDNS browsing is replaced by a list found at once; nothing here opens the host to the LAN.
vi.mock('../../../src/main/network-tables', () => ({
  networkTablesOf: () => [],
  watchNetworkTables: (onChange: (t: NetworkTable[]) => void) => {
    onChange([TABLE]);
    return { tables: () => [], close: async () => {} };
  },
}));

let main: FakeWindow;
beforeAll(async () => {
  delete process.env['CHRONICLE_MDNS'];
  process.env['CHRONICLE_PORT'] = '0'; // other programs on this machine may hold the usual port
  await import('../../../src/main/index');
  await vi.waitFor(() => expect(windows()).toHaveLength(1), { timeout: 15_000 }); // the host starts first
  main = windows()[0]!;
  const appUrl = String(main.loadURL.mock.calls[0]?.[0]);
  onHandler(IPC.findNetworkTables)(ipcEvent(`${appUrl}/`));
  expect(main.webContents.send).toHaveBeenCalledWith(IPC.networkTables, [TABLE]);
});

afterAll(async () => {
  listenerOf<(e: { preventDefault(): void }) => void>(vi.mocked(app.on), 'will-quit')({ preventDefault: () => {} });
  await vi.waitFor(() => expect(app.quit).toHaveBeenCalled(), { timeout: 15_000 }); // bot workers and tables close first
});

it('opens a listed table in a sandboxed window without preload, pinned to its host', () => {
  expect(navigates(main, TABLE.url)).toBe(false); // the app's window stays on the app
  expect(windows()).toHaveLength(2);
  const remote = windows()[1]!;
  expect(remote.loadURL).toHaveBeenCalledWith(TABLE.url);
  expect(remote.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
  expect(remote.options.webPreferences?.preload).toBeUndefined();

  const remoteSession = vi.mocked(session.fromPartition).mock.results[0]?.value as typeof session.defaultSession;
  expect(remote.options.webPreferences?.session).toBe(remoteSession);
  expect(remoteSession).not.toBe(session.defaultSession);
  const check = vi.mocked(remoteSession.setPermissionCheckHandler).mock.calls[0]?.[0] as (...a: unknown[]) => boolean;
  expect(check(null, 'media', 'http://10.0.0.7:7420', {})).toBe(false);
  expect(check(null, 'clipboard-sanitized-write', 'http://10.0.0.7:7420', {})).toBe(false); // Copy link is the app's own

  expect(navigates(remote, 'http://10.0.0.7:7420/?table=abcDEF123456')).toBe(true);
  for (const url of ['http://10.0.0.8:7420/', 'http://127.0.0.1:7420/', 'file:///etc/passwd', 'javascript:alert(1)']) {
    expect(navigates(remote, url), url).toBe(false);
  }
  // The remote page cannot open further windows, not even of other listed tables.
  expect(windowOpen(remote, TABLE.url)).toEqual({ action: 'deny' });
  expect(windows()).toHaveLength(2);

  // Opening it again reuses its window.
  expect(windowOpen(main, TABLE.url)).toEqual({ action: 'deny' });
  expect(windows()).toHaveLength(2);
  expect(remote.focus).toHaveBeenCalled();
});

it('never opens a window for an unlisted address', () => {
  expect(navigates(main, 'http://10.0.0.7:7420/t/other123456')).toBe(false);
  expect(windowOpen(main, 'http://10.0.0.9:7420/t/abcDEF123456')).toEqual({ action: 'deny' });
  expect(windows()).toHaveLength(2);
});

it('focuses the app window on a second start', () => {
  listenerOf<() => void>(vi.mocked(app.on), 'second-instance')();
  expect(main.focus).toHaveBeenCalled();
});
