// A table withdrawn while its names are still being probed: bonjour-service's own probe would take
// our goodbye for another device holding the name. The advertiser probes first and publishes
// after, so a table withdrawn mid-probe is never announced and no name is reported taken; one
// withdrawn once announced sends its goodbye. A goodbye heard during a probe is not an answer
// (a name given up is not taken: ours, for a name kept through a rename, would be). A table
// withdrawn leaves the others answering browse queries (the library unregisters the shared PTR
// by name; the stack registers the others again). Real multicast on the loopback of a network
// namespace of its own; needs root and ip netns (skipped with the reason printed otherwise); the
// namespace is deleted afterwards.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const NS = `chrP${process.pid}`;

function skipReason(): string | null {
  if (process.platform !== 'linux') return 'needs Linux network namespaces';
  if (process.getuid?.() !== 0) return 'needs root for ip netns';
  const r = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' });
  return r.error || r.status !== 0 ? `ip netns unavailable (${r.error?.message ?? r.stderr.trim()})` : null;
}
const SKIP = skipReason();
if (SKIP) console.log(`[probe stop test] skipped: ${SKIP}`);

const ip = (...args: string[]) => spawnSync('ip', args, { encoding: 'utf8' });

beforeAll(() => {
  if (SKIP) return;
  for (const args of [
    ['netns', 'add', NS],
    ['-n', NS, 'link', 'set', 'lo', 'up'],
    ['-n', NS, 'link', 'set', 'lo', 'multicast', 'on'],
    ['-n', NS, 'route', 'add', '224.0.0.0/4', 'dev', 'lo'],
  ]) {
    const r = ip(...args);
    if (r.status !== 0) throw new Error(`ip ${args.join(' ')}: ${r.stderr}`);
  }
});
afterAll(() => {
  if (!SKIP) ip('netns', 'del', NS);
});

it.skipIf(SKIP !== null)(
  'a table withdrawn mid-probe is never announced and renames nothing; once announced, its withdrawal says goodbye',
  () => {
    const expected = {
      300: { renamed: false, announced: false, goodbye: false, state: 'advertised' },
      1800: { renamed: false, announced: true, goodbye: true, state: 'advertised' },
    };
    for (const [delay, outcome] of Object.entries(expected)) {
      const r = spawnSync('ip', ['netns', 'exec', NS, process.execPath, '--import', 'tsx', join(HERE, 'fixtures/probe-stop.ts'), delay], {
        cwd: resolve(HERE, '../../..'),
        encoding: 'utf8',
        timeout: 20_000,
      });
      const last = r.stdout.trim().split('\n').at(-1) ?? '';
      expect(JSON.parse(last), `withdrawn after ${delay} ms`).toEqual(outcome);
    }
  },
  60_000,
);

it.skipIf(SKIP !== null)(
  'a probe takes a goodbye (TTL 0) for the name as no answer, and a live record as one',
  () => {
    for (const [ttl, taken] of [
      [0, []],
      [120, ['Goodbye test (abcdef)._chronicle._tcp.local']],
    ] as const) {
      const r = spawnSync('ip', ['netns', 'exec', NS, process.execPath, '--import', 'tsx', join(HERE, 'fixtures/probe-goodbye.ts'), String(ttl)], {
        cwd: resolve(HERE, '../../..'),
        encoding: 'utf8',
        timeout: 20_000,
      });
      const last = r.stdout.trim().split('\n').at(-1) ?? '';
      expect(JSON.parse(last), `TTL ${ttl}: ${r.stderr}`).toEqual({ taken });
    }
  },
  60_000,
);

it.skipIf(SKIP !== null)(
  'withdrawing one of two tables leaves the other answering browse queries',
  () => {
    const r = spawnSync('ip', ['netns', 'exec', NS, process.execPath, '--import', 'tsx', join(HERE, 'fixtures/ptr-after-stop.ts')], {
      cwd: resolve(HERE, '../../..'),
      encoding: 'utf8',
      timeout: 20_000,
    });
    const last = r.stdout.trim().split('\n').at(-1) ?? '';
    expect(JSON.parse(last), r.stderr).toEqual({ answered: ['second'] });
  },
  30_000,
);
