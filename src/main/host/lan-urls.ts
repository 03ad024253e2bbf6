// The addresses other machines can open: every non-internal IPv4 address of this machine.
import { networkInterfaces } from 'node:os';

export function lanAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) out.push(a.address);
  }
  return out;
}

/** URLs to print for a host listening on `bindHost:port`: LAN ones first, then this machine. */
export function hostUrls(bindHost: string, port: number): { lan: string[]; local: string } {
  const any = bindHost === '0.0.0.0' || bindHost === '::';
  const local = `http://${any ? '127.0.0.1' : bindHost}:${port}/`;
  return { lan: any ? lanAddresses().map((a) => `http://${a}:${port}/`) : [], local };
}
