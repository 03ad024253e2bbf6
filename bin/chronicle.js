#!/usr/bin/env node
// `chronicle` CLI launcher. Runs the bundle in out/cli/ (plain JavaScript: starts in a fraction
// of a second). `npm ci` builds it (the `prepare` script); when a source file changed since, or
// it is missing, it is rebuilt here first, and where esbuild is not installed the TypeScript
// sources run through tsx's loader instead. Contract: src/main/cli/main.ts exports
// `main(argv: string[]): Promise<number>` (exit code).
// CHRONICLE_TRACE_ENTRY=1 prints which entry runs (the tests check it is the bundle).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const bundle = new URL('out/cli/main.js', root);
const inputs = new URL('out/cli/inputs.json', root);

/** The bundle exists and no source it was built from changed since. */
function fresh() {
  if (!existsSync(bundle) || !existsSync(inputs)) return false;
  const built = statSync(bundle).mtimeMs;
  for (const file of JSON.parse(readFileSync(inputs, 'utf8'))) {
    const source = new URL(file, root);
    if (!existsSync(source) || statSync(source).mtimeMs > built) return false;
  }
  return true;
}

let entry = bundle;
if (!fresh()) {
  const { buildCli } = await import('../scripts/build-cli.js');
  if (!(await buildCli({ quiet: true }))) {
    // No esbuild (e.g. installed without dev dependencies): the sources, through tsx.
    const { register } = await import('tsx/esm/api');
    register({ tsconfig: fileURLToPath(new URL('tsconfig.node.json', root)) });
    entry = new URL('src/main/cli/main.ts', root);
  }
}
if (process.env['CHRONICLE_TRACE_ENTRY'] === '1') process.stderr.write(`chronicle: running ${fileURLToPath(entry)}\n`);

const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
