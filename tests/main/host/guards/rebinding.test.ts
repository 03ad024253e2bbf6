// DNS rebinding: a page on the internet that makes its own name resolve to a LAN address
// still sends that name as Host (and as its Origin). The host answers only to its own names,
// over HTTP and WebSocket alike.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createHostCheck, splitHost } from '../../../../src/main/host/guards/origin';
import type { Advertiser } from '../../../../src/main/host/tables/advertiser';
import { type TestHost, startHost } from '../../../kit/host/host';
import { seatPlayers } from '../../../kit/host/tables';

let host: TestHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

/** An HTTP GET with the given headers (fetch does not let a caller set Host). */
function get(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a Socket.IO WebSocket with the given headers: true when the upgrade is accepted. */
function webSocketOpens(port: number, headers: Record<string, string>): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(true);
    });
    ws.once('error', () => resolve(false));
    ws.once('unexpected-response', () => resolve(false));
  });
}

/** What the three ways in answer a Host name (and an Origin of that name): HTTP, a polling handshake, a WebSocket. */
async function answers(port: number, name: string): Promise<[number, number, boolean]> {
  const headers = { Host: `${name}:${port}`, Origin: `http://${name}:${port}` };
  return [await get(port, '/', headers), await get(port, '/socket.io/?EIO=4&transport=polling', headers), await webSocketOpens(port, headers)];
}
const ALLOWED: [number, number, boolean] = [200, 200, true];
const REFUSED: [number, number, boolean] = [421, 403, false];

/** An advertiser as the mDNS one behaves: each table under its own `.local` name, renamed on a conflict. */
function namingAdvertiser(): Advertiser & { names: Map<string, string> } {
  const names = new Map<string, string>();
  return {
    names,
    advertise: (t) => void names.set(t.tableId, names.get(t.tableId) ?? `chronicle-${names.size.toString(16).padStart(6, 'a')}.local`),
    withdraw: (id) => void names.delete(id),
    close: async () => {},
    hostNames: () => [...names.values()],
  };
}

describe('Host and Origin checks', () => {
  it('answers to the names its tables are advertised under, and to no other name shaped like them', async () => {
    const advertiser = namingAdvertiser();
    host = await startHost({ discovery: advertiser });
    const port = host.port;
    const t = await seatPlayers(host, 3);
    const ours = advertiser.names.get(t.tableId)!;
    expect(ours).toMatch(/^chronicle-[0-9a-f]{6}\.local$/);
    expect(await answers(port, ours)).toEqual(ALLOWED);
    for (const name of ['chronicle-123456.local', 'chronicle-abcdef.local', 'evil.localhost', 'chronicle.localhost', `${ours.replace('.local', '')}.localhost`])
      expect(await answers(port, name), name).toEqual(REFUSED);
    // Renamed on a conflict: the new name is ours, the old one no longer.
    advertiser.names.set(t.tableId, 'chronicle-c0ffee.local');
    expect(await answers(port, 'chronicle-c0ffee.local')).toEqual(ALLOWED);
    expect(await answers(port, ours)).toEqual(REFUSED);
    for (const name of ['localhost', '127.0.0.1', '[::1]']) expect(await answers(port, name), name).toEqual(ALLOWED);
  });

  it('refuses a forged Host / Origin pair over HTTP and over WebSocket', async () => {
    host = await startHost();
    const port = host.port;
    const forged = { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` };
    expect(await get(port, '/', forged)).toBe(421);
    expect(await get(port, '/', { Host: `evil.example:${port}` })).toBe(421);
    expect(await get(port, '/socket.io/?EIO=4&transport=polling', forged)).toBe(403);
    expect(await webSocketOpens(port, forged)).toBe(false);
    expect(await webSocketOpens(port, { Host: `evil.example:${port}` })).toBe(false);
    // A page this host served (its own address and port) gets through, on both.
    const own = { Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}` };
    expect(await get(port, '/', own)).toBe(200);
    expect(await webSocketOpens(port, own)).toBe(true);
    expect(await webSocketOpens(port, { Host: `localhost:${port}` })).toBe(true);
    // The right name on another port, or a foreign origin with a right Host, is refused.
    expect(await webSocketOpens(port, { Host: `127.0.0.1:${port + 1}` })).toBe(false);
    expect(await webSocketOpens(port, { Host: `127.0.0.1:${port}`, Origin: 'http://evil.example' })).toBe(false);
  });

  it('knows the machine by its addresses, localhost and the mDNS names it advertises now, with the port', () => {
    let advertised = ['chronicle-a1b2c3.local'];
    const check = createHostCheck({ port: () => 7420, addresses: () => ['192.168.1.20', 'fe80::1'], advertisedNames: () => advertised });
    for (const ok of ['192.168.1.20:7420', 'LOCALHOST:7420', '[::1]:7420', 'chronicle-a1b2c3.local:7420', 'Chronicle-A1B2C3.local.:7420', '127.0.0.1:7420'])
      expect(check.hostAllowed(ok), ok).toBe(true);
    const bad = ['192.168.1.21:7420', '192.168.1.20:80', '192.168.1.20', 'evil.example:7420', 'chronicle-x.local:7420', '', undefined];
    // Names shaped like ours that are not ours: another host's table name, any `.localhost`.
    bad.push('chronicle-ffffff.local:7420', 'chronicle-a1b2c3.local:7421', 'evil.localhost:7420', 'chronicle-a1b2c3.localhost:7420', '127.0.0.2:7420');
    for (const name of bad) expect(check.hostAllowed(name), String(name)).toBe(false);
    // A renamed advertisement (after an mDNS conflict): the new name only, read at each check.
    advertised = ['chronicle-0d0e0f.local'];
    expect(check.hostAllowed('chronicle-0d0e0f.local:7420')).toBe(true);
    expect(check.hostAllowed('chronicle-a1b2c3.local:7420')).toBe(false);
    expect(check.requestAllowed({ headers: { host: '192.168.1.20:7420', origin: 'http://192.168.1.20:7420' } })).toBe(true);
    expect(check.requestAllowed({ headers: { host: '192.168.1.20:7420', origin: 'null' } })).toBe(false);
    expect(splitHost('[fe80::1]:99')).toEqual({ name: 'fe80::1', port: 99 });
  });
});
