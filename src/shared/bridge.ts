// The contract of the preload bridge (Electron only). The renderer must also work without it
// (a phone's browser), so it reads `window.chronicle` as optional.
// Keep this small: app-level things only (app info, discovery results, start/stop hosting);
// game traffic always goes over Socket.IO.

export interface AppInfo {
  /** Product name, "Chronicle". */
  readonly name: string;
  /** package.json version. */
  readonly version: string;
  /** Electron, Chromium and Node versions of the running shell. */
  readonly versions: { readonly electron: string; readonly chrome: string; readonly node: string };
}

export interface ChronicleBridge {
  appInfo(): Promise<AppInfo>;
}

/** Name of the global the preload script exposes (`window.chronicle`). */
export const BRIDGE_KEY = 'chronicle';

/** IPC channel names used between preload and main. */
export const IPC = {
  appInfo: 'chronicle:app-info',
} as const;
