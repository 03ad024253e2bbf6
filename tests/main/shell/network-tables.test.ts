// What the desktop window lists from mDNS: clean http URLs on the advertising host, marked
// verified or not, and nothing for entries that do not make one (they come from any machine on
// the network).
import { describe, expect, it } from 'vitest';
import type { ListedTable } from '../../../src/main/discovery/verified-tables';
import { networkTableOf, networkTablesOf } from '../../../src/main/network-tables';

const found = (over: Partial<ListedTable> = {}): ListedTable => ({
  instance: 'Friday (k3f9ab)',
  name: 'Friday',
  host: '10.0.0.7',
  port: 7420,
  freeSeats: 2,
  seats: 4,
  path: '/t/abcDEF123456',
  protocolVersion: 1,
  verified: true,
  ...over,
});

describe('tables on the network', () => {
  it('open the table on the host that advertises it', () => {
    expect(networkTableOf(found())).toEqual({ name: 'Friday', url: 'http://10.0.0.7:7420/t/abcDEF123456', freeSeats: 2, seats: 4, verified: true });
    expect(networkTableOf(found({ verified: false }))?.verified).toBe(false);
  });

  it.each([
    ['a host name instead of an address', { host: 'evil.example' }],
    ['an IPv6 address', { host: 'fe80::1' }],
    ['port 0', { port: 0 }],
    ['a port out of range', { port: 70_000 }],
    ['a path outside /t/', { path: '/admin' }],
    ['a path with a query', { path: '/t/abc?x=1' }],
    ['a path going elsewhere', { path: '//evil.example/t/abc' }],
  ])('leave out an entry with %s', (_what, over) => {
    expect(networkTableOf(found(over))).toBeNull();
    expect(networkTablesOf([found(), found(over)])).toHaveLength(1);
  });
});
