// Runs a real host (createHost) in its own Node process under tsx, for the Playwright specs:
// Playwright's own TypeScript loader cannot import the card set's JSON without an import
// attribute, tsx can. Prints one line of JSON ({ url, port }) when listening; closes cleanly
// on SIGTERM or SIGINT (Ctrl-C).
import { type BotPool, createBotPool } from '../../../src/main/bots/pool';
import { createHost } from '../../../src/main/host/create-host';

const [staticDir, dataDir, port = '0', bind = '127.0.0.1', botDelay = '50', grace = '', second = '', seed = ''] = process.argv.slice(2);
if (!staticDir || !dataDir) throw new Error('usage: host-script.ts STATIC_DIR DATA_DIR [PORT [BIND_ADDRESS [BOT_DELAY_MS [GRACE_MS [SECOND_MS [SEED]]]]]]');

// Warnings (a cut connection, a refused request) go to stderr: a spec that fails shows why.
const log = { info: () => {}, warn: (m: string) => console.error(`host warning: ${m}`), error: (m: string, e?: unknown) => console.error(m, e ?? '') };
// Replay analyses run in the bot pool, as on a real host; its worker starts at the first one.
let pool: BotPool | null = null;
const analyse = (record: unknown, version: number) => (pool ??= createBotPool({ size: 1 })).analyse(record, version);
// A seed makes every table's deal and bot choices the same on each run: the n-th table gets
// `<seed>:<n>`, so a spec replays the same games and a failing one can be replayed by its seed.
let tables = 0;
const seeded = seed ? { newSeed: () => `${seed}:${++tables}` } : {};
const host = await createHost({
  port: Number(port),
  host: bind,
  dataDir,
  staticDir,
  botDelayMs: Number(botDelay),
  log,
  analyse,
  ...(grace ? { graceMs: Number(grace) } : {}),
  ...(second ? { secondMs: Number(second) } : {}),
  ...seeded,
});
process.stdout.write(`${JSON.stringify({ url: host.url, port: host.port })}\n`);

const stop = () =>
  void host.close().then(async () => {
    await pool?.close();
    process.exit(0);
  });
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
