#!/usr/bin/env node
// `chronicle` CLI launcher. Runs the TypeScript sources directly through tsx's loader, so the
// CLI (and `chronicle host`) works right after `npm ci`, with no build step.
// Contract: src/main/cli/main.ts exports `main(argv: string[]): Promise<number>` (exit code).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const entry = new URL('../src/main/cli/main.ts', import.meta.url);
if (!existsSync(entry)) {
  console.error(`chronicle: CLI entry not found: ${fileURLToPath(entry)}`);
  process.exit(1);
}

// Use the Node-side tsconfig whatever the current directory is (the bin may be run from anywhere).
register({ tsconfig: fileURLToPath(new URL('../tsconfig.node.json', import.meta.url)) });

const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
