// Quick reactions: `npm run bench:reactions` (tsx bench/reactions.ts). Figures only, no pass/fail.
//
// One host in this process, one 6-seat table of six clients and a watching board (seven
// sockets), all over real sockets on 127.0.0.1 (websocket transport). In turns, so that a load
// that comes and goes on a shared machine weighs on both alike:
//
//   sync ack     a seat's `game:sync` answered (its view built and sent back): the baseline, a
//                request every client makes;
//   reaction     from a seat's `table:react` until all seven screens hold the `table:reaction`
//                (the ack included).
//
// The host's clock is moved on 2 s before each reaction, so the seat's own limit (three at once,
// then one every 1.5 s) never refuses one: what is measured is the path, not the limit.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Socket, io } from 'socket.io-client';
import { createHost } from '../src/main/host/create-host';
import { silentLog } from '../src/main/host/log';
import type { ClientToServerEvents, Reply, Seated, ServerToClientEvents } from '../src/shared/protocol';
import { REACTIONS } from '../src/shared/protocol/reactions';
import { sized } from './smoke';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const ROUNDS = sized(20, 2);
const PER_ROUND = sized(50, 3);
const WARMUP = sized(100, 3);

const connect = (url: string): Promise<Client> =>
  new Promise((resolve, reject) => {
    const s: Client = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });

async function ask<T extends object>(s: Client, event: string, payload: unknown): Promise<Reply<T>> {
  return (await (s as Socket).timeout(10_000).emitWithAck(event, payload)) as Reply<T>;
}

const quantile = (xs: readonly number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function main(): Promise<void> {
  const clock = { t: 1_000_000, now: () => clock.t };
  const dataDir = await mkdtemp(join(tmpdir(), 'chronicle-bench-'));
  const host = await createHost({ port: 0, dataDir, log: silentLog, botDelayMs: 0, clock, rateLimit: { burst: 1e9, perSecond: 1e9 } });
  const seats: Client[] = [];
  try {
    const owner = await connect(host.url);
    seats.push(owner);
    const created = await ask<Seated>(owner, 'table:create', { name: 'Bench', players: 6, playerName: 'P0' });
    if (!created.ok) throw new Error(created.code);
    for (let i = 1; i < 6; i++) {
      const s = await connect(host.url);
      seats.push(s);
      const joined = await ask(s, 'table:join', { tableId: created.tableId, name: `P${i}` });
      if (!joined.ok) throw new Error(joined.code);
    }
    const started = await ask(owner, 'table:start', {});
    if (!started.ok) throw new Error(started.code);
    const board = await connect(host.url);
    const watching = await ask(board, 'table:spectate', { tableId: created.tableId });
    if (!watching.ok) throw new Error(watching.code);
    const screens = [...seats, board];

    let waiting = 0;
    let heard: (() => void) | null = null;
    for (const s of screens)
      s.on('table:reaction', () => {
        if (--waiting === 0) heard?.();
      });

    const syncOnce = async (s: Client): Promise<number> => {
      const t0 = performance.now();
      const r = await ask(s, 'game:sync', {});
      if (!r.ok) throw new Error(r.code);
      return performance.now() - t0;
    };
    const reactOnce = async (s: Client, i: number): Promise<number> => {
      clock.t += 2000;
      waiting = screens.length;
      const all = new Promise<void>((r) => (heard = r));
      const t0 = performance.now();
      const [reply] = await Promise.all([ask(s, 'table:react', { reaction: REACTIONS[i % REACTIONS.length] }), all]);
      if (!reply.ok) throw new Error(reply.code);
      return performance.now() - t0;
    };

    for (let i = 0; i < WARMUP; i++) {
      await syncOnce(seats[i % 6]!);
      await reactOnce(seats[i % 6]!, i);
    }
    const sync: number[] = [];
    const react: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < PER_ROUND; i++) sync.push(await syncOnce(seats[i % 6]!));
      for (let i = 0; i < PER_ROUND; i++) react.push(await reactOnce(seats[i % 6]!, i));
    }
    const line = (name: string, xs: number[]) =>
      `${name.padEnd(34)} median ${quantile(xs, 0.5).toFixed(2)} ms   p90 ${quantile(xs, 0.9).toFixed(2)} ms   p99 ${quantile(xs, 0.99).toFixed(2)} ms   (${xs.length})`;
    console.log(`machine: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
    console.log(line('sync ack (baseline)', sync));
    console.log(line('reaction → all 7 screens', react));
    console.log(`ratio reaction / sync, median: ${(quantile(react, 0.5) / quantile(sync, 0.5)).toFixed(2)}   p90: ${(quantile(react, 0.9) / quantile(sync, 0.9)).toFixed(2)}`);
  } finally {
    for (const s of seats) s.disconnect();
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
