// The advertiser when a name is taken (RFC 6762 §9), against a fake mDNS stack: rename, probe
// again, announce, report the status; keep probing (paced) while names keep being taken; a
// broken socket shows as retrying and is re-created after growing pauses. The same with real
// packets between network namespaces: squatter.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdvertisingStatus } from '../../../src/shared/advertising';
import { createBonjourDiscovery } from '../../../src/main/discovery/bonjour-advertiser';
import type { AdvertisedTable } from '../../../src/main/discovery/discovery';
import { fakes } from './fake-stack';

const table: AdvertisedTable = { tableId: 'tbl-1', name: 'Friday night', port: 4000, freeSeats: 2, seats: 4, path: '/t/tbl-1' };
const SUFFIX = '._chronicle._tcp.local';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the advertiser when a name is taken', () => {
  it('renames a taken instance name to "(2)", probes it, announces it and reports "renamed"', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    const statuses: AdvertisingStatus[] = [];
    discovery.onStatus((s) => statuses.push(s));
    const stack = f.last();
    // Taken before the first probe answers: the fake answers on the next microtask.
    discovery.advertise(table);
    const [instanceFqdn, host] = stack.probes[0]!;
    stack.taken.add(instanceFqdn!);
    const first = instanceFqdn!.slice(0, -SUFFIX.length);
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.probes).toEqual([
      [instanceFqdn, host],
      [`${first} (2)${SUFFIX}`, host],
    ]);
    expect(stack.services).toHaveLength(1);
    expect(stack.services[0]!.config).toMatchObject({ name: `${first} (2)`, host, probe: false });
    expect(f.logs.some((l) => l.level === 'warn' && l.message.includes(`"${first}" → "${first} (2)"`))).toBe(true);
    expect(discovery.status().state).toBe('probing'); // announced, not yet sent
    stack.services[0]!.emit('up');
    expect(discovery.status()).toEqual({ state: 'renamed', renamed: [`${first} (2)`], hostNames: [host] });
    expect(statuses.map((s) => s.state)).toEqual(['probing', 'renamed']);
    await discovery.close();
    expect(statuses.at(-1)!.state).toBe('off');
  });

  it('gives the host name up too when it is taken, and both at once', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    const stack = f.last();
    discovery.advertise(table);
    const [instanceFqdn, host] = stack.probes[0]!;
    stack.taken.add(instanceFqdn!).add(host!);
    await vi.advanceTimersByTimeAsync(0);
    const first = instanceFqdn!.slice(0, -SUFFIX.length);
    const host2 = host!.replace('.local', '-2.local');
    expect(stack.probes[1]).toEqual([`${first} (2)${SUFFIX}`, host2]);
    stack.services[0]!.emit('up');
    expect(discovery.status()).toEqual({ state: 'renamed', renamed: [`${first} (2)`, host2], hostNames: [host2] });
    // What the Host check (origin.ts) answers to follows: the given-up name is no longer this host's.
    expect(discovery.hostNames()).toEqual([host2]);
    await discovery.close();
  });

  it('goes on renaming while names keep being taken, probing at once 14 times, then every 5 s (reported "retrying")', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    const stack = f.last();
    // Another device answers every probe of this table's instance names.
    const probe = stack.probe.bind(stack);
    stack.probe = (names, callback) => {
      stack.taken.add(names[0]!);
      probe(names, callback);
    };
    discovery.advertise(table);
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.probes).toHaveLength(15); // the first name + 14 renames at once
    expect(stack.probes.at(-1)![0]).toMatch(/ \(15\)\._chronicle/);
    expect(discovery.status().state).toBe('retrying');
    await vi.advanceTimersByTimeAsync(4999);
    expect(stack.probes).toHaveLength(15);
    await vi.advanceTimersByTimeAsync(1);
    expect(stack.probes).toHaveLength(16);
    // The device stops answering: the next name is announced.
    stack.probe = probe;
    await vi.advanceTimersByTimeAsync(5000);
    expect(stack.services).toHaveLength(1);
    expect(stack.services[0]!.config.name).toMatch(/ \(17\)$/);
    stack.services[0]!.emit('up');
    expect(discovery.status().state).toBe('renamed');
    await discovery.close();
  });

  it('ignores a probe answer for a table withdrawn meanwhile, or re-advertised since', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    const stack = f.last();
    discovery.advertise(table);
    discovery.withdraw(table.tableId);
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.services).toHaveLength(0);
    expect(discovery.status()).toEqual({ state: 'advertised', renamed: [], hostNames: [] });
    discovery.advertise(table);
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.services).toHaveLength(1);
    await discovery.close();
  });

  it('keeps the new names when the network changes: probes them again on the new socket', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    discovery.advertise(table);
    const [instanceFqdn, host] = f.last().probes[0]!;
    f.last().taken.add(instanceFqdn!);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.last().services[0]!.config.name).toMatch(/ \(2\)$/);
    f.setNetwork('wlan0/192.168.1.20');
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.stacks).toHaveLength(2);
    expect(f.last().probes[0]).toEqual([instanceFqdn!.replace(SUFFIX, ` (2)${SUFFIX}`), host]);
    await discovery.close();
  });

  it('announces nothing while its probes cannot be sent (names not known to be free): retrying after 1, 2 s', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    const stack = f.last();
    stack.sendError = Object.assign(new Error('send ENETUNREACH 224.0.0.251:5353'), { code: 'ENETUNREACH' });
    discovery.advertise(table);
    await vi.advanceTimersByTimeAsync(0);
    expect(stack.services).toHaveLength(0);
    expect(discovery.status().state).toBe('retrying');
    expect(f.logs.some((l) => l.level === 'warn' && /cannot probe: .*ENETUNREACH.*trying again in 1 s/.test(l.message))).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(stack.probes).toHaveLength(2);
    stack.sendError = null;
    await vi.advanceTimersByTimeAsync(1999);
    expect(stack.probes).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(stack.probes).toHaveLength(3);
    expect(stack.services).toHaveLength(1);
    await discovery.close();
  });

  it('survives a stack that cannot even be created: retrying, and advertised once it can', async () => {
    const f = fakes();
    let fail = true;
    const createStack: typeof f.options.createStack = (options, onError) => {
      if (fail) throw new Error('no multicast here');
      return f.options.createStack(options, onError);
    };
    const discovery = createBonjourDiscovery({ ...f.options, createStack });
    discovery.advertise(table);
    await vi.advanceTimersByTimeAsync(0);
    expect(discovery.status().state).toBe('retrying');
    expect(f.logs.some((l) => l.message.includes('cannot start mDNS: no multicast here'))).toBe(true);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.stacks).toHaveLength(1);
    expect(f.last().services).toHaveLength(1);
    f.last().services[0]!.emit('up');
    expect(discovery.status().state).toBe('advertised');
    await discovery.close();
  });

  it('reports "retrying" while the mDNS socket is broken, re-creating it after 1, 2, 4 s', async () => {
    const f = fakes();
    const discovery = createBonjourDiscovery(f.options);
    discovery.advertise(table);
    await vi.advanceTimersByTimeAsync(0);
    f.last().services[0]!.emit('up');
    expect(discovery.status().state).toBe('advertised');
    const states: string[] = [];
    discovery.onStatus((s) => states.push(s.state));
    const broken = () => f.last().emit('error', Object.assign(new Error('bind failed'), { code: 'EADDRINUSE' }));
    broken();
    expect(discovery.status().state).toBe('retrying');
    await vi.advanceTimersByTimeAsync(1000); // first pause: 1 s (polled every second here)
    expect(f.stacks).toHaveLength(2);
    broken();
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.stacks).toHaveLength(2); // second pause: 2 s
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.stacks).toHaveLength(3);
    expect(discovery.status().state).toBe('probing');
    await vi.advanceTimersByTimeAsync(0);
    f.last().services[0]!.emit('up');
    expect(discovery.status().state).toBe('advertised');
    expect(states).toEqual(['retrying', 'probing', 'retrying', 'probing', 'advertised']);
    await discovery.close();
  });
});
