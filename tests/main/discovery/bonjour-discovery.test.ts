// The bonjour-service Discovery and TableBrowser against a fake mDNS stack (no sockets): naming,
// TXT updates, goodbyes, error survival, re-advertising on network change, browsing, expiry.
// The real thing, over real multicast between two network namespaces, is in lan.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBonjourDiscovery, instanceName } from '../../../src/main/discovery/bonjour-advertiser';
import { browseTables, pickAddress } from '../../../src/main/discovery/bonjour-browser';
import type { BrowsedService, MdnsPacket } from '../../../src/main/discovery/mdns-stack';
import type { AdvertisedTable, FoundTable } from '../../../src/main/discovery/discovery';
import { txtStrings } from '../../../src/main/discovery/txt';
import { fakes } from './fake-stack';

const table: AdvertisedTable = { tableId: 'tbl-1', name: 'Friday night', port: 4000, freeSeats: 2, seats: 4, path: '/t/tbl-1' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createBonjourDiscovery (host side)', () => {
  it('probes the instance and host names, then publishes a _chronicle._tcp service with the TXT record (no second probe)', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    discovery.advertise(table);
    expect(f.last().services).toHaveLength(0); // probing first
    await vi.advanceTimersByTimeAsync(0);
    const [service] = f.last().services;
    expect(f.last().probes).toEqual([[`${service!.config.name}._chronicle._tcp.local`, service!.config.host]]);
    expect(service!.config).toMatchObject({
      type: 'chronicle',
      protocol: 'tcp',
      port: 4000,
      probe: false,
      txt: { v: '1', n: 'Friday night', f: '2', s: '4', p: '/t/tbl-1' },
    });
    expect(service!.config.name).toMatch(/^Friday night \([0-9a-f]{6}\)$/);
    const id = /\(([0-9a-f]{6})\)/.exec(service!.config.name)![1];
    expect(service!.config.host).toBe(`chronicle-${id}.local`);
  });

  it('gives the same table id different instance names on different hosts (random salt)', async () => {
    const f = fakes();
    createBonjourDiscovery(f.options).advertise(table);
    createBonjourDiscovery(f.options).advertise(table);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.stacks[0]!.services[0]!.config.name).not.toBe(f.stacks[1]!.services[0]!.config.name);
  });

  it('keeps instance names within one DNS label and without dots', () => {
    const name = instanceName('A.very.long.name '.repeat(10), 'abcdef');
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(63);
    expect(name).not.toContain('.');
    expect(name.endsWith(' (abcdef)')).toBe(true);
  });

  it('refuses invalid tables with a RangeError and publishes nothing', () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    expect(() => discovery.advertise({ ...table, port: 0 })).toThrow(RangeError);
    expect(() => discovery.advertise({ ...table, tableId: '' })).toThrow(RangeError);
    expect(() => discovery.advertise({ ...table, freeSeats: 9 })).toThrow(RangeError);
    expect(f.last().services).toHaveLength(0);
  });

  it('re-publishes when the TXT data changes (goodbye, then announce without probing), at most once a second', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    discovery.advertise(table);
    await vi.advanceTimersByTimeAsync(0);
    discovery.advertise({ ...table }); // same data: nothing to do
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.last().services).toHaveLength(1);

    discovery.advertise({ ...table, freeSeats: 1 });
    await vi.advanceTimersByTimeAsync(0);
    const stack = f.last();
    expect(stack.services[0]!.stopped).toBe(1);
    expect(stack.services).toHaveLength(2);
    expect(stack.services[1]!.config).toMatchObject({ name: stack.services[0]!.config.name, probe: false, txt: { f: '1' } });

    // Two more changes within the second: one publication, with the latest data.
    discovery.advertise({ ...table, freeSeats: 0 });
    discovery.advertise({ ...table, freeSeats: 3 });
    await vi.advanceTimersByTimeAsync(500);
    expect(stack.services).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(600);
    expect(stack.services).toHaveLength(3);
    expect(stack.services[2]!.config.txt).toMatchObject({ f: '3' });
  });

  it('withdraws with a goodbye (service.stop); unknown ids are ignored', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    discovery.advertise(table);
    await vi.advanceTimersByTimeAsync(0);
    discovery.withdraw('nope');
    discovery.withdraw(table.tableId);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.last().services[0]!.stopped).toBe(1);
    discovery.withdraw(table.tableId);
    expect(f.last().services[0]!.stopped).toBe(1);
  });

  it('closes with unpublishAll (goodbyes) then destroy; ignores advertise after close', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    discovery.advertise(table);
    await vi.advanceTimersByTimeAsync(0);
    await discovery.close();
    expect(f.last().unpublishedAll).toBe(true);
    expect(f.last().destroyed).toBe(true);
    discovery.advertise({ ...table, tableId: 'later' });
    expect(f.last().services).toHaveLength(1);
    expect(f.logs.some((l) => l.level === 'warn' && l.message.includes('after close'))).toBe(true);
  });

  it('survives mDNS errors: socket error and send failures are logged, the socket is re-created, tables re-advertised', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    discovery.advertise(table);
    await vi.advanceTimersByTimeAsync(0);
    const first = f.last();
    expect(() => first.emit('error', Object.assign(new Error('bind failed'), { code: 'EADDRINUSE' }))).not.toThrow();
    expect(() => first.emit('warning', new Error('send ENETUNREACH'))).not.toThrow();
    expect(() => first.onError(new Error('respond failed'))).not.toThrow();
    expect(f.logs.map((l) => l.message)).toEqual(expect.arrayContaining([expect.stringContaining('EADDRINUSE'), expect.stringContaining('respond failed')]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.stacks).toHaveLength(2);
    expect(first.destroyed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.last().probes).toHaveLength(1); // probed again on the new socket
    expect(f.last().services[0]!.config).toMatchObject({ name: first.services[0]!.config.name });
    await discovery.close();
  });

  it('a publish that throws is logged, not thrown, and tried again after 1, 2, 4 s', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    f.last().failPublish = true;
    expect(() => discovery.advertise(table)).not.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.logs.some((l) => l.level === 'warn' && l.message.includes('publish exploded'))).toBe(true);
    expect(discovery.status().state).toBe('retrying');
    const probes = () => f.last().probes.length;
    await vi.advanceTimersByTimeAsync(999);
    expect(probes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes()).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(probes()).toBe(3);
    f.last().failPublish = false;
    await vi.advanceTimersByTimeAsync(4000);
    expect(probes()).toBe(4);
    expect(f.last().services).toHaveLength(1);
    f.last().services[0]!.emit('up');
    expect(discovery.status().state).toBe('advertised');
    await discovery.close();
  });

  it('re-advertises everything on a fresh socket when the network changes', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    discovery.advertise(table);
    discovery.advertise({ ...table, tableId: 'tbl-2', name: 'Other' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(f.stacks[0]!.services).toHaveLength(2);
    expect(f.stacks).toHaveLength(1); // unchanged network: nothing happens

    f.setNetwork(''); // cable out
    await vi.advanceTimersByTimeAsync(1000);
    f.setNetwork('wlan0/192.168.1.20'); // another network
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.stacks).toHaveLength(3);
    expect(f.stacks[0]!.destroyed && f.stacks[1]!.destroyed).toBe(true);
    expect(f.last().services.map((s) => s.config.name)).toEqual(f.stacks[0]!.services.map((s) => s.config.name));
    expect(f.logs.some((l) => l.message.includes('re-advertising 2 table(s)'))).toBe(true);
    await discovery.close();
  });
});

// ---- browser side -----------------------------------------------------------------------------

const FQDN = 'Friday night (abc123)._chronicle._tcp.local';
function service(over: Partial<BrowsedService> & { txt?: string[] } = {}): BrowsedService {
  const { txt = ['v=1', 'n=Friday night', 'f=2', 's=4', 'p=/t/1'], ...rest } = over;
  return {
    name: 'Friday night (abc123)',
    fqdn: FQDN,
    port: 4000,
    addresses: ['10.0.0.7', 'fe80::1'],
    referer: { address: '10.0.0.7', family: 'IPv4' },
    rawTxt: txtStrings(Object.fromEntries(txt.map((kv) => kv.split('=') as [string, string]))),
    ...rest,
  };
}
const answer = (fqdn = FQDN, ttl = 120): MdnsPacket => ({
  answers: [{ name: '_chronicle._tcp.local', type: 'PTR', ttl, data: fqdn }],
  additionals: [{ name: fqdn, type: 'SRV', ttl, data: { port: 4000, target: 'x.local' } }],
});

function browsing(options: { requeryMs?: number; staleAfterMs?: number } = {}) {
  const f = fakes();
  const changes: FoundTable[][] = [];
  const browser = browseTables({ ...f.options, ...options }, (t) => changes.push(t));
  const stack = f.last();
  const fb = stack.browsers[0]!;
  /** The bonjour browser has (re)built `s` from a packet, then our listener sees the packet. */
  const receive = (s: BrowsedService | null, packet = answer(s?.fqdn)): void => {
    if (s) fb.services = [...fb.services.filter((x) => x.fqdn !== s.fqdn), s];
    stack.emit('response', packet);
  };
  return { f, changes, browser, stack, fb, receive };
}

describe('browseTables (client side)', () => {
  it('lists a compatible table with its TXT data and the answering address', () => {
    const b = browsing();
    b.receive(service());
    expect(b.changes).toEqual([
      [
        {
          instance: 'Friday night (abc123)',
          name: 'Friday night',
          host: '10.0.0.7',
          port: 4000,
          freeSeats: 2,
          seats: 4,
          path: '/t/1',
          protocolVersion: 1,
        },
      ],
    ]);
    expect(b.browser.tables()).toEqual(b.changes[0]);
    b.receive(service()); // same data again: no new change
    expect(b.changes).toHaveLength(1);
  });

  it('ignores incompatible versions and malformed records (logged once), lists the rest sorted by name', () => {
    const b = browsing();
    b.receive(service({ fqdn: 'New (1)._chronicle._tcp.local', name: 'New (1)', txt: ['v=2', 'n=New'] }));
    b.receive(service({ fqdn: 'New (1)._chronicle._tcp.local', name: 'New (1)', txt: ['v=2', 'n=New'] }));
    b.receive(service({ fqdn: 'Bad (2)._chronicle._tcp.local', name: 'Bad (2)', txt: ['v=1', 'n=Bad', 'f=9', 's=4', 'p=/'] }));
    b.receive(service({ fqdn: 'B (3)._chronicle._tcp.local', name: 'B (3)', txt: ['v=1', 'n=B', 'f=1', 's=4', 'p=/b'] }));
    b.receive(service({ fqdn: 'A (4)._chronicle._tcp.local', name: 'A (4)', txt: ['v=1', 'n=A', 'f=1', 's=4', 'p=/a'] }));
    expect(b.browser.tables().map((t) => t.name)).toEqual(['A', 'B']);
    const ignored = b.f.logs.filter((l) => l.message.startsWith('ignoring'));
    expect(ignored.map((l) => l.message)).toEqual([expect.stringContaining('incompatible TXT (protocol version 2, expected 1)'), expect.stringContaining('malformed TXT')]);
  });

  it('lists a table once under its latest name, however many names it went by are still answered for (a renamed table)', async () => {
    const b = browsing();
    const names = ['Friday night (abc123)', 'Friday night (abc123) (2)', 'Friday night (abc123) (3)'];
    for (const name of names) {
      b.receive(service({ name, fqdn: `${name}._chronicle._tcp.local` }));
      await vi.advanceTimersByTimeAsync(100);
    }
    // The old names answered for again (a device claiming them): still one entry, the latest name.
    b.receive(service(), answer(FQDN));
    b.receive(service({ name: names[1], fqdn: `${names[1]}._chronicle._tcp.local` }));
    await vi.advanceTimersByTimeAsync(100);
    b.receive(service({ name: names[2], fqdn: `${names[2]}._chronicle._tcp.local` }));
    expect(b.browser.tables()).toEqual([expect.objectContaining({ instance: names[2], host: '10.0.0.7', port: 4000, path: '/t/1' })]);
    // Another table on the same host, and the same path on another host, are other entries.
    b.receive(service({ name: 'Other (abc123)', fqdn: 'Other (abc123)._chronicle._tcp.local', txt: ['v=1', 'n=Other', 'f=2', 's=4', 'p=/t/2'] }));
    b.receive(service({ name: 'Far (def456)', fqdn: 'Far (def456)._chronicle._tcp.local', addresses: ['10.0.0.8'], referer: { address: '10.0.0.8', family: 'IPv4' } }));
    expect(b.browser.tables().map((t) => [t.name, t.host, t.path])).toEqual([
      ['Friday night', '10.0.0.8', '/t/1'], // sorted by name, then instance: "Far (def456)" first
      ['Friday night', '10.0.0.7', '/t/1'],
      ['Other', '10.0.0.7', '/t/2'],
    ]);
  });

  it('drops a table 1 s after its goodbye, unless it is announced again meanwhile (TXT update)', async () => {
    const b = browsing();
    b.receive(service());
    b.receive(null, answer(FQDN, 0)); // goodbye of a re-publication...
    await vi.advanceTimersByTimeAsync(300);
    b.receive(service({ txt: ['v=1', 'n=Friday night', 'f=1', 's=4', 'p=/t/1'] })); // ...and the new announcement
    await vi.advanceTimersByTimeAsync(2000);
    expect(b.changes.map((c) => c.map((t) => t.freeSeats))).toEqual([[2], [1]]); // never empty in between

    b.receive(null, answer(FQDN, 0));
    await vi.advanceTimersByTimeAsync(999);
    expect(b.browser.tables()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(b.browser.tables()).toHaveLength(0);
    expect(b.changes.at(-1)).toEqual([]);
  });

  it('keeps apart what two devices say under one name: a device answering for a table’s name does not push the table off, and its goodbye drops only its own', async () => {
    const b = browsing();
    const host = { address: '10.0.0.7', port: 5353 };
    const claimer = { address: '10.0.0.66', port: 5353 };
    const fromClaimer = service({ addresses: ['10.0.0.66'], referer: { address: '10.0.0.66', family: 'IPv4' }, port: 7420 });
    // As bonjour-service does: one service per name, the last packet's.
    const receiveFrom = (s: BrowsedService, sender: typeof host, packet = answer(FQDN)): void => {
      b.fb.services = [s];
      b.stack.emit('response', packet, sender);
    };
    receiveFrom(service(), host);
    receiveFrom(fromClaimer, claimer);
    expect(b.browser.tables().map((t) => [t.host, t.port])).toEqual([
      ['10.0.0.66', 7420], // same name and instance: by address
      ['10.0.0.7', 4000],
    ]);
    // A packet from the host while the library still holds the claimer's service: a sign of life of the host's, nothing of the claimer's taken for it.
    b.stack.emit('response', answer(FQDN), host);
    expect(b.browser.tables()).toHaveLength(2);
    b.stack.emit('response', answer(FQDN, 0), claimer); // the claimer's goodbye
    await vi.advanceTimersByTimeAsync(1000);
    expect(b.browser.tables().map((t) => t.host)).toEqual(['10.0.0.7']);
    b.stack.emit('response', answer(FQDN, 0), claimer); // its goodbye for the host's name changes nothing
    await vi.advanceTimersByTimeAsync(1000);
    expect(b.browser.tables().map((t) => t.host)).toEqual(['10.0.0.7']);
  });

  it('drops a table that stops answering (host crashed) after staleAfterMs', async () => {
    const b = browsing({ requeryMs: 2000, staleAfterMs: 5000 });
    b.receive(service());
    await vi.advanceTimersByTimeAsync(4000);
    b.receive(null, answer(FQDN)); // still answering
    await vi.advanceTimersByTimeAsync(4900);
    expect(b.browser.tables()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(b.browser.tables()).toHaveLength(0);
    b.receive(null, answer(FQDN, 0)); // TTL 0 records are no sign of life
    expect(b.browser.tables()).toHaveLength(0);
  });

  it('re-queries at 1, 2, 4... seconds up to requeryMs; refresh() queries at once', async () => {
    const b = browsing({ requeryMs: 4000 });
    const at: number[] = [];
    const start = Date.now();
    b.fb.update = () => void at.push(Date.now() - start);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(at).toEqual([1000, 3000, 7000, 11_000, 15_000]);
    b.browser.refresh();
    expect(at).toHaveLength(6);
    await b.browser.close();
  });

  it('survives a throwing listener and mDNS errors; close() stops the browser and destroys the socket', async () => {
    const f = fakes();
    const browser = browseTables(f.options, () => {
      throw new Error('ui bug');
    });
    const stack = f.last();
    stack.browsers[0]!.services = [service()];
    expect(() => stack.emit('response', answer())).not.toThrow();
    expect(() => stack.emit('error', new Error('EACCES'))).not.toThrow();
    expect(f.logs.some((l) => l.message.includes('ui bug'))).toBe(true);
    await browser.close();
    expect(stack.browsers[0]!.stopped && stack.destroyed).toBe(true);
  });

  it('browses on a fresh socket after a network change and keeps the list meanwhile', async () => {
    const b = browsing();
    b.receive(service());
    b.f.setNetwork('wlan0/192.168.1.20');
    await vi.advanceTimersByTimeAsync(1000);
    expect(b.f.stacks).toHaveLength(2);
    expect(b.stack.destroyed).toBe(true);
    expect(b.f.last().browsers).toHaveLength(1);
    expect(b.browser.tables()).toHaveLength(1);
    await b.browser.close();
  });
});

describe('pickAddress', () => {
  it('prefers the answering address when the host advertises it', () => {
    expect(pickAddress({ addresses: ['192.168.1.5', '10.0.0.7'], referer: { address: '10.0.0.7', family: 'IPv4' } })).toBe('10.0.0.7');
  });
  it('uses the answering address when none is advertised or it is loopback', () => {
    expect(pickAddress({ addresses: [], referer: { address: '127.0.0.1', family: 'IPv4' } })).toBe('127.0.0.1');
    expect(pickAddress({ addresses: ['192.168.1.5'], referer: { address: '127.0.0.1', family: 'IPv4' } })).toBe('127.0.0.1');
  });
  it('otherwise takes an advertised IPv4 address, link-local last, never IPv6', () => {
    expect(pickAddress({ addresses: ['fe80::1', '169.254.3.4', '192.168.1.5'], referer: { address: '10.9.9.9', family: 'IPv4' } })).toBe('192.168.1.5');
    expect(pickAddress({ addresses: ['fe80::1'] })).toBeNull();
  });
});

describe('with the real bonjour-service stack', () => {
  // Binding to 192.0.2.1 (TEST-NET-1, never a local address) fails with EADDRNOTAVAIL. multicast-dns
  // sends only once its bind succeeded, so this test puts no packet on any network.
  it('survives a socket that cannot bind: the error is logged, advertise and close still work', async () => {
    vi.useRealTimers();
    const logs: string[] = [];
    const discovery = createBonjourDiscovery({ bind: '192.0.2.1', networkPollMs: 0, log: (level, m) => logs.push(`${level} ${m}`) });
    expect(() => discovery.advertise(table)).not.toThrow();
    await vi.waitFor(() => expect(logs.join('\n')).toContain('EADDRNOTAVAIL'), { timeout: 2000 });
    await discovery.close();
    expect(logs.some((l) => l.startsWith('warn mDNS socket error'))).toBe(true);
  });
});
