// The addresses other machines can open: every non-internal IPv4 address of this machine,
// ordered for whoever asks (the address on their own subnet first), never loopback.
import { isIPv4 } from 'node:net';
import { networkInterfaces } from 'node:os';

export function lanAddresses(): string[] {
  return lanInterfaces().map((a) => a.address);
}

export interface LanInterface {
  readonly address: string;
  readonly netmask: string;
}

/** Every non-internal IPv4 address with its netmask. */
export function lanInterfaces(): LanInterface[] {
  const out: LanInterface[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) out.push({ address: a.address, netmask: a.netmask });
  }
  return out;
}

/** URLs to print for a host listening on `bindHost:port`: LAN ones first, then this machine. */
export function hostUrls(bindHost: string, port: number): { lan: string[]; local: string } {
  const any = bindHost === '0.0.0.0' || bindHost === '::';
  const local = `http://${any ? '127.0.0.1' : bindHost}:${port}/`;
  return { lan: any ? lanAddresses().map((a) => `http://${a}:${port}/`) : [], local };
}

/** The LAN addresses a host bound to `bindHost` can be reached on (none when bound to loopback). */
export function reachableAddresses(bindHost: string): string[] {
  if (bindHost === '0.0.0.0' || bindHost === '::') return lanAddresses();
  return isIPv4(bindHost) && !bindHost.startsWith('127.') ? [bindHost] : [];
}

const toInt = (ip: string): number => ip.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);
const inRange = (ip: string, base: string, bits: number): boolean => bits === 0 || toInt(ip) >>> (32 - bits) === toInt(base) >>> (32 - bits);

/** Lower is better: the asking client's own subnet, then private LANs, then the rest, link-local last. */
function rank(address: string, client: string | null, netmask: string | undefined): number {
  if (client && netmask && (toInt(address) & toInt(netmask)) >>> 0 === (toInt(client) & toInt(netmask)) >>> 0) return 0;
  if (inRange(address, '192.168.0.0', 16) || inRange(address, '10.0.0.0', 8) || inRange(address, '172.16.0.0', 12)) return 1;
  if (inRange(address, '169.254.0.0', 16)) return 3;
  return 2;
}

/**
 * `addresses` ordered for a client at `clientAddress`: the one on the client's subnet first
 * (a phone on the Wi-Fi gets the Wi-Fi address, not the VPN's). Loopback never appears.
 */
export function orderForClient(addresses: readonly string[], clientAddress: string, interfaces: readonly LanInterface[] = lanInterfaces()): string[] {
  const client = clientAddress.replace(/^::ffff:/i, '');
  const clientV4 = isIPv4(client) && !client.startsWith('127.') ? client : null;
  const masks = new Map(interfaces.map((i) => [i.address, i.netmask]));
  return addresses
    .filter((a) => isIPv4(a) && !a.startsWith('127.'))
    .map((a, i) => ({ a, i, r: rank(a, clientV4, masks.get(a)) }))
    .sort((x, y) => x.r - y.r || x.i - y.i)
    .map((x) => x.a);
}
