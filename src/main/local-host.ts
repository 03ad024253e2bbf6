// The host the desktop app runs for its own window and for the LAN: the same host as
// `chronicle host`, advertised over mDNS, on the usual port when it is free.
import { mkdir } from 'node:fs/promises';
import { createBotPool } from './bots/pool';
import { poolPolicy } from './bots/pool-policy';
import { createBonjourDiscovery } from './discovery/bonjour-discovery';
import { DEFAULT_PORT, type Host, createHost } from './host/create-host';

export interface LocalHostOptions {
  readonly dataDir: string;
  /** The built renderer (out/renderer). */
  readonly staticDir: string;
  /** Advertise tables on the LAN (off in tests). */
  readonly mdns?: boolean;
  readonly port?: number;
}

export interface LocalHost {
  readonly host: Host;
  close(): Promise<void>;
}

export async function startLocalHost(options: LocalHostOptions): Promise<LocalHost> {
  await mkdir(options.dataDir, { recursive: true });
  const discovery = options.mdns === false ? undefined : createBonjourDiscovery();
  // Bots think in worker threads, so a Master never stalls the tables or the window.
  const bots = createBotPool();
  const start = (port: number) =>
    createHost({
      port,
      host: '0.0.0.0',
      dataDir: options.dataDir,
      staticDir: options.staticDir,
      discovery,
      botPolicy: poolPolicy(bots),
      hint: (view) => bots.hint(view),
    });
  let host: Host;
  try {
    host = await start(options.port ?? DEFAULT_PORT);
  } catch (e) {
    // Another app (or a headless host) holds the usual port: any free one will do.
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    host = await start(0);
  }
  return {
    host,
    async close() {
      await host.close();
      await Promise.all([discovery?.close(), bots.close()]);
    },
  };
}
