// The lobby's check of an mDNS entry's address (host-check.ts) against a real host on loopback:
// the tables it lists, over Socket.IO's long-polling transport spoken with node:http; and null
// for whatever is not a Chronicle host (nothing listening, another HTTP server, one that never answers).
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpHostCheck } from '../../../src/main/discovery/host-check';
import { type TestHost, startHost } from '../../kit/host/host';
import { Player } from '../../kit/clients/player';
import type { Seated } from '../../../src/shared/protocol';

let host: TestHost | null = null;
const servers: Server[] = [];
afterEach(async () => {
  await host?.dispose();
  host = null;
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

describe('asking an address which tables it holds', () => {
  it('a Chronicle host answers with its tables: id, name, phase, seats and free seats', async () => {
    host = await startHost();
    const ann = new Player(await host.connect(), 1);
    const created = await ann.request<Seated>('table:create', { name: 'Friday', players: 4, playerName: 'Ann' });
    if (!created.ok) throw new Error(created.code);
    const tables = await httpHostCheck()('127.0.0.1', host.port);
    expect(tables).toEqual([{ id: created.tableId, name: 'Friday', phase: 'lobby', seats: 4, freeSeats: 3 }]);
  });

  it('a host with no tables answers with none (a host, not a stranger)', async () => {
    host = await startHost();
    expect(await httpHostCheck()('127.0.0.1', host.port)).toEqual([]);
  });

  it('nothing listening, another web server, a server that never answers: not a host', async () => {
    const check = httpHostCheck(500);
    const closed = await serve(() => {});
    servers.pop()!.close();
    expect(await check('127.0.0.1', closed)).toBeNull();
    const other = await serve((_req, res) => res.end('0{"sid":1}'));
    expect(await check('127.0.0.1', other)).toBeNull();
    const html = await serve((_req, res) => res.end('<html>hello</html>'));
    expect(await check('127.0.0.1', html)).toBeNull();
    const silent = await serve(() => {}); // holds every request open
    expect(await check('127.0.0.1', silent)).toBeNull();
  });
});
