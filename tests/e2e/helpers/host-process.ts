// Runs a real host (createHost) in its own Node process under tsx, for the Playwright specs:
// Playwright's own TypeScript loader cannot import the card set's JSON without an import
// attribute, tsx can. Prints one line of JSON ({ url }) when listening; closes on SIGTERM.
import { createHost } from '../../../src/main/host/create-host';

const [staticDir, dataDir] = process.argv.slice(2);
if (!staticDir || !dataDir) throw new Error('usage: host-process.ts STATIC_DIR DATA_DIR');

const log = { info: () => {}, warn: () => {}, error: (m: string, e?: unknown) => console.error(m, e ?? '') };
const host = await createHost({ port: 0, dataDir, staticDir, botDelayMs: 50, log });
process.stdout.write(`${JSON.stringify({ url: host.url })}\n`);

const stop = () => void host.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
