// Bundles the `chronicle` CLI (host, replay) and its bot worker into out/cli/ with esbuild, so
// the command starts from plain JavaScript instead of transpiling TypeScript at every start.
// Runs on `npm ci`/`npm install` (the `prepare` script) and with `npm run build`; bin/chronicle.js
// rebuilds by itself when a source changed since. Packages stay in node_modules (not bundled).
// out/cli/inputs.json lists the source files, for that freshness check.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI_DIR = `${root}out/cli`;

/** Build the bundle; resolves to false (with a message) when esbuild is not installed. */
export async function buildCli({ quiet = false } = {}) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    if (!quiet) console.error('chronicle: esbuild is not installed; the CLI runs from its TypeScript sources');
    return false;
  }
  // Built aside, then swapped in whole: a command starting meanwhile never sees half a bundle.
  const unique = `${process.pid}-${Date.now()}`;
  const staging = `${CLI_DIR}.new-${unique}`;
  const result = await esbuild.build({
    absWorkingDir: root,
    // The bot pool looks for bot-worker.js beside its own module, which lands in chunks/ (the
    // host is loaded lazily): the worker's entry goes there too.
    entryPoints: { main: 'src/main/cli/main.ts', 'chunks/bot-worker': 'src/main/bots/bot-worker.ts' },
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Subcommands load lazily (main.ts): each is a chunk of its own.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    tsconfig: 'tsconfig.node.json',
    logLevel: quiet ? 'silent' : 'warning',
  });
  // This script too: a bundle laid out by an older version of it is rebuilt.
  const inputs = [...Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules')), 'scripts/build-cli.js'];
  writeFileSync(`${staging}/inputs.json`, `${JSON.stringify(inputs)}\n`);
  const old = `${CLI_DIR}.old-${unique}`;
  if (existsSync(CLI_DIR)) renameSync(CLI_DIR, old);
  try {
    renameSync(staging, CLI_DIR);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another build swapped its own in first
  }
  rmSync(old, { recursive: true, force: true });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = await buildCli();
  if (built) console.log('chronicle: CLI bundled into out/cli/');
}
