// A device on the LAN answers the host's mDNS probes for its names (the attack: answer packets
// claiming the table's instance name and its host name). The host must give the names up for
// new ones and probe again (RFC 6762 §9), so the table is found again within a few seconds, and
// its status must say it was renamed. Three network namespaces on one bridge: the host
// (fixtures/publisher.ts, the real advertiser), the squatter (fixtures/squatter.py, plain Python
// sockets, nothing of the project's) and a browser (fixtures/browser.ts). Needs root and
// `ip netns`; otherwise skipped with the reason printed. Every process is killed by pid and the
// namespaces deleted in afterAll, pass or fail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Proc, inNamespace, ip, stop } from './netns';
import { squatterLanFile, statusOf, tablesOf } from './squatter-lan';

const { lan, skip: SKIP, procs } = squatterLanFile('discovery squatter test', 'chs', `10.214.${process.pid % 256}`, 'answer');

const table = { tableId: 'squat-1', name: 'Friday', port: 4000, freeSeats: 2, seats: 4, path: '/t/squat-1' };
let dataDir = '';
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('mDNS with a squatter answering the host’s probes (three namespaces, real multicast)', () => {
  it.skipIf(!!SKIP)(
    'renames the taken instance and host names, probes again, and is found under the new name',
    async () => {
      const { publisher, browser, squatter } = procs();
      publisher.send({ cmd: 'advertise', table });
      const called = await publisher.waitFor('advertise', (l) => l.ev === 'advertise-called', 2000);

      // The squatter did answer the probe of the first instance name...
      const squatted = await squatter.waitFor('instance squatted', (l) => l.ev === 'squatted' && String(l.name).includes('._chronicle._tcp.local'), 3000);
      const first = String(squatted.name).replace('._chronicle._tcp.local', '');
      const id = /\(([0-9a-f]{6})\)$/.exec(first)?.[1];
      expect(id).toBeDefined();

      // ...yet the browser lists the table again within a few seconds, under the next instance name, at the host's address.
      const listed = await browser.waitFor('listed renamed', (l) => tablesOf(l).some((t) => t.path === table.path), 5000);
      const found = tablesOf(listed).find((t) => t.path === table.path);
      expect(found).toMatchObject({ instance: `${first} (2)`, name: 'Friday', host: lan.address.a, port: 4000, freeSeats: 2 });
      console.log(`[discovery squatter test] listed ${listed.t - called.t} ms after advertise`);
      await squatter.waitFor('host squatted', (l) => l.ev === 'squatted' && /^chronicle-[0-9a-f]{6}\.local$/.test(String(l.name)), 1000);

      // The host's status says so: advertised, renamed, with the new names.
      const renamed = await publisher.waitFor('status renamed', (l) => statusOf(l)?.state === 'renamed', 2000);
      expect(statusOf(renamed)).toEqual({ state: 'renamed', renamed: [`${first} (2)`, `chronicle-${id}-2.local`], hostNames: [`chronicle-${id}-2.local`] });
      expect(publisher.lines.some((l) => l.ev === 'log' && /name taken on the network, renaming/.test(String(l.msg)))).toBe(true);
      // The new names were probed and not answered: the squatter only claims the first ones.
      expect(squatter.lines.filter((l) => l.ev === 'squatted').every((l) => !String(l.name).includes(' (2)') && !String(l.name).includes('-2.local'))).toBe(true);
    },
    15_000,
  );

  it.skipIf(!!SKIP)(
    'chronicle host says its tables were renamed, and they are found under the new name',
    async () => {
      const { browser } = procs();
      dataDir = mkdtempSync(join(tmpdir(), 'chronicle-squat-'));
      // `chronicle host` lets the system pick the multicast interface: a route for the group, as a LAN's default route gives.
      ip('-n', lan.ns.a, 'route', 'add', '224.0.0.0/4', 'dev', lan.dev.a);
      const from = browser.lines.length;
      const cli = new Proc(
        'chronicle host',
        inNamespace(lan.ns.a, [process.execPath, 'bin/chronicle.js', 'host', '--port', '0', '--data', dataDir, '--no-qr', '--name', 'Squatted']),
        (text) => (text.startsWith('mDNS:') ? { t: Date.now(), text } : null),
      );
      const line = await cli.waitFor('renamed line', (l) => String(l.text).includes('name was taken'), 15_000); // start-up included
      expect(line.text).toMatch(
        /^mDNS: a name was taken by another device on the network; advertising instead as "Squatted \([0-9a-f]{6}\) \(2\)", "chronicle-[0-9a-f]{6}-2\.local"$/,
      );
      const listed = await browser.waitFor('CLI table listed', (l) => tablesOf(l).some((t) => t.name === 'Squatted'), 5000, from);
      expect(tablesOf(listed).find((t) => t.name === 'Squatted')?.instance).toMatch(/^Squatted \([0-9a-f]{6}\) \(2\)$/);
      await stop(cli.child);
    },
    30_000,
  );
});
