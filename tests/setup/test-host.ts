// Playwright's global setup: bundles the browser tests' host (tests/kit/pages/host-script.ts)
// and its bot worker with esbuild into a folder of this run's own, as the CLI is bundled
// (scripts/build-cli.js), so that each of the suite's hosts starts from one JavaScript file:
// 0.25 CPU-s a start instead of 0.6 under tsx, for 38 hosts in npm test's run. The bundle is made
// afresh from the sources at every run (about a second) and removed after it. Its path goes to
// the workers in CHRONICLE_TEST_HOST (tests/kit/pages/host.ts, which runs the sources under tsx
// when it is unset).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { NODE_BUNDLE } from '../../scripts/build-cli.js';

export default async function bundleTestHost(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'chronicle-test-host-'));
  await build({
    ...NODE_BUNDLE,
    // The bot pool looks for bot-worker.js beside its own module: here, beside the host.
    entryPoints: { 'host-script': 'tests/kit/pages/host-script.ts', 'bot-worker': 'src/main/bots/bot-worker.ts' },
    outdir: dir,
    logLevel: 'warning',
  });
  process.env['CHRONICLE_TEST_HOST'] = join(dir, 'host-script.js');
  return () => rm(dir, { recursive: true, force: true });
}
