// The desktop app's host listens on loopback only; opening it to the network adds one listener
// per LAN address of this machine, on the same port, that hands every connection to the host's
// own HTTP server (so pages, Socket.IO and the host's checks are the very same). Closing the door
// stops taking new LAN connections; the ones already in (players mid-game) stay.
import type { Server as HttpServer } from 'node:http';
import { type Server, createServer } from 'node:net';

export interface LanDoor {
  /** The addresses actually listened on (an address whose port is taken is left out). */
  readonly addresses: readonly string[];
  close(): Promise<void>;
}

export async function openLanDoor(http: HttpServer, port: number, addresses: readonly string[]): Promise<LanDoor> {
  const servers: Server[] = [];
  const bound: string[] = [];
  for (const address of addresses) {
    const server = createServer((socket) => http.emit('connection', socket));
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, address, () => {
          server.off('error', reject);
          resolve();
        });
      });
      servers.push(server);
      bound.push(address);
    } catch {
      // Another program holds this port on that address: the other addresses still open.
    }
  }
  return {
    addresses: bound,
    // close() stops listening at once, but its callback waits for every connection the server
    // ever took to end: the players already in must not hold the door's closing up.
    close: async () => {
      for (const s of servers) s.close();
      await new Promise((resolve) => setImmediate(resolve)); // the listening sockets are released
    },
  };
}
