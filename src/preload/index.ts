// Preload (sandboxed): exposes the typed bridge of src/shared/bridge.ts as `window.chronicle`.
// Only `contextBridge` and `ipcRenderer` are available in a sandboxed preload.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_KEY, IPC, type AppInfo, type ChronicleBridge } from '../shared/bridge';

const bridge: ChronicleBridge = {
  appInfo: () => ipcRenderer.invoke(IPC.appInfo) as Promise<AppInfo>,
};

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);
