// The host the desktop app runs for its own window: the same host as `chronicle host`, but
// offline first. It listens on loopback only and advertises nothing, so playing alone against
// bots never asks the system firewall for anything. Opening it to the network adds listeners on
// the LAN addresses (same port) and advertises the tables over mDNS; closing it stops both
// without ending any game.
import { mkdir } from 'node:fs/promises';
import type { LanState } from '../shared/bridge';
import { createBonjourDiscovery } from './discovery/bonjour-advertiser';
import type { Advertiser } from './host/tables/advertiser';
import type { Log } from './host/log';
import { DEFAULT_PORT, type Host, createHost } from './host/create-host';
import { lanAddresses } from './host/lan-urls';
import { startHostServices } from './host/services';
import { type LanDoor, openLanDoor } from './lan-door';
import { SwitchableAdvertiser } from './switchable-advertiser';

export interface LocalHostOptions {
  readonly dataDir: string;
  /** The built renderer (out/renderer). */
  readonly staticDir: string;
  /** Advertise tables over mDNS while open to the network (default true; off in tests). */
  readonly mdns?: boolean;
  readonly port?: number;
  /** The mDNS advertiser to start when the network opens (default: bonjour-service). */
  readonly discovery?: () => Advertiser;
  /** This machine's LAN addresses (default: every non-internal IPv4 address). */
  readonly lanAddresses?: () => readonly string[];
  readonly botDelayMs?: number;
  readonly log?: Log;
  /** The disk holding `dataDir` filled (true) or has room again (false): the owner is told what to free. */
  readonly onDiskFull?: (full: boolean) => void;
}

export interface LocalHost {
  readonly host: Host;
  network(): LanState;
  /** Calls `listener` with the new state when it changes by itself (the tables' mDNS status). */
  onNetwork(listener: (state: LanState) => void): () => void;
  openToNetwork(): Promise<LanState>;
  closeToNetwork(): Promise<LanState>;
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';

export async function startLocalHost(options: LocalHostOptions): Promise<LocalHost> {
  await mkdir(options.dataDir, { recursive: true });
  const createDiscovery = options.mdns === false ? null : (options.discovery ?? (() => createBonjourDiscovery()));
  const advertiser = new SwitchableAdvertiser(createDiscovery ?? (() => ({ advertise() {}, withdraw() {}, close: async () => {} })));
  const services = await startHostServices({ discovery: advertiser });
  const start = (port: number) =>
    createHost({
      port,
      host: LOOPBACK,
      dataDir: options.dataDir,
      staticDir: options.staticDir,
      ...services.hostOptions,
      // Join links carry the LAN addresses only while the door is open.
      reachableAddresses: () => door?.addresses ?? [],
      ...(options.botDelayMs === undefined ? {} : { botDelayMs: options.botDelayMs }),
      ...(options.log ? { log: options.log } : {}),
      ...(options.onDiskFull ? { onDiskFull: options.onDiskFull } : {}),
    });
  let host: Host;
  try {
    host = await start(options.port ?? DEFAULT_PORT);
  } catch (e) {
    // Another app (or a headless host) holds the usual port: any free one will do.
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    host = await start(0);
  }

  services.warmUp();

  let door: LanDoor | null = null;
  // One change at a time: a double click must not open two doors.
  let changing = Promise.resolve();
  const network = (): LanState => ({
    open: door !== null,
    urls: (door?.addresses ?? []).map((a) => `http://${a}:${host.port}`),
    advertising: advertiser.status(),
  });
  const change = (step: () => Promise<void>): Promise<LanState> => {
    const run = changing.then(step);
    changing = run.catch(() => {});
    return run.then(network);
  };

  return {
    host,
    network,
    onNetwork: (listener) => advertiser.onStatus(() => listener(network())),
    openToNetwork: () =>
      change(async () => {
        if (door) return;
        door = await openLanDoor(host.http, host.port, (options.lanAddresses ?? lanAddresses)());
        advertiser.on();
      }),
    closeToNetwork: () =>
      change(async () => {
        const closing = door;
        door = null;
        await Promise.all([closing?.close(), advertiser.off()]);
      }),
    async close() {
      await changing;
      await door?.close();
      door = null;
      await host.close(); // closes the advertiser too (goodbyes)
      await services.close();
    },
  };
}
