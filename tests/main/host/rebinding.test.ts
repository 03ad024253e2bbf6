// DNS rebinding: a page on the internet that makes its own name resolve to a LAN address
// still sends that name as Host (and as its Origin). The host answers only to its own names,
// over HTTP and WebSocket alike.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createHostCheck, splitHost } from '../../../src/main/host/origin';
import { type TestHost, startHost } from './helpers/host';

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

describe('Host and Origin checks', () => {
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

  it('knows the machine by its addresses, localhost and its mDNS names, with the port', () => {
    const check = createHostCheck({ port: () => 7420, addresses: () => ['127.0.0.1', '192.168.1.20', '::1', 'fe80::1'] });
    for (const ok of ['192.168.1.20:7420', 'LOCALHOST:7420', '[::1]:7420', 'chronicle-a1b2c3.local:7420', '127.0.0.1:7420'])
      expect(check.hostAllowed(ok), ok).toBe(true);
    for (const bad of ['192.168.1.21:7420', '192.168.1.20:80', '192.168.1.20', 'evil.example:7420', 'chronicle-x.local:7420', '', undefined])
      expect(check.hostAllowed(bad), String(bad)).toBe(false);
    expect(check.requestAllowed({ headers: { host: '192.168.1.20:7420', origin: 'http://192.168.1.20:7420' } })).toBe(true);
    expect(check.requestAllowed({ headers: { host: '192.168.1.20:7420', origin: 'null' } })).toBe(false);
    expect(splitHost('[fe80::1]:99')).toEqual({ name: 'fe80::1', port: 99 });
  });
});
