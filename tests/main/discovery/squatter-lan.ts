// The three processes of the squatter tests (squatter.test.ts, claim-lan.test.ts) on one bridged
// link (netns.ts): the host (fixtures/publisher.ts, the real advertiser) in namespace A, a browser
// (fixtures/browser.ts) in B, and the squatter (fixtures/squatter.py, plain Python sockets) in
// the middle, on the bridge's own address; and how to read their lines.
import { join } from 'node:path';
import type { AdvertisingStatus } from '../../../src/shared/advertising';
import type { FoundTable } from '../../../src/main/discovery/discovery';
import { FIXTURES, type Line, PYTHON, Proc, type bridgedNamespaces, inNamespace, nodeFixture } from './netns';

/** The table's first names only: `<name> (<6 hex>)._chronicle._tcp.local` and `chronicle-<6 hex>.local`. */
export const FIRST_NAMES = String.raw`(\([0-9a-f]{6}\)\._chronicle\._tcp\.local|^chronicle-[0-9a-f]{6}\.local)$`;

export const tablesOf = (l: Line): FoundTable[] => (l.ev === 'tables' ? (l.tables as FoundTable[]) : []);
export const statusOf = (l: Line): AdvertisingStatus | null => (l.ev === 'status' ? (l.status as AdvertisingStatus) : null);

export interface SquatterLan {
  readonly publisher: Proc;
  readonly browser: Proc;
  readonly squatter: Proc;
}

/**
 * Starts the three on `lan` (already created) and waits until each is ready. The squatter claims
 * the table's first names: by answering their probes, or in `claim` mode by announcing them as
 * its own once the host has.
 */
export async function startSquatterLan(lan: ReturnType<typeof bridgedNamespaces>, mode: 'answer' | 'claim'): Promise<SquatterLan> {
  const args = [PYTHON, join(FIXTURES, 'squatter.py'), lan.address.middle, FIRST_NAMES, ...(mode === 'claim' ? ['claim'] : [])];
  const squatter = new Proc(mode === 'claim' ? 'squatter.py claim' : 'squatter.py', inNamespace(lan.ns.middle, args));
  const browser = nodeFixture(lan.ns.b, 'browser.ts', { interface: lan.address.b, bind: '0.0.0.0', requeryMs: 1000, staleAfterMs: 3000, networkPollMs: 0 });
  const publisher = nodeFixture(lan.ns.a, 'publisher.ts', { interface: lan.address.a, bind: '0.0.0.0', networkPollMs: 0 });
  // Starting them is not under test: a loaded machine may take a while.
  await Promise.all([squatter, browser, publisher].map((p) => p.waitFor('ready', (l) => l.ev === 'ready', 20_000)));
  return { publisher, browser, squatter };
}
