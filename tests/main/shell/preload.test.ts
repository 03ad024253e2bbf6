// The preload bridge: exactly the functions of ChronicleBridge, each on its own channel, and only
// the known fields of a payload cross to the main process.
import { contextBridge, ipcRenderer } from 'electron';
import { expect, it, vi } from 'vitest';
import { BRIDGE_KEY, IPC, type ChronicleBridge } from '../../../src/shared/bridge';

it('exposes exactly the bridge functions, each on its channel', async () => {
  await import('../../../src/preload/index');
  const [key, bridge] = vi.mocked(contextBridge.exposeInMainWorld).mock.calls[0] as [string, ChronicleBridge];
  expect(key).toBe(BRIDGE_KEY);
  expect(Object.keys(bridge).sort()).toEqual([
    'appInfo',
    'desktopSettings',
    'findNetworkTables',
    'networkState',
    'onNetworkState',
    'onNetworkTables',
    'setDesktopSettings',
    'setNetwork',
    'yourTurn',
  ]);
  expect(Object.values(bridge).every((f) => typeof f === 'function')).toBe(true);

  void bridge.appInfo();
  void bridge.networkState();
  void bridge.setNetwork({ open: true, always: false, sneaky: 'x' } as never);
  void bridge.desktopSettings();
  void bridge.setDesktopSettings({ turnNotice: false, sneaky: 1 } as never);
  bridge.findNetworkTables();
  bridge.yourTurn({ title: 'Chronicle', body: 'Your turn', icon: 'file:///x' } as never);
  expect(vi.mocked(ipcRenderer.invoke).mock.calls).toEqual([
    [IPC.appInfo],
    [IPC.networkState],
    [IPC.setNetwork, { open: true, always: false }],
    [IPC.desktopSettings],
    [IPC.setDesktopSettings, { turnNotice: false }],
  ]);
  expect(vi.mocked(ipcRenderer.send).mock.calls).toEqual([[IPC.findNetworkTables], [IPC.yourTurn, { title: 'Chronicle', body: 'Your turn' }]]);
  vi.mocked(ipcRenderer.send).mockClear();

  const listener = vi.fn();
  const off = bridge.onNetworkTables(listener);
  expect(vi.mocked(ipcRenderer.send).mock.calls).toEqual([[IPC.networkTablesNow]]);
  const forward = vi.mocked(ipcRenderer.on).mock.calls[0]?.[1] as (e: unknown, t: unknown) => void;
  forward({ sender: 'ipc event' }, []);
  expect(listener).toHaveBeenCalledExactlyOnceWith([]); // never the IPC event
  off();
  expect(ipcRenderer.removeListener).toHaveBeenCalledWith(IPC.networkTables, forward);

  // The network state pushed by the main process: only the state crosses, and it can be unsubscribed.
  const stateListener = vi.fn();
  const offState = bridge.onNetworkState(stateListener);
  const [channel, forwardState] = vi.mocked(ipcRenderer.on).mock.calls[1] as [string, (e: unknown, s: unknown) => void];
  expect(channel).toBe(IPC.networkStateChanged);
  const state = { open: true, urls: [], always: false, advertising: { state: 'advertised', renamed: [], hostNames: [] } };
  forwardState({ sender: 'ipc event' }, state);
  expect(stateListener).toHaveBeenCalledExactlyOnceWith(state);
  offState();
  expect(ipcRenderer.removeListener).toHaveBeenCalledWith(IPC.networkStateChanged, forwardState);
});
