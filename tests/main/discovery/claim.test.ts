// Another device claiming a table's name after it was announced (RFC 6762 §9), against the fake
// stack: a response with one of our unique records' name and type but other data makes the
// advertiser say goodbye, probe the next name and announce it; our own packets, copies of our
// records, goodbyes and names we do not hold change nothing; a device that keeps claiming is
// paced like probe conflicts. The same with real packets between namespaces: claim-lan.test.ts.
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
  ])('instance name claimed by %s: goodbye, "(2)" probed and announced, reported "renamed"', async (_what, claim) => {
    const { f, discovery, stack, instanceFqdn, host, first } = await announced();
    const record = claim(instanceFqdn);
    if (record.flush === false) send(stack, [], OTHER, [record]);
    else send(stack, [record]);
    expect(stack.services[0]!.stopped).toBe(1); // goodbyes for what we announced under the name
    expect(stack.probes[1]).toEqual([`${first} (2)${SUFFIX}`, host]);
    expect(discovery.status().state).toBe('probing');
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.services).toHaveLength(2);
    expect(stack.services[1]!.config).toMatchObject({ name: `${first} (2)`, host, port: 4000, probe: false });
    stack.services[1]!.emit('up');
    expect(discovery.status()).toEqual({ state: 'renamed', renamed: [`${first} (2)`], hostNames: [host] });
    expect(f.logs.some((l) => l.level === 'warn' && l.message.includes(`name claimed by another device (10.0.0.9), renaming: "${first}" → "${first} (2)"`))).toBe(true);
    await discovery.close();
  });

  it('host name claimed by an A record with another address: the host name moves, the instance keeps its name', async () => {
    const { discovery, stack, instanceFqdn, host, first } = await announced();
    const host2 = host.replace('.local', '-2.local');
    send(stack, [a(host, '10.0.0.66')]);
    expect(stack.probes[1]).toEqual([instanceFqdn, host2]);
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.services[1]!.config).toMatchObject({ name: first, host: host2 });
    stack.services[1]!.emit('up');
    expect(discovery.status()).toEqual({ state: 'renamed', renamed: [host2], hostNames: [host2] });
    expect(discovery.hostNames()).toEqual([host2]);
    await discovery.close();
  });

  it('a claim on the host name in a second packet, while the new instance name is probed: both names move', async () => {
    const { discovery, stack, instanceFqdn, host, first } = await announced();
    const host2 = host.replace('.local', '-2.local');
    send(stack, [srv(instanceFqdn, 'evil.local', 6666)]);
    send(stack, [a(host, '10.0.0.66')]); // before the probe of "(2)" could hear it
    expect(stack.probes.slice(1)).toEqual([
      [`${first} (2)${SUFFIX}`, host],
      [`${first} (2)${SUFFIX}`, host2],
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.services).toHaveLength(2); // the first probe's answer is stale: announced once
    expect(stack.services[1]!.config).toMatchObject({ name: `${first} (2)`, host: host2 });
    stack.services[1]!.emit('up');
    expect(discovery.status()).toEqual({ state: 'renamed', renamed: [`${first} (2)`, host2], hostNames: [host2] });
    await discovery.close();
  });

  it('is not a conflict: copies of our records, goodbyes, our own packets, another port, names not or no longer ours, a name still being probed', async () => {
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
    expect(stack.probes).toHaveLength(1);
    expect(stack.services[0]!.stopped).toBe(0);
    expect(discovery.status().state).toBe('advertised');

    // Renamed: a claim on the given-up name is no longer ours to answer; one while probing is the probe's business.
    send(stack, [srv(instanceFqdn, 'evil.local', 6666)]);
    const second = `${first} (2)${SUFFIX}`;
    send(stack, [srv(second, 'evil.local', 6666)]); // "(2)" is being probed, not announced
    send(stack, [srv(instanceFqdn, 'evil.local', 6666)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.probes).toHaveLength(2);
    expect(stack.services).toHaveLength(2);
    stack.services[1]!.emit('up');
    expect(discovery.status()).toEqual({ state: 'renamed', renamed: [`${first} (2)`], hostNames: [host] });
    await discovery.close();
  });

  it('paces a device that claims every new name: the first claim renames at once, then 5, 10, 20, 40, 60 s (reported "retrying")', async () => {
    const { discovery, stack } = await announced();
    const claimLatest = async (): Promise<void> => {
      const service = stack.services.at(-1)!;
      const fqdn = `${String(service.config.name)}${SUFFIX}`;
      send(stack, [srv(fqdn, 'evil.local', 6666)]);
      await vi.advanceTimersByTimeAsync(0);
    };
    await claimLatest();
    expect(stack.probes).toHaveLength(2); // renamed at once
    const started = Date.now();
    for (const wait of [5000, 10_000, 20_000, 40_000, 60_000, 60_000]) {
      const probes = stack.probes.length;
      await claimLatest();
      expect(stack.probes).toHaveLength(probes);
      expect(discovery.status().state).toBe('retrying');
      await claimLatest(); // nothing announced while waiting: nothing to claim
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(stack.probes).toHaveLength(probes);
      await vi.advanceTimersByTimeAsync(1);
      expect(stack.probes).toHaveLength(probes + 1);
    }
    // Eight names in over three minutes, where each claim used to cost a name at once.
    expect(stack.services.at(-1)!.config.name).toMatch(/ \(8\)$/);
    expect(Date.now() - started).toBe(195_000);
    // Left alone for a minute, the next claim is a new run: a rename at once.
    stack.services.at(-1)!.emit('up');
    expect(discovery.status().state).toBe('renamed');
    await vi.advanceTimersByTimeAsync(60_000);
    const probes = stack.probes.length;
    await claimLatest();
    expect(stack.probes).toHaveLength(probes + 1);
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
