// Bundles bench/comparable.ts against the engine and bots of a baseline commit, into
// out/bench/baseline.mjs, for `bench:engine` to measure before and after in the same run.
// The commit: BENCH_BASELINE, by default the last one before the engine's compact state.
// Without git (or that commit) it says so and the bench shows this tree only.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BASELINE = process.env.BENCH_BASELINE ?? '93cb31d';
const tree = `${root}out/bench/baseline-src`;

export async function buildBaseline() {
  const outfile = `${root}out/bench/baseline.mjs`;
  // A baseline from an earlier run must not pass for this one's.
  rmSync(outfile, { force: true });
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(`${tree}/bench`, { recursive: true });
  try {
    const archive = execFileSync('git', ['-C', root, 'archive', BASELINE, 'src/shared'], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
    execFileSync('tar', ['-x', '-C', tree], { input: archive });
  } catch {
    console.log(`(no baseline: git could not give commit ${BASELINE}; showing this tree only)`);
    return null;
  }
  for (const file of ['comparable.ts', 'master-rate.ts']) copyFileSync(`${root}bench/${file}`, `${tree}/bench/${file}`);
  // Packages (@noble/…) resolve from this repository's node_modules, above out/.
  await build({
    entryPoints: [`${tree}/bench/comparable.ts`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
    footer: { js: `export const BASELINE_COMMIT = ${JSON.stringify(BASELINE)};` },
  });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const built = await buildBaseline();
  if (built) console.log(`baseline: the engine and bots of commit ${BASELINE}`);
}
