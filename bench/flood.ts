// Bot turns under a flood from one device: `npx tsx bench/flood.ts [seconds per phase]`.
// Figures only, no pass/fail (the goal: a flooded p99 within 2× of the quiet one).
//
// The host runs in a child process with the real bot pool (as `chronicle host` does); clients
// run in this process over real sockets. Two tables of one quick human (127.0.0.1, answering
// at once) and two bots (Adept, Novice: fast, so any wait in the pool shows) play on and on.
// The child times every bot decision (pool request to answer). Phases, in this order: quiet,
// flood, quiet again. The flood comes from one address (127.0.0.2): 20 connections at 25
// requests a second each, the attack of the issue: hints from seats at their turn, exports of
// its own finished game, replays of that game (open + log). Reported: each phase's decisions,
// p50, p99 and max, and the flood's p99 over the quiet phases' mean p99.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Socket, io } from 'socket.io-client';
import type { BotPolicy } from '../src/main/host/seats/bot-seats';
import { createHost } from '../src/main/host/create-host';
import { silentLog } from '../src/main/host/log';
import { startHostServices } from '../src/main/host/services';
import { BotRng } from '../src/shared/bots/prng';
import type { ClientToServerEvents, Reply, Seated, ServerToClientEvents } from '../src/shared/protocol';
import type { PlayerView } from '../src/shared/rules/view';
import { sized } from './smoke';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const PHASE_MS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? sized(20, 1)) * 1000;
const FLOOD_CONNECTIONS = 20;
const FLOOD_PER_SECOND = 25;

// ---- the child: a real host with the real bot pool, timing every bot decision ---------------

async function serve(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chronicle-flood-'));
  const services = await startHostServices({ discovery: false });
  let times: number[] = [];
  const pool = services.hostOptions.botPolicy!;
  const timed: BotPolicy = async (view, seat) => {
    const t0 = performance.now();
    const action = await pool(view, seat);
    times.push(performance.now() - t0);
    return action;
  };
  timed.observe = pool.observe;
  const host = await createHost({ port: 0, dataDir, log: silentLog, botDelayMs: 0, ...services.hostOptions, botPolicy: timed });
  services.warmUp();
  process.send!({ port: host.port });
  let cpu = process.cpuUsage();
  let elu = performance.eventLoopUtilization();
  let since = performance.now();
  process.on('message', (m) => {
    if (m === 'times') {
      const used = process.cpuUsage(cpu);
      const wall = performance.now() - since;
      process.send!({ times, cpu: (used.user + used.system) / 1000 / wall, loop: performance.eventLoopUtilization(elu).utilization });
      times = [];
      cpu = process.cpuUsage();
      elu = performance.eventLoopUtilization();
      since = performance.now();
    } else if (m === 'stop')
      void host
        .close()
        .then(() => services.close())
        .then(() => rm(dataDir, { recursive: true, force: true }))
        .then(() => process.exit(0));
  });
}

// ---- the parent: players, the flood, the figures ----------------------------------------------

function connect(url: string, localAddress: string): Promise<Client> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress } as never) as Client;
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const ask = <T extends object>(s: Client, event: string, payload?: unknown): Promise<Reply<T>> => (s as Socket).timeout(30_000).emitWithAck(event, payload) as Promise<Reply<T>>;

/**
 * A table of one player on `address` and two bots, started; the player answers at once when
 * `plays`, and plays again at the end when `again`.
 */
async function table(url: string, address: string, plays: boolean, seed: number, again = true): Promise<{ socket: Client; seated: Seated }> {
  const socket = await connect(url, address);
  const seated = await ask<Seated>(socket, 'table:create', { name: 'Bench', players: 3, playerName: 'P' });
  if (!seated.ok) throw new Error(seated.code);
  const views: PlayerView[] = [];
  const rng = new BotRng(seed);
  let seq = 0;
  let acting = false;
  const act = async (): Promise<void> => {
    const view = views.at(-1);
    // Not once the bench has left: a request on a closed socket would wait out its timeout, and the bench with it.
    if (!plays || acting || !socket.connected || !view || view.over || view.legalActions.length === 0) return;
    acting = true;
    const { seat: _s, ...action } = rng.pick(view.legalActions) as { seat?: number };
    await ask(socket, 'game:act', { action, seq: ++seq, version: view.version }).catch(() => undefined);
    acting = false;
    void act();
  };
  socket.on('game:view', (view) => {
    const v = view;
    if (v.over && plays && again) {
      // Play again: a fresh game at a new table, on the same socket.
      views.length = 0;
      seq = 0;
      // A rematch still waiting when the bench disconnects its players at the end is no error.
      void ask<Seated>(socket, 'table:rematch').then(
        (r) => {
          if (!r.ok) console.error(`rematch: ${r.code}`);
        },
        () => undefined,
      );
      return;
    }
    views.push(v);
    void act();
  });
  for (const [seat, level] of [
    [1, 'adept'],
    [2, 'novice'],
  ] as const)
    await ask(socket, 'table:addBot', { seat, level });
  await ask(socket, 'table:start');
  return { socket, seated };
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve((m as { port: number }).port)));
  const url = `http://127.0.0.1:${port}`;
  const measure = () =>
    new Promise<{ times: number[]; cpu: number; loop: number }>((resolve) => {
      child.once('message', (m) => resolve(m as { times: number[]; cpu: number; loop: number }));
      child.send('times');
    });
  const times = async () => (await measure()).times;

  // The flooding device's own finished game (to export and replay), and its tables at its turn (to ask hints at).
  const mine = await table(url, '127.0.0.2', true, 9, false);
  const record = await new Promise<unknown>((resolve) => {
    const poll = setInterval(() => {
      void ask<{ record: unknown }>(mine.socket, 'archive:export', { tableId: mine.seated.tableId, token: mine.seated.token }).then((r) => {
        if (r.ok) {
          clearInterval(poll);
          resolve(r.record);
        }
      });
    }, 500);
  });
  mine.socket.disconnect();
  const waiting = await Promise.all([1, 2, 3, 4].map((i) => table(url, '127.0.0.2', false, i)));

  // The players whose bots are timed.
  const players = await Promise.all([1, 2].map((i) => table(url, '127.0.0.1', true, 100 + i)));
  const flooders: Client[] = [];
  await new Promise((r) => setTimeout(r, sized(2000, 200))); // warm-up
  await times();

  const phase = async (name: string, flood: boolean): Promise<number> => {
    const stop: (() => void)[] = [];
    const answers = new Map<string, number>();
    if (flood) {
      const sockets = [...waiting.map((w) => w.socket)];
      while (sockets.length < FLOOD_CONNECTIONS) {
        const s = await connect(url, '127.0.0.2');
        flooders.push(s);
        sockets.push(s);
      }
      sockets.forEach((s, i) => {
        const kind = i < waiting.length ? 'hint' : i % 2 === 0 ? 'export' : 'replay';
        const timer = setInterval(() => {
          if (!s.connected) return;
          const count = (r: Reply<object>) => answers.set(r.ok ? `${kind} ok` : `${kind} ${r.code}`, (answers.get(r.ok ? `${kind} ok` : `${kind} ${r.code}`) ?? 0) + 1);
          if (kind === 'hint') void ask(s, 'game:hint').then(count, () => {});
          else if (kind === 'export') void ask(s, 'archive:export', { tableId: mine.seated.tableId, token: mine.seated.token }).then(count, () => {});
          else
            void ask(s, 'replay:open', { record }).then(
              (r) => (count(r), r.ok ? ask(s, 'replay:log', { viewer: 0 }).then(count) : undefined),
              () => {},
            );
        }, 1000 / FLOOD_PER_SECOND);
        stop.push(() => clearInterval(timer));
      });
    }
    await times();
    const ownLoop = performance.eventLoopUtilization();
    await new Promise((r) => setTimeout(r, PHASE_MS));
    const { times: t, cpu, loop } = await measure();
    const clientLoop = performance.eventLoopUtilization(ownLoop).utilization;
    for (const s of stop) s();
    const p99 = quantile(t, 0.99);
    console.log(
      `${name.padEnd(12)} ${String(t.length).padStart(6)} bot decisions   p50 ${quantile(t, 0.5).toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms   max ${Math.max(
        ...t,
      )
        .toFixed(1)
        .padStart(7)} ms`,
    );
    console.log(
      `             host process CPU ${(cpu * 100).toFixed(0)} % of a core (workers included), its main thread busy ${(loop * 100).toFixed(0)} %; clients' thread busy ${(clientLoop * 100).toFixed(0)} %`,
    );
    if (flood) console.log(`             flood answers: ${[...answers].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    return p99;
  };

  console.log(
    `bot decisions at 2 tables (Adept + Novice each, zero delay), ${PHASE_MS / 1000} s per phase; flood: ${FLOOD_CONNECTIONS} connections × ${FLOOD_PER_SECOND}/s from 127.0.0.2`,
  );
  const quiet = await phase('quiet', false);
  const flooded = await phase('flood', true);
  await new Promise((r) => setTimeout(r, 1000)); // answers of the flood drain
  const quietAgain = await phase('quiet again', false);
  console.log(`flood p99 / quiet p99 (mean of both quiet phases): ${(flooded / ((quiet + quietAgain) / 2)).toFixed(2)}×`);
  for (const p of [...players, ...waiting]) p.socket.disconnect();
  for (const s of flooders) s.disconnect();
  child.send('stop');
}

if (process.argv.includes('--child')) await serve();
else await main();
