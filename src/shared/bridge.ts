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

/** A table some host on the LAN advertises over mDNS. The name is untrusted text. */
export interface NetworkTable {
  readonly name: string;
  /** Where to open it: `http://<address>:<port>/t/<id>` on the advertising host. */
  readonly url: string;
  readonly freeSeats: number;
  readonly seats: number;
}

export interface ChronicleBridge {
  appInfo(): Promise<AppInfo>;
  /** Calls `listener` with every list of tables found on the network; returns an unsubscribe. */
  onNetworkTables(listener: (tables: readonly NetworkTable[]) => void): () => void;
}

/** Name of the global the preload script exposes (`window.chronicle`). */
export const BRIDGE_KEY = 'chronicle';

/** IPC channel names used between preload and main. */
export const IPC = {
  appInfo: 'chronicle:app-info',
  /** main -> renderer: the tables found on the network (NetworkTable[]). */
  networkTables: 'chronicle:network-tables',
  /** renderer -> main: send the current list now. */
  networkTablesNow: 'chronicle:network-tables-now',
} as const;
