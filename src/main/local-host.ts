// The host the desktop app runs for its own window and for the LAN: the same host as
// `chronicle host`, advertised over mDNS, on the usual port when it is free.
import { mkdir } from 'node:fs/promises';
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
  const start = (port: number) =>
    createHost({ port, host: '0.0.0.0', dataDir: options.dataDir, staticDir: options.staticDir, discovery });
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
      await discovery?.close();
    },
  };
}
