// The contract of the preload bridge (Electron only). The renderer must also work without it
// (a phone's browser), so it reads `window.chronicle` as optional.
// Keep this small: app-level things only (app info, discovery results, opening to the network);
// game traffic always goes over Socket.IO, finished games and their records included.
import type { AdvertisingStatus } from './advertising';

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
  /**
   * A Chronicle host answered at that address for that table (name and seats are then its own
   * word). Unverified: only an mDNS announcement says so, which any device can send.
   */
  readonly verified: boolean;
}

/** Whether this app's host takes players from the network, and the addresses they open. */
export interface LanState {
  /** Listening on the LAN and advertising the tables over mDNS. */
  readonly open: boolean;
  /** `http://<LAN address>:<port>` for each address listened on (empty while closed). */
  readonly urls: readonly string[];
  /** Whether the tables can be found on the network (mDNS) now. */
  readonly advertising: AdvertisingStatus;
}

export interface NetworkState extends LanState {
  /** Open to the network at every start (a setting). */
  readonly always: boolean;
  /**
   * On Windows: its firewall lets players in only on networks it calls Private (the installer's
   * rule), so the window explains how to change a Public one.
   */
  readonly windowsFirewall: boolean;
}

/** The desktop app's own settings a page may show and change. */
export interface DesktopSettings {
  /** A system notification when it is your turn and the window is in the background. */
  readonly turnNotice: boolean;
  /** Ask before closing or quitting while players from other machines are at your tables. */
  readonly askBeforeQuit: boolean;
}

/** What the system notification says (translated by the page). */
export interface TurnNotice {
  readonly title: string;
  readonly body: string;
}

export interface NetworkChange {
  readonly open: boolean;
  /** Changes the "always open at start" setting too. */
  readonly always?: boolean;
}

export interface ChronicleBridge {
  appInfo(): Promise<AppInfo>;
  /** Calls `listener` with every list of tables found on the network; returns an unsubscribe. */
  onNetworkTables(listener: (tables: readonly NetworkTable[]) => void): () => void;
  /** Starts looking for tables on the network (mDNS); the app does not while it plays offline. */
  findNetworkTables(): void;
  networkState(): Promise<NetworkState>;
  /** Calls `listener` with the new state whenever it changes by itself (e.g. mDNS renamed a table); returns an unsubscribe. */
  onNetworkState(listener: (state: NetworkState) => void): () => void;
  /** Opens this app's tables to the network (LAN + mDNS) or closes them again. */
  setNetwork(change: NetworkChange): Promise<NetworkState>;
  /**
   * It just became your turn: when the window is in the background, the app flashes it in the
   * taskbar (bounces the dock icon) and, if the setting is on, shows a system notification.
   */
  yourTurn(notice: TurnNotice): void;
  desktopSettings(): Promise<DesktopSettings>;
  setDesktopSettings(change: Partial<DesktopSettings>): Promise<DesktopSettings>;
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
  /** renderer -> main: start browsing mDNS for tables. */
  findNetworkTables: 'chronicle:find-network-tables',
  networkState: 'chronicle:network-state',
  /** main -> renderer: the network state changed by itself (NetworkState). */
  networkStateChanged: 'chronicle:network-state-changed',
  setNetwork: 'chronicle:set-network',
  /** renderer -> main: it is the player's turn (TurnNotice). */
  yourTurn: 'chronicle:your-turn',
  desktopSettings: 'chronicle:desktop-settings',
  setDesktopSettings: 'chronicle:set-desktop-settings',
} as const;
