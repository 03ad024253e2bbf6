// Another device claiming a table's name after it was announced (RFC 6762 §9), against the fake
// stack: a response with one of our unique records' name and type but other data makes the
// advertiser keep the name and multicast its own records again, cache-flush bit set, at most
// once a second however fast the claims come; our own packets, copies of our records, goodbyes
// and names we do not hold change nothing. The same with real packets between namespaces:
// claim-lan.test.ts, and a device claiming every name: mdns-claimer.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBonjourDiscovery } from '../../../src/main/discovery/bonjour-advertiser';
import { rdataKey } from '../../../src/main/discovery/conflict';
import type { AdvertisedTable } from '../../../src/main/discovery/discovery';
import type { MdnsRecord, MdnsSender } from '../../../src/main/discovery/mdns-stack';
import { FAKE_ADDRESS, type FakeStack, fakes } from './fake-stack';

const table: AdvertisedTable = { tableId: 'tbl-1', name: 'Friday night', port: 4000, freeSeats: 2, seats: 4, path: '/t/tbl-1' };
const SUFFIX = '._chronicle._tcp.local';
const OTHER: MdnsSender = { address: '10.0.0.9', port: 5353 };

const send = (stack: FakeStack, answers: MdnsRecord[], sender: MdnsSender = OTHER, additionals: MdnsRecord[] = []): void => {
  stack.emit('response', { answers, additionals }, sender);
};
const srv = (name: string, target: string, port: number, ttl = 120): MdnsRecord => ({ name, type: 'SRV', class: 'IN', flush: true, ttl, data: { target, port } });
const a = (name: string, address: string, ttl = 120): MdnsRecord => ({ name, type: 'A', class: 'IN', flush: true, ttl, data: address });

/** A table advertised and announced ('up') on the fake stack: its first names. */
async function announced() {
  const f = fakes();
  const discovery = createBonjourDiscovery(f.options);
  const stack = f.last();
  discovery.advertise(table);
  await vi.advanceTimersByTimeAsync(0);
  stack.services[0]!.emit('up');
  expect(discovery.status().state).toBe('advertised');
  const [instanceFqdn, host] = stack.probes[0]! as [string, string];
  return { f, discovery, stack, instanceFqdn, host, first: instanceFqdn.slice(0, -SUFFIX.length) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the advertiser when another device claims an announced name', () => {
  it.each([
    ['an SRV with another target and port', (fqdn: string): MdnsRecord => srv(fqdn, 'evil.local', 6666)],
    ['a TXT with other strings', (fqdn: string): MdnsRecord => ({ name: fqdn, type: 'TXT', class: 'IN', ttl: 4500, data: [Buffer.from('path=/evil')] })],
    [
      'an SRV without the cache-flush bit, in the additionals, name in other case',
      (fqdn: string): MdnsRecord => ({ ...srv(fqdn.toUpperCase(), 'evil.local', 6666), flush: false }),
    ],
  ])('instance name claimed by %s: the name is kept and our records sent again, cache-flush bit set', async (_what, claim) => {
    const { f, discovery, stack, instanceFqdn, first } = await announced();
    const record = claim(instanceFqdn);
    if (record.flush === false) send(stack, [], OTHER, [record]);
    else send(stack, [record]);
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.services[0]!.stopped).toBe(0); // no goodbyes: the name stays ours
    expect(stack.probes).toHaveLength(1); // no new name probed
    expect(stack.responses).toHaveLength(1);
    const sent = stack.responses[0]!;
    expect(sent.map((r) => [r.type, r.flush === true])).toEqual([
      ['PTR', false], // shared: never flushed
      ['SRV', true],
      ['TXT', true],
      ['A', true],
    ]);
    expect(sent.find((r) => r.type === 'SRV')).toMatchObject({ name: instanceFqdn, data: { port: 4000 } });
    expect(discovery.status()).toEqual({ state: 'advertised', renamed: [], hostNames: [stack.probes[0]![1]] });
    expect(f.logs.some((l) => l.level === 'warn' && l.message === `name claimed by another device (10.0.0.9), keeping it: ${first}${SUFFIX}`)).toBe(true);
    await discovery.close();
  });

  it('host name claimed by an A record with another address: kept too, our address sent again', async () => {
    const { discovery, stack, host } = await announced();
    send(stack, [a(host, '10.0.0.66')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.probes).toHaveLength(1);
    expect(stack.responses[0]!.find((r) => r.type === 'A')).toMatchObject({ name: host, data: FAKE_ADDRESS, flush: true });
    expect(discovery.hostNames()).toEqual([host]);
    await discovery.close();
  });

  it('answers a device that claims without pause at most once a second, and says so in the log once', async () => {
    const { f, discovery, stack, instanceFqdn, host } = await announced();
    for (let i = 0; i < 50; i++) {
      send(stack, [srv(instanceFqdn, 'evil.local', 6666), a(host, '10.0.0.66')]);
      await vi.advanceTimersByTimeAsync(100);
    }
    // Claims every 100 ms from 0 to 4.9 s: answered at 0, 1, 2, 3, 4 and 5 s.
    expect(stack.responses).toHaveLength(6);
    expect(stack.probes).toHaveLength(1);
    expect(stack.services).toHaveLength(1);
    expect(f.logs.filter((l) => l.message.startsWith('name claimed by another device'))).toHaveLength(1);
    // The claims stop: nothing more goes out.
    await vi.advanceTimersByTimeAsync(5000);
    expect(stack.responses).toHaveLength(6);
    await discovery.close();
  });

  it('is not a conflict: copies of our records, goodbyes, our own packets, another port, names not ours', async () => {
    const { discovery, stack, instanceFqdn, host, first } = await announced();
    const ours = stack.services[0]!.records;
    send(stack, [...ours]); // another instance of us / a proxy repeating our records
    send(stack, [srv(instanceFqdn, host, 4000), a(host, FAKE_ADDRESS)]);
    send(stack, [srv(instanceFqdn, 'evil.local', 6666, 0), a(host, '10.0.0.66', 0)]); // goodbyes from someone else
    send(stack, [srv(instanceFqdn, 'evil.local', 6666)], { address: FAKE_ADDRESS, port: 5353 }); // our own address
    send(stack, [srv(instanceFqdn, 'evil.local', 6666)], { address: '127.0.0.1', port: 5353 }); // loopback
    send(stack, [srv(instanceFqdn, 'evil.local', 6666)], { address: '10.0.0.9', port: 40000 }); // not from the mDNS port
    send(stack, [{ name: '_chronicle._tcp.local', type: 'PTR', ttl: 4500, data: `${first} (7)${SUFFIX}` }]); // PTR is shared
    send(stack, [srv(`${first} (2)${SUFFIX}`, 'evil.local', 6666), a('chronicle-other.local', '10.0.0.66')]); // not our names
    send(stack, [{ name: instanceFqdn, type: 'AAAA', ttl: 120, data: 'fe80::1' }]); // a type we do not hold there
    await vi.advanceTimersByTimeAsync(2000);
    expect(stack.probes).toHaveLength(1);
    expect(stack.responses).toHaveLength(0);
    expect(stack.services[0]!.stopped).toBe(0);
    expect(discovery.status().state).toBe('advertised');
    await discovery.close();
  });

  it('a claim while the name is still being probed is the probe’s business: nothing is defended before it is won', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    const stack = f.last();
    discovery.advertise(table);
    const [instanceFqdn] = stack.probes[0]! as [string, string];
    send(stack, [srv(instanceFqdn, 'evil.local', 6666)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(stack.responses).toHaveLength(0);
    await discovery.close();
  });
});

describe('rdata compared', () => {
  it('as the same data however it is spelled: IPv6 forms, SRV target case, TXT as strings or bytes', () => {
    expect(rdataKey('AAAA', '2001:DB8:0:0:1::1')).toBe(rdataKey('AAAA', '2001:db8::1:0:0:1'));
    expect(rdataKey('SRV', { target: 'Chronicle-ABC.local', port: 1 })).toBe(rdataKey('SRV', { target: 'chronicle-abc.local', port: 1, priority: 0, weight: 0 }));
    expect(rdataKey('TXT', ['a=1', Buffer.from('b=2')])).toBe(rdataKey('TXT', [Buffer.from('a=1'), Buffer.from('b=2')]));
    expect(rdataKey('TXT', [Buffer.from('b=2'), Buffer.from('a=1')])).not.toBe(rdataKey('TXT', [Buffer.from('a=1'), Buffer.from('b=2')]));
    expect(rdataKey('SRV', 'not an SRV')).toBeNull();
  });
});
