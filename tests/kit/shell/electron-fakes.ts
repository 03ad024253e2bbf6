// Reaching into the fake `electron` (tests/setup/electron.ts): the windows the shell opened and
// the handlers it registered, so tests can call them as Electron would.
import { BrowserWindow, ipcMain } from 'electron';
import { connect } from 'node:net';
import { vi } from 'vitest';

export interface FakeWindow {
  readonly options: Electron.BrowserWindowConstructorOptions;
  readonly loadURL: ReturnType<typeof vi.fn>;
  readonly focus: ReturnType<typeof vi.fn>;
  readonly webContents: { on: ReturnType<typeof vi.fn>; send: ReturnType<typeof vi.fn>; setWindowOpenHandler: ReturnType<typeof vi.fn> };
}

export const windows = (): FakeWindow[] => BrowserWindow.getAllWindows() as unknown as FakeWindow[];

/** The listener registered last for `name` on a recorded `on` mock. */
export function listenerOf<F = (...args: never[]) => unknown>(on: ReturnType<typeof vi.fn>, name: string): F {
  const call = [...on.mock.calls].reverse().find(([n]) => n === name);
  if (!call) throw new Error(`no listener for ${name}`);
  return call[1] as F;
}

export interface NavigationEvent {
  readonly url: string;
  readonly preventDefault: ReturnType<typeof vi.fn>;
}
export const navigation = (url: string): NavigationEvent => ({ url, preventDefault: vi.fn() });

/** Calls a window's `will-navigate` (or `will-redirect`) guard; true when it let the page go. */
export function navigates(win: FakeWindow, url: string, event = 'will-navigate'): boolean {
  const e = navigation(url);
  listenerOf<(e: NavigationEvent) => void>(win.webContents.on, event)(e);
  return e.preventDefault.mock.calls.length === 0;
}

export function windowOpen(win: FakeWindow, url: string): unknown {
  const handler = win.webContents.setWindowOpenHandler.mock.calls.at(-1)?.[0] as (d: { url: string }) => unknown;
  return handler({ url });
}

/** An IPC event as Electron builds it, from a frame showing `url`. */
export const ipcEvent = (url: string | null, parent: unknown = null) => ({ senderFrame: url === null ? null : { url, parent } });

export function invokeHandler(channel: string): (event: unknown, payload?: unknown) => unknown {
  const call = vi.mocked(ipcMain.handle).mock.calls.find(([c]) => c === channel);
  if (!call) throw new Error(`no handler for ${channel}`);
  return call[1] as (event: unknown, payload?: unknown) => unknown;
}

export function onHandler(channel: string): (event: unknown, payload?: unknown) => void {
  return listenerOf(vi.mocked(ipcMain.on), channel);
}

/** True when a new TCP connection to `url`'s host and port is refused. */
export function tcpRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
