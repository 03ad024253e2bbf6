// The desktop app's own host: offline first (loopback only, nothing advertised), opened to the
// network on request (LAN listeners on the same port, tables advertised), closed again without
// ending anything (no new LAN connections, goodbyes sent, players already in keep playing).
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdvertisedTable, Advertiser } from '../../../src/main/host/advertiser';
import { silentLog } from '../../../src/main/host/log';
import { lanAddresses } from '../../../src/main/host/lan-urls';
import { type LocalHost, startLocalHost } from '../../../src/main/local-host';
import { type ClientSocket, connectTo, tempDir } from '../host/helpers/host';
import { Player } from '../host/helpers/player';

class RecordingAdvertiser implements Advertiser {
  readonly published = new Map<string, AdvertisedTable>();
  closed = false;
  advertise(table: AdvertisedTable): void {
    this.published.set(table.tableId, table);
  }
  withdraw(tableId: string): void {
    this.published.delete(tableId);
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

const lan = lanAddresses()[0];
if (!lan) console.log('local-host LAN test skipped: this machine has no non-loopback IPv4 address');

let local: LocalHost | undefined;
let dataDir = '';
const sockets: ClientSocket[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.disconnect());
  await local?.close();
  local = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function connect(url: string): Promise<ClientSocket> {
  const s = await connectTo(url);
  sockets.push(s);
  return s;
}

describe.skipIf(!lan)('the app host', () => {
  it('starts on loopback, opens to the LAN and closes again without ending the game', async () => {
    dataDir = await tempDir('chronicle-local-');
    const adverts: RecordingAdvertiser[] = [];
    local = await startLocalHost({
      dataDir,
      staticDir: '/nonexistent', log: silentLog,
      port: 0,
      botDelayMs: 0,
      discovery: () => {
        const a = new RecordingAdvertiser();
        adverts.push(a);
        return a;
      },
    });
    const port = local.host.port;
    const lanUrl = `http://${lan}:${port}`;
    expect(local.host.url).toBe(`http://127.0.0.1:${port}`);
    expect(local.network()).toEqual({ open: false, urls: [] });

    // Offline: the window's own player creates a table; nothing reaches the network.
    const me = new Player(await connect(local.host.url));
    const created = await me.request<{ tableId: string }>('table:create', { name: 'Friday', players: 3, playerName: 'Ann' });
    expect(created.ok).toBe(true);
    if (!created.ok) throw new Error(created.code);
    const tableId = created.tableId;
    await expect(connectTo(lanUrl)).rejects.toThrow();
    expect(adverts).toHaveLength(0);

    // Open: the LAN address takes connections and the table is advertised.
    const opened = await local.openToNetwork();
    expect(opened).toEqual({ open: true, urls: [lanUrl] });
    expect(adverts).toHaveLength(1);
    expect(adverts[0]!.published.get(tableId)).toMatchObject({ port, path: `/t/${tableId}`, seats: 3 });
    const guest = new Player(await connect(lanUrl));
    expect((await guest.join(tableId, 'Bea')).ok).toBe(true);

    // Close: goodbyes, no new LAN connections; the guest already seated still plays.
    expect(await local.closeToNetwork()).toEqual({ open: false, urls: [] });
    expect(adverts[0]!.closed).toBe(true);
    await expect(connectTo(lanUrl)).rejects.toThrow();
    const list = await guest.request<{ tables: { id: string }[] }>('table:list', {});
    expect(list.ok && list.tables.map((t) => t.id)).toEqual([tableId]);

    // Opening again advertises the tables the host still has.
    await local.openToNetwork();
    expect(adverts).toHaveLength(2);
    expect(adverts[1]!.published.has(tableId)).toBe(true);
  });

  it('advertises nothing when mDNS is off, even open to the network', async () => {
    dataDir = await tempDir('chronicle-local-');
    let created = 0;
    local = await startLocalHost({ dataDir, staticDir: '/nonexistent', log: silentLog, port: 0, mdns: false, discovery: () => (created++, new RecordingAdvertiser()) });
    const state = await local.openToNetwork();
    expect(state.open).toBe(true);
    await connect(state.urls[0]!);
    expect(created).toBe(0);
  });
});
