// The host tells clients where other devices can reach it: its LAN addresses, the asking
// client's subnet first, never loopback; nothing when it listens on loopback only.
import { afterEach, describe, expect, it } from 'vitest';
import { lanAddresses, orderForClient } from '../../../src/main/host/lan-urls';
import { type TestHost, startHost } from '../../kit/host/host';
import { Player } from '../../kit/clients/player';

let host: TestHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

describe('host:addresses', () => {
  it('lists the LAN addresses of a host serving the network, never loopback', async () => {
    const lan = lanAddresses();
    if (lan.length === 0) console.log('this machine has no LAN address: only the empty answer is checked');
    host = await startHost({ host: '0.0.0.0' });
    const p = new Player(await host.connect());
    const r = await p.request<{ urls: string[] }>('host:addresses');
    expect(r).toEqual({ ok: true, urls: expect.any(Array) });
    if (!r.ok) return;
    expect(r.urls.map((u) => new URL(u).hostname).sort()).toEqual([...lan].sort());
    for (const u of r.urls) expect(new URL(u).port).toBe(String(host.port));
  });

  it('lists nothing for a host on loopback only, or what the app says is open', async () => {
    host = await startHost();
    const p = new Player(await host.connect());
    expect(await p.request('host:addresses')).toEqual({ ok: true, urls: [] });
    await host.dispose();
    host = await startHost({ reachableAddresses: () => ['127.0.0.1', '192.168.5.7'] });
    const q = new Player(await host.connect());
    expect(await q.request('host:addresses')).toEqual({ ok: true, urls: [`http://192.168.5.7:${host.port}`] });
  });

  it('puts the address on the asking client’s subnet first', () => {
    const interfaces = [
      { address: '10.8.0.5', netmask: '255.255.255.0' }, // a VPN
      { address: '169.254.3.3', netmask: '255.255.0.0' },
      { address: '192.168.1.20', netmask: '255.255.255.0' }, // the Wi-Fi
      { address: '172.20.0.1', netmask: '255.255.0.0' },
    ];
    const all = interfaces.map((i) => i.address);
    expect(orderForClient(all, '192.168.1.33', interfaces)[0]).toBe('192.168.1.20');
    expect(orderForClient(all, '::ffff:172.20.9.9', interfaces)[0]).toBe('172.20.0.1');
    expect(orderForClient(all, '10.8.0.77', interfaces)[0]).toBe('10.8.0.5');
    // From this machine itself: private LANs first, link-local last, loopback never.
    expect(orderForClient([...all, '127.0.0.1'], '127.0.0.1', interfaces)).toEqual(['10.8.0.5', '192.168.1.20', '172.20.0.1', '169.254.3.3']);
  });
});
