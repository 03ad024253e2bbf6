// 1,000 bot games through one host, four clients at a time, each creating a table, filling it
// with bots, playing its seat as fast as its view allows, and moving on. Afterwards the heap
// (after a forced collection) and the open files are back within 10 % of where they were after
// a warm-up, and no finished table is left in memory.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, expect, it } from 'vitest';
import { type TestHost, connectTo, startHost, tempDir, waitFor } from '../kit/host/host';
import { playFastGame } from '../kit/clients/fast-client';
import { Player } from '../kit/clients/player';

const GAMES = Number(process.env['SOAK_GAMES'] ?? 1000);
const CLIENTS = 4;
let host: TestHost | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await host?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const gc = (globalThis as { gc?: () => void }).gc;
const openFiles = () => readdirSync('/proc/self/fd').length;

async function settled(): Promise<{ heap: number; files: number }> {
  await waitFor(() => host!.tables.size === 0, 'every table to leave memory', 30_000);
  let heap = Infinity;
  for (let i = 0; i < 5; i++) {
    gc!();
    await new Promise((r) => setTimeout(r, 50));
    heap = Math.min(heap, process.memoryUsage().heapUsed);
  }
  return { heap, files: openFiles() };
}

/** One client plays `games` games in a row, then goes. */
async function client(games: number, seed: number): Promise<number> {
  // Not host.connect(): that keeps every client for dispose(), and with it all each one heard.
  const player = new Player(await connectTo(host!.url), seed);
  let moves = 0;
  for (let game = 0; game < games; game++) moves += await playFastGame(player, `Soak ${seed}.${game}`, 'Soak');
  expect(player.errors).toEqual([]);
  player.socket.disconnect();
  return moves;
}

async function round(games: number, seed: number): Promise<number> {
  const per = Math.ceil(games / CLIENTS);
  const counts = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(Math.min(per, games - i * per), seed + i)));
  return counts.reduce((a, b) => a + b, 0);
}

it(`${GAMES} bot games through one host leave its heap and open files where they were`, async () => {
  if (!gc) throw new Error('run with --expose-gc (npm run test:soak does)');
  // Table files in memory where the system has a RAM disk: the disk is not what this is about.
  dataDir = existsSync('/dev/shm') ? await mkdtemp('/dev/shm/chronicle-soak-') : await tempDir();
  host = await startHost({ dataDir, rateLimit: undefined, botDelayMs: 0 });
  await round(40, 1); // warm-up: code paths compiled, pools and caches at their working size
  const before = await settled();
  const started = Date.now();
  const moves = await round(GAMES, 100);
  const seconds = (Date.now() - started) / 1000;
  const after = await settled();
  console.log(
    `${GAMES} games, ${moves} moves in ${seconds.toFixed(0)} s; heap ${(before.heap / 1e6).toFixed(1)} -> ${(after.heap / 1e6).toFixed(1)} MB; ` +
      `open files ${before.files} -> ${after.files}; archived ${readdirSync(`${dataDir}/finished`).length}`,
  );
  expect(host.tables.size).toBe(0); // finished tables are out of memory
  expect(readdirSync(`${dataDir}/finished`)).toHaveLength(GAMES + 40);
  expect(after.heap).toBeLessThanOrEqual(before.heap * 1.1);
  expect(after.files).toBeLessThanOrEqual(Math.ceil(before.files * 1.1));
});
