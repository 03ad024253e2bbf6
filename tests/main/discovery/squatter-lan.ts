// The three processes of the squatter tests (squatter.test.ts, claim-lan.test.ts) on one bridged
// link (netns.ts): the host (fixtures/publisher.ts, the real advertiser) in namespace A, a browser
// (fixtures/browser.ts) in B, and the squatter (fixtures/squatter.py, plain Python sockets) in
// the middle, on the bridge's own address; and how to read their lines.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { AdvertisingStatus } from '../../../src/shared/advertising';
import type { FoundTable } from '../../../src/main/discovery/discovery';
import { FIXTURES, type Line, PYTHON, Proc, bridgedNamespaces, children, inNamespace, nodeFixture, skipReason, stop } from './netns';

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

export interface SquatterLanFile {
  /** The bridged link (its namespaces, devices and addresses). */
  readonly lan: ReturnType<typeof bridgedNamespaces>;
  /** Why the file's tests are skipped here (printed once), or null. */
  readonly skip: string | null;
  /** The three processes, once the file's beforeAll has started them. */
  procs(): SquatterLan;
}

/**
 * A squatter test file's link: the skip reason, else the link made and the three started before
 * the file's tests, and after them every process stopped and the namespaces deleted, pass or
 * fail (killed by pid and deleted should the test process exit first). `label` names the file in
 * what it prints; `prefix` and `subnet` keep its namespaces and addresses apart from the others'.
 */
export function squatterLanFile(label: string, prefix: string, subnet: string, mode: 'answer' | 'claim'): SquatterLanFile {
  const lan = bridgedNamespaces(prefix, subnet);
  const skip = skipReason() ?? (existsSync(PYTHON) ? null : `no ${PYTHON} for the squatter`);
  if (skip) console.log(`[${label}] skipped: ${skip}`);
  let procs: SquatterLan | undefined;
  const killAndRemove = (): void => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    lan.remove();
  };
  beforeAll(async () => {
    if (skip) return;
    process.once('exit', killAndRemove);
    lan.create();
    procs = await startSquatterLan(lan, mode);
  }, 30_000);
  afterAll(async () => {
    if (skip) return;
    await Promise.all(children.map(stop));
    lan.remove();
    process.off('exit', killAndRemove);
  }, 10_000);
  return {
    lan,
    skip,
    procs: () => {
      if (!procs) throw new Error('the squatter link is used before it started (only inside tests)');
      return procs;
    },
  };
}
