// Preload (sandboxed): exposes the typed bridge of src/shared/bridge.ts as `window.chronicle`.
// Only `contextBridge` and `ipcRenderer` are available in a sandboxed preload. The main process
// checks every message again (sender origin, payload schema): nothing here is trusted.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_KEY, IPC, type AppInfo, type ChronicleBridge, type DesktopSettings, type NetworkState, type NetworkTable } from '../shared/bridge';

const bridge: ChronicleBridge = {
  appInfo: () => ipcRenderer.invoke(IPC.appInfo) as Promise<AppInfo>,
  onNetworkTables(listener) {
    // The IPC event object never reaches the page: only the list does.
    const forward = (_event: unknown, tables: readonly NetworkTable[]) => listener(tables);
    ipcRenderer.on(IPC.networkTables, forward);
    ipcRenderer.send(IPC.networkTablesNow);
    return () => ipcRenderer.removeListener(IPC.networkTables, forward);
  },
  findNetworkTables: () => ipcRenderer.send(IPC.findNetworkTables),
  networkState: () => ipcRenderer.invoke(IPC.networkState) as Promise<NetworkState>,
  onNetworkState(listener) {
    const forward = (_event: unknown, state: NetworkState) => listener(state);
    ipcRenderer.on(IPC.networkStateChanged, forward);
    return () => ipcRenderer.removeListener(IPC.networkStateChanged, forward);
  },
  // Only the two known fields cross, whatever the page passed.
  setNetwork: (change) =>
    ipcRenderer.invoke(IPC.setNetwork, change.always === undefined ? { open: change.open } : { open: change.open, always: change.always }) as Promise<NetworkState>,
  // Only the known fields cross, as strings and booleans, whatever the page passed.
  yourTurn: (notice) => ipcRenderer.send(IPC.yourTurn, { title: String(notice.title), body: String(notice.body) }),
  desktopSettings: () => ipcRenderer.invoke(IPC.desktopSettings) as Promise<DesktopSettings>,
  setDesktopSettings: (change) =>
    ipcRenderer.invoke(IPC.setDesktopSettings, {
      ...(change.turnNotice === undefined ? {} : { turnNotice: change.turnNotice }),
      ...(change.askBeforeQuit === undefined ? {} : { askBeforeQuit: change.askBeforeQuit }),
    }) as Promise<DesktopSettings>,
};

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);
