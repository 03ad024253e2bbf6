// The devices of a test file: each a Player on a socket bound to its own loopback address
// (127.0.0.x), so the host's per-address guards see separate devices; or several behind one
// address, each naming itself with its own device id as the page does. Every socket is closed and
// the file's host disposed after each test.
import { afterEach } from 'vitest';
import { type ClientSocket, type TestHost, connectFrom } from '../host/host';
import { Player } from './player';

/** Registers the clean-up; gives a device at `address` (named `device`, see connectFrom) on the host `host()` names when called. */
export function devicesOf(host: () => TestHost | undefined): (address: string, seed?: number, device?: string) => Promise<Player> {
  const opened: ClientSocket[] = [];
  afterEach(async () => {
    for (const s of opened.splice(0)) s.disconnect();
    await host()?.dispose();
  });
  return async (address, seed = 1, device) => {
    const on = host();
    if (!on) throw new Error('a device asked for before the test started its host');
    return new Player(await connectFrom(on.url, address, opened, device), seed);
  };
}

/** A device id as a page keeps one (guards/devices.ts), made from a short name (letters and digits). */
export const deviceId = (name: string): string => `device-${name}-`.padEnd(24, 'x');
