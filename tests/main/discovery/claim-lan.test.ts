// A device on the LAN lets the host probe and announce its table, then announces the table's
// names as its own (RFC 6762 §9, the attack: an SRV for the instance name pointing at itself, an
// A record giving the host name its address, in two packets). The names were won, so the host
// keeps them and sends its records again, cache-flush bit set: a browser elsewhere on the link
// lists the table once, under its first name, at the host's address. Three network namespaces
// on one bridge: the host (fixtures/publisher.ts, the real advertiser), the squatter
// (fixtures/squatter.py in its `claim` mode, plain Python sockets) and a browser
// (fixtures/browser.ts). Unit tests with the fake stack: claim.test.ts; a device claiming every
// name with real hosts: mdns-claimer.test.ts. Needs root and `ip netns`; otherwise skipped with
// the reason printed. Every process is killed by pid and the namespaces deleted in afterAll, pass or fail.
import { describe, expect, it } from 'vitest';
import type { Line } from './netns';
import { squatterLanFile, statusOf, tablesOf } from './squatter-lan';

const { lan, skip: SKIP, procs } = squatterLanFile('discovery claim test', 'chc', `10.215.${process.pid % 256}`, 'claim');

const table = { tableId: 'claim-1', name: 'Friday', port: 4000, freeSeats: 2, seats: 4, path: '/t/claim-1' };

describe('mDNS with a squatter announcing the host’s names after they were announced (three namespaces, real multicast)', () => {
  it.skipIf(!!SKIP)(
    'keeps the claimed names and answers with its own records: the table is found once, under its first name, at the host’s address',
    async () => {
      const { publisher, browser, squatter } = procs();
      publisher.send({ cmd: 'advertise', table });
      await publisher.waitFor('advertise', (l) => l.ev === 'advertise-called', 2000);
      // Probed and announced under its first names: nobody answered the probe.
      const announced = await publisher.waitFor('advertised', (l) => statusOf(l)?.state === 'advertised', 3000);
      const [host1] = statusOf(announced)!.hostNames;
      expect(host1).toMatch(/^chronicle-[0-9a-f]{6}\.local$/);

      // The squatter heard the announcement and claimed both names...
      const claimedSrv = await squatter.waitFor('instance claimed', (l) => l.ev === 'claimed' && l.type === 'SRV', 2000);
      await squatter.waitFor('host claimed', (l) => l.ev === 'claimed' && l.type === 'A' && l.name === host1, 2000);
      const first = String(claimedSrv.name).replace('._chronicle._tcp.local', '');
      const id = /\(([0-9a-f]{6})\)$/.exec(first)?.[1];
      expect(id).toBeDefined();

      // ...so the host answered with its own records and kept them: a browser on the link lists the table once, under its first name, at the host's address.
      const only = (l: Line) => tablesOf(l).filter((t) => t.path === table.path);
      await new Promise((r) => setTimeout(r, 3500)); // past the browser's staleness (3 s): what it lists now it heard after the claims
      const listed = browser.lines.filter((l) => l.ev === 'tables').at(-1)!;
      expect(only(listed)).toEqual([expect.objectContaining({ instance: first, name: 'Friday', host: lan.address.a, port: 4000, freeSeats: 2 })]);

      expect(statusOf(publisher.lines.filter((l) => l.ev === 'status').at(-1)!)).toEqual({ state: 'advertised', renamed: [], hostNames: [host1] });
      expect(publisher.lines.some((l) => l.ev === 'log' && String(l.msg).startsWith(`name claimed by another device (${lan.address.middle}), keeping it`))).toBe(true);
      expect(publisher.lines.some((l) => l.ev === 'log' && /renaming/.test(String(l.msg)))).toBe(false);
      // The squatter claimed each name once, and the host's answer did not start a rename.
      expect(
        squatter.lines
          .filter((l) => l.ev === 'claimed')
          .map((l) => l.type)
          .sort(),
      ).toEqual(['A', 'SRV']);
    },
    15_000,
  );
});
