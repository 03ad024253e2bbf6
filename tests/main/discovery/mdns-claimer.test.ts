// Two hosts stay on the LAN list while a device claims every name they use. Namespaces on one
// bridge (mdns-lan.ts): two `chronicle host`s (the real CLI: HTTP, Socket.IO and the mDNS
// advertiser), the desktop lobby's LAN list (fixtures/mdns-lobby.ts: the mDNS browser and the
// check at each address) and, in the bridge's namespace, the claimer (fixtures/mdns-claimer.ts,
// multicast-dns alone): it answers every query and probe for an instance or host name, announces
// each name it hears as its own, and offers a table of its own that no host serves. The hosts
// must keep their names and defend them, the list must keep both hosts verified at their own
// addresses the whole time, and the claimer's entries must never be verified. The claimer runs
// RUNS times (CHRONICLE_SOAK=1: 5); then a lobby opened under it must find both hosts, and a
// third host started under it is listed once it stops. Needs root and `ip netns`; otherwise skipped with the reason printed. Every process is
// killed by pid and the namespaces deleted in afterAll, pass or fail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkTable } from '../../../src/shared/bridge';
import { games } from '../../kit/soak';
import { mdnsLan } from './mdns-lan';
import { type Line, Proc, children, inNamespace, nodeFixture, skipReason, stop } from './netns';

/** Claimer runs: 2, or 5 with CHRONICLE_SOAK=1. */
const RUNS = games(5, 2);
/** How long each run watches the list while the claimer runs: five re-queries, two re-checks of each host. */
const WATCH_MS = 5000;
const LABEL = 'mDNS claimer test';

const lan = mdnsLan('mdns', `10.216.${process.pid % 256}`, ['h1', 'h2', 'h3', 'lobby'] as const);
const SKIP = skipReason();
if (SKIP) console.log(`[${LABEL}] skipped: ${SKIP}`);

const tablesOf = (l: Line): NetworkTable[] => (l.ev === 'tables' ? (l.tables as NetworkTable[]) : []);
const hostOf = (t: NetworkTable): string => new URL(t.url).hostname;
const HOSTS = [lan.member.h1.address, lan.member.h2.address];
/** The two hosts' tables on a list (by address, whatever the verdict). */
const hostsListed = (l: Line): number => HOSTS.filter((a) => tablesOf(l).some((t) => hostOf(t) === a)).length;
const hostsVerified = (l: Line): number => HOSTS.filter((a) => tablesOf(l).some((t) => hostOf(t) === a && t.verified === true)).length;

let hosts: Proc[] = [];
let lobby: Proc;
const dirs: string[] = [];

function killAndRemove(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  lan.remove();
}

function startHost(member: 'h1' | 'h2' | 'h3', name: string): Proc {
  const dir = mkdtempSync(join(tmpdir(), 'chronicle-mdns-'));
  dirs.push(dir);
  const args = [process.execPath, 'bin/chronicle.js', 'host', '--port', '7420', '--data', dir, '--no-qr', '--name', name];
  return new Proc(`chronicle host ${name}`, inNamespace(lan.member[member].ns, args), (text) => ({ t: Date.now(), text }), true);
}

describe('LAN list with a device claiming every mDNS name (namespaces, real multicast, real hosts)', () => {
  beforeAll(async () => {
    if (SKIP) return;
    process.once('exit', killAndRemove);
    lan.create();
    hosts = [startHost('h1', 'Alpha'), startHost('h2', 'Beta')];
    const { ns, address } = lan.member.lobby;
    lobby = nodeFixture(ns, 'mdns-lobby.ts', {
      browse: { interface: address, bind: '0.0.0.0', requeryMs: 1000, staleAfterMs: 3000, networkPollMs: 0 },
      verify: { recheckMs: 2000 },
    });
    // Starting them is not under test: on a loaded machine the CLI and tsx take a while.
    await lobby.waitFor('both hosts listed', (l) => hostsListed(l) === 2, 40_000);
  }, 60_000);

  afterAll(async () => {
    if (SKIP) return;
    await Promise.all(children.map(stop));
    lan.remove();
    process.off('exit', killAndRemove);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 15_000);

  it.skipIf(!!SKIP)(
    `keeps both hosts listed and verified while the claimer runs (${RUNS} runs), and never verifies its entries`,
    async () => {
      const lowest: number[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const claimer = nodeFixture(lan.middle.ns, 'mdns-claimer.ts', { address: lan.middle.address });
        await claimer.waitFor('ready', (l) => l.ev === 'ready', 20_000);
        const from = lobby.lines.length;
        // The claimer does claim both hosts' names, and its own table shows up on the list...
        for (const name of ['Alpha', 'Beta']) await claimer.waitFor(`${name} claimed`, (l) => l.ev === 'claimed' && String(l.name).startsWith(`${name} (`), 5000);
        await lobby.waitFor('its own table listed', (l) => tablesOf(l).some((t) => t.url.endsWith('/t/freeDrinks1')), 5000, from);
        await new Promise((r) => setTimeout(r, WATCH_MS));
        // The list in effect when the claimer started, and every one shown while it ran.
        const before = lobby.lines.slice(0, from).filter((l) => l.ev === 'tables');
        const during = [...before.slice(-1), ...lobby.lines.slice(from).filter((l) => l.ev === 'tables')];
        await stop(claimer.child);
        const stopped = lobby.lines.length;

        // ...yet every list shown while it ran had both hosts, verified, at their own addresses.
        const listed = Math.min(...during.map(hostsListed));
        lowest.push(listed);
        expect(listed, `hosts listed while the claimer ran (run ${run})`).toBe(2);
        expect(Math.min(...during.map(hostsVerified))).toBe(2);
        // Nothing at the claimer's address is ever verified: its own table and its copies of the hosts'.
        const strangers = during.flatMap(tablesOf).filter((t) => !HOSTS.includes(hostOf(t)));
        expect(strangers.length).toBeGreaterThan(0);
        expect(strangers.filter((t) => t.verified !== false)).toEqual([]);
        console.log(`[${LABEL}] run ${run}: ${listed} of 2 hosts listed in each of ${during.length} lists while the claimer ran ${WATCH_MS} ms`);
        // Once it stops, its entries go with its mDNS records; the hosts stay.
        const clean = await lobby.waitFor('the claimer’s entries gone', (l) => l.ev === 'tables' && tablesOf(l).every((t) => HOSTS.includes(hostOf(t))), 10_000, stopped);
        expect(hostsVerified(clean)).toBe(2);
      }
      // The hosts heard the claims and kept their names.
      for (const host of hosts) expect(host.lines.some((l) => /name claimed by another device/.test(String(l.text)))).toBe(true);
      // The hosts kept the names they had won: no rename line.
      for (const host of hosts) expect(host.lines.filter((l) => String(l.text).includes('name was taken'))).toEqual([]);
      console.log(`[${LABEL}] hosts listed while a claimer runs: ${lowest.map((n) => `${n} of 2`).join(', ')}`);
    },
    RUNS * (WATCH_MS + 30_000),
  );

  it.skipIf(!!SKIP)(
    'a lobby opened while the claimer runs finds both hosts, verified, and the claimer’s table not verified',
    async () => {
      const claimer = nodeFixture(lan.middle.ns, 'mdns-claimer.ts', { address: lan.middle.address });
      await claimer.waitFor('ready', (l) => l.ev === 'ready', 20_000);
      for (const name of ['Alpha', 'Beta']) await claimer.waitFor(`${name} claimed`, (l) => l.ev === 'claimed' && String(l.name).startsWith(`${name} (`), 5000);
      const { ns, address } = lan.member.lobby;
      const late = nodeFixture(ns, 'mdns-lobby.ts', { browse: { interface: address, bind: '0.0.0.0', requeryMs: 1000, staleAfterMs: 3000, networkPollMs: 0 } });
      const ready = await late.waitFor('ready', (l) => l.ev === 'ready', 20_000);
      const both = await late.waitFor('both hosts verified', (l) => hostsVerified(l) === 2 && tablesOf(l).some((t) => t.url.endsWith('/t/freeDrinks1')), 10_000);
      console.log(`[${LABEL}] a lobby opened under the claimer: both hosts verified ${both.t - Number(ready.t)} ms after it started`);
      expect(late.lines.flatMap(tablesOf).filter((t) => !HOSTS.includes(hostOf(t)) && t.verified !== false)).toEqual([]);
      await stop(late.child);
      await stop(claimer.child);
    },
    60_000,
  );

  it.skipIf(!!SKIP)(
    'a host started while the claimer runs keeps probing, paced, and is listed once the claimer stops',
    async () => {
      const claimer = nodeFixture(lan.middle.ns, 'mdns-claimer.ts', { address: lan.middle.address });
      await claimer.waitFor('ready', (l) => l.ev === 'ready', 20_000);
      const gamma = startHost('h3', 'Gamma');
      hosts.push(gamma);
      const atGamma = (l: Line): boolean => tablesOf(l).some((t) => hostOf(t) === lan.member.h3.address && t.verified);
      // Every name it probes is answered by the claimer: renamed again and again, at most one probe each 5 s once paced (RFC 6762 §8.1).
      await claimer.waitFor('Gamma’s probes answered', (l) => l.ev === 'answered' && String(l.name).startsWith('Gamma ('), 30_000);
      await new Promise((r) => setTimeout(r, 2000));
      expect(lobby.lines.some(atGamma)).toBe(false);
      const from = lobby.lines.length;
      await stop(claimer.child);
      const stoppedAt = Date.now();
      const listed = await lobby.waitFor('Gamma listed', atGamma, 20_000, from);
      const renames = gamma.lines.filter((l) => /name taken on the network, renaming/.test(String(l.text))).length;
      console.log(`[${LABEL}] a host started under the claimer: listed ${listed.t - stoppedAt} ms after the claimer stopped (${renames} renames while it ran)`);
      expect(hostsVerified(listed)).toBe(2); // the other two stayed
    },
    60_000,
  );
});
