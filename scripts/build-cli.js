// Bundles the `chronicle` CLI (host, replay) and its bot worker into out/cli/ with esbuild, so
// the command starts from plain JavaScript instead of transpiling TypeScript at every start.
// Runs on `npm ci`/`npm install` (the `prepare` script) and with `npm run build`; bin/chronicle.js
// rebuilds by itself when a source changed since. Packages stay in node_modules (not bundled).
// out/cli/inputs.json lists the source files, for that freshness check.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const CJS_GLOBALS = [
  "import { createRequire as __cliCreateRequire } from 'node:module';",
  "import { fileURLToPath as __cliFileURLToPath } from 'node:url';",
  "import { dirname as __cliDirname } from 'node:path';",
  'const require = __cliCreateRequire(import.meta.url);',
  'const __filename = __cliFileURLToPath(import.meta.url);',
  'const __dirname = __cliDirname(__filename);',
].join('\n');
const CLI_DIR = `${root}out/cli`;

/**
 * esbuild's options for a Node program that starts from one file (the CLI here; the browser
 * tests' host, tests/setup/test-host.ts).
 * Packages are bundled too: one file read and compiled instead of resolving and loading
 * hundreds of modules (Socket.IO, engine.io, ws, zod, …) at every start. Their CommonJS code
 * gets `require`, `__filename` and `__dirname` from the banner. ws's optional native helpers
 * stay outside (ws goes on without them when they are not installed), and so does
 * qrcode-terminal, whose sloppy-mode escapes an ES module cannot hold.
 * @type {import('esbuild').BuildOptions}
 */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['bufferutil', 'utf-8-validate', 'qrcode-terminal'],
  banner: { js: CJS_GLOBALS },
  tsconfig: 'tsconfig.node.json',
};

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
    ...NODE_BUNDLE,
    absWorkingDir: root,
    // The bot pool looks for bot-worker.js beside its own module, which lands in chunks/ (the
    // host is loaded lazily): the worker's entry goes there too.
    entryPoints: { main: 'src/main/cli/main.ts', 'chunks/bot-worker': 'src/main/bots/bot-worker.ts' },
    outdir: staging,
    // Subcommands load lazily (main.ts): each is a chunk of its own.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
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
