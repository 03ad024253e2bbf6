// The LAN list's check of each mDNS entry (verified-tables.ts), with the hosts' answers given by
// hand: verified when the host at the address lists the table, kept after mDNS lets it go while
// the host still lists it, marked not verified when nothing answers for it, impostors of a listed
// table left out. The check itself against a real host: host-check.test.ts; all of it with real
// mDNS and a device claiming every name: mdns-claimer.test.ts.
import { describe, expect, it, vi } from 'vitest';
import type { FoundTable } from '../../../src/main/discovery/discovery';
import type { HostTable } from '../../../src/main/discovery/host-check';
import { type ListedTable, VerifiedTables } from '../../../src/main/discovery/verified-tables';

const found = (host: string, id: string, over: Partial<FoundTable> = {}): FoundTable => ({
  instance: `Friday (${id})`,
  name: 'Friday',
  host,
  port: 7420,
  freeSeats: 3,
  seats: 4,
  path: `/t/${id}`,
  protocolVersion: 1,
  ...over,
});
const live = (id: string, over: Partial<HostTable> = {}): HostTable => ({ id, name: 'Friday', phase: 'lobby', seats: 4, freeSeats: 2, ...over });

/** Hosts by address: their tables, or null for an address nothing answers at. */
function lan(hosts: Record<string, HostTable[] | null>) {
  const asked: string[] = [];
  const lists: ListedTable[][] = [];
  const tables = new VerifiedTables(
    {
      recheckMs: 3_600_000,
      check: (address) => {
        asked.push(address);
        return Promise.resolve(hosts[address] ?? null);
      },
    },
    (list) => lists.push(list),
  );
  const now = (): ListedTable[] => lists.at(-1) ?? [];
  const settled = () => vi.waitFor(() => expect(tables['checking'].size).toBe(0));
  return { tables, asked, lists, now, settled, hosts };
}

describe('the LAN list checking its entries', () => {
  it('lists an entry once its host answers for the table: verified; once mDNS lets it go, with the seats the host last gave', async () => {
    const { tables, now, lists, settled } = lan({ '10.0.0.7': [live('abc', { name: 'Friday night', freeSeats: 1 })] });
    tables.found([found('10.0.0.7', 'abc')]);
    expect(lists).toHaveLength(0); // not before it is checked
    await settled();
    expect(now()).toEqual([{ ...found('10.0.0.7', 'abc'), verified: true }]);
    tables.found([found('10.0.0.7', 'abc', { freeSeats: 2 })]); // a new advert: the seats at once
    expect(now()).toEqual([{ ...found('10.0.0.7', 'abc'), freeSeats: 2, verified: true }]);
    tables.found([]);
    await settled();
    expect(now()).toEqual([{ ...found('10.0.0.7', 'abc'), name: 'Friday night', freeSeats: 1, verified: true }]);
    tables.close();
  });

  it('marks an entry not verified when nothing answers at its address, or the host there does not list the table', async () => {
    const { tables, now, settled } = lan({ '10.0.0.7': [live('other')], '10.0.0.66': null });
    tables.found([found('10.0.0.7', 'abc'), found('10.0.0.66', 'fake', { name: 'Zzz' })]);
    await settled();
    expect(now().map((t) => [t.host, t.verified])).toEqual([
      ['10.0.0.7', false],
      ['10.0.0.66', false],
    ]);
    tables.close();
  });

  it('leaves out an unverified copy of a verified table (the same table at another address), and an over table is no table', async () => {
    const { tables, now, settled } = lan({ '10.0.0.7': [live('abc'), live('old', { phase: 'over' })], '10.0.0.66': null });
    tables.found([found('10.0.0.7', 'abc'), found('10.0.0.66', 'abc'), found('10.0.0.7', 'old')]);
    await settled();
    expect(now().map((t) => [t.host, t.path, t.verified])).toEqual([
      ['10.0.0.7', '/t/abc', true],
      ['10.0.0.7', '/t/old', false],
    ]);
    tables.close();
  });

  it('keeps a verified entry mDNS let go while its host lists the table; drops it once the host does not', async () => {
    const { tables, now, settled, hosts } = lan({ '10.0.0.7': [live('abc')] });
    tables.found([found('10.0.0.7', 'abc')]);
    await settled();
    tables.found([]); // a goodbye, or a device claiming its names
    await settled();
    expect(now().map((t) => [t.host, t.verified])).toEqual([['10.0.0.7', true]]);
    hosts['10.0.0.7'] = []; // the table went
    tables.recheck();
    await settled();
    expect(now()).toEqual([]);
    tables.close();
  });

  it('drops a kept entry whose host stops answering twice in a row, not once', async () => {
    const { tables, now, settled, hosts } = lan({ '10.0.0.7': [live('abc')] });
    tables.found([found('10.0.0.7', 'abc')]);
    await settled();
    tables.found([]);
    await settled();
    hosts['10.0.0.7'] = null;
    tables.recheck();
    await settled();
    expect(now()).toHaveLength(1); // a lost answer
    tables.recheck();
    await settled();
    expect(now()).toEqual([]);
    tables.close();
  });

  it('forgets an unverified entry as soon as mDNS does', async () => {
    const { tables, now, settled } = lan({});
    tables.found([found('10.0.0.66', 'fake')]);
    await settled();
    expect(now()).toHaveLength(1);
    tables.found([]);
    expect(now()).toEqual([]);
    tables.close();
  });

  it('follows at most 64 entries, asking each address once at a time', async () => {
    const { tables, asked, now, settled } = lan({});
    tables.found(Array.from({ length: 500 }, (_, i) => found('10.0.0.66', `fake${i}`)));
    tables.found(Array.from({ length: 500 }, (_, i) => found('10.0.0.66', `fake${i}`)));
    await settled();
    expect(now()).toHaveLength(64);
    expect(asked.length).toBeLessThanOrEqual(2); // one check, and one more asked for meanwhile
    tables.close();
  });
});
