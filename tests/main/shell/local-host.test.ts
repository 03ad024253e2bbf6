// The desktop app's own host: offline first (loopback only, nothing advertised), opened to the
// network on request (LAN listeners on the same port, tables advertised), closed again without
// ending anything (no new LAN connections, goodbyes sent, players already in keep playing).
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ADVERTISING_OFF, type AdvertisingStatus } from '../../../src/shared/advertising';
import type { AdvertisedTable, Advertiser } from '../../../src/main/host/tables/advertiser';
import { silentLog } from '../../../src/main/host/log';
import { lanAddresses } from '../../../src/main/host/lan-urls';
import { type LocalHost, startLocalHost } from '../../../src/main/local-host';
import { type ClientSocket, connectTo, tempDir } from '../../kit/host/host';
import { Player } from '../../kit/clients/player';

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
  // Its mDNS status, changed by the test as the real advertiser's would change by itself.
  private current: AdvertisingStatus = { state: 'probing', renamed: [], hostNames: [] };
  private readonly listeners = new Set<(s: AdvertisingStatus) => void>();
  status(): AdvertisingStatus {
    return this.current;
  }
  onStatus(listener: (s: AdvertisingStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(status: AdvertisingStatus): void {
    this.current = status;
    for (const l of this.listeners) l(status);
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
      staticDir: '/nonexistent',
      log: silentLog,
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
    expect(local.network()).toEqual({ open: false, urls: [], advertising: ADVERTISING_OFF });
    const pushed: unknown[] = [];
    local.onNetwork((state) => pushed.push(state));

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
    expect(opened).toEqual({ open: true, urls: [lanUrl], advertising: { state: 'probing', renamed: [], hostNames: [] } });
    expect(adverts).toHaveLength(1);
    // The advertiser's status reaches the app by itself (a name taken on the network: renamed).
    const renamed: AdvertisingStatus = { state: 'renamed', renamed: ['Friday (abc123) (2)'], hostNames: ['chronicle-abc123.local'] };
    adverts[0]!.set(renamed);
    expect(pushed.at(-1)).toEqual({ open: true, urls: [lanUrl], advertising: renamed });
    expect(local.network().advertising).toEqual(renamed);
    expect(adverts[0]!.published.get(tableId)).toMatchObject({ port, path: `/t/${tableId}`, seats: 3 });
    const guest = new Player(await connect(lanUrl));
    expect((await guest.join(tableId, 'Bea')).ok).toBe(true);

    // Close: goodbyes, no new LAN connections; the guest already seated still plays.
    expect(await local.closeToNetwork()).toEqual({ open: false, urls: [], advertising: ADVERTISING_OFF });
    const pushedBefore = pushed.length;
    adverts[0]!.set({ state: 'retrying', renamed: [], hostNames: [] }); // the closed advertiser is no longer heard
    expect(pushed).toHaveLength(pushedBefore);
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
    expect(state.advertising).toEqual(ADVERTISING_OFF);
  });
});
