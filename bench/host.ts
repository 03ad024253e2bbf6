// Host latency: `npm run bench:host` (tsx bench/host.ts). Figures only, no pass/fail.
//
// The host runs in a child process (as for real players, whose clients are elsewhere); every
// client runs in this process, over real sockets on 127.0.0.1 (websocket transport).
//
//   bare ack        one client, sequential `emitWithAck` to a bare Socket.IO server that only
//                   acknowledges: the floor of any request on this machine;
//   fdatasync       in the host's process, one append of a record line of the table files'
//                   mean size to a file in the same data directory, then fdatasync: the
//                   floor of the durable write every action waits for;
//   intent → views  one 6-seat table, six clients: from the moment the deciding client emits
//                   `game:act` until all six clients hold the new view (validation, engine,
//                   fsync of the record, six private views), one action at a time;
//   floor           what an action cannot do without, with no game: a bare Socket.IO server
//                   that on `game:act` appends a record line and fdatasyncs it, then sends six
//                   views and their events built beforehand (those of a real 6-seat game, in
//                   turn; Socket.IO serialises them as it sends) to six clients, then the ack;
//                   these four are measured in turns (ROUNDS rounds of each), so that a load
//                   that comes and goes on a shared machine weighs on them alike;
//   50 tables       fifty 6-seat tables of client bots at once (300 sockets), each bot acting
//                   on its own view; the same intent → all-six-views latency per action, with
//                   bots that think 10–90 ms first (busy evening), then flat out (saturation).
import { fork } from 'node:child_process';
import { writeSync } from 'node:fs';
import { type FileHandle, mkdtemp, open, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { type Socket, io } from 'socket.io-client';
import { silentLog } from '../src/main/host/log';
import { type EventBatch, batchesFor } from '../src/shared/protocol/event-log';
import { applyAction, currentDecider, legalActions, newGame } from '../src/shared/rules/engine';
import { createHost } from '../src/main/host/create-host';
import { BotRng } from '../src/shared/bots/prng';
import type { ClientToServerEvents, Reply, Seated, ServerToClientEvents } from '../src/shared/protocol';
import { type PlayerView, viewFor } from '../src/shared/rules/view';
import { sized } from './smoke';
import { seatsOf } from '../src/shared/ids';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const ROUNDS = sized(20, 2);
const ACK_WARMUP = sized(500, 10);
const ACK_SAMPLES = sized(5000, 20);
const SINGLE_WARMUP = sized(100, 5);
const SINGLE_SAMPLES = sized(2000, 20);
const SYNC_SAMPLES = sized(2000, 20);
// Past the host's default per-address caps even in a smoke run, so the bench's own limits are exercised.
const TABLES = sized(50, 10);
const LOAD_MS = sized(6000, 300);

// ---- the child: a bare Socket.IO server and a real host --------------------------------------

async function serve(): Promise<void> {
  const bare = createServer();
  const bareIo = new Server(bare, { serveClient: false });
  bareIo.on('connection', (s) => s.on('ping', (_p: unknown, ack: (x: number) => void) => ack(1)));
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const dataDir = await mkdtemp(join(tmpdir(), 'chronicle-bench-'));
  const host = await createHost({
    port: 0,
    dataDir,
    log: silentLog,
    botDelayMs: 0,
    rateLimit: { burst: 1e9, perSecond: 1e9 },
    maxTables: 10_000,
    // Every bench client connects from 127.0.0.1 as one device: it opens (and keeps unfinished) the fifty tables.
    lifecycle: { maxTablesPerDevice: 10_000, maxUnfinishedPerDevice: 10_000, maxUnfinishedPerAddress: 10_000 },
  });
  const floor = await floorServer(dataDir);
  process.send!({ bare: (bare.address() as AddressInfo).port, host: host.port, floor });
  process.on('message', (m) => {
    if (typeof m === 'object' && m !== null && 'fdatasync' in m) void fdatasyncSamples(dataDir, Number(m.fdatasync)).then((r) => process.send!(r));
    if (m === 'cpu') process.send!(process.cpuUsage());
  });
  process.on('disconnect', () => {
    void (async () => {
      await host.close();
      bareIo.close();
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}

/**
 * The floor of an action: on `game:act`, a record line appended and flushed, then the six
 * views (and their events) of a real game's next version, built beforehand, to the six
 * sockets connected, then the ack. Returns its port.
 */
async function floorServer(dataDir: string): Promise<number> {
  const messages: { line: string; views: (readonly [PlayerView, EventBatch[]])[] }[] = [];
  const rng = new BotRng(7);
  const game = newGame({ players: 6, seed: 'floor' });
  if (!game.ok) throw new Error(game.error.message);
  let state = game.value.state;
  while (!state.over) {
    const action = rng.pick(legalActions(state, currentDecider(state)!));
    const step = applyAction(state, action);
    if (!step.ok) throw new Error(step.error.message);
    state = step.value.state;
    const log = [{ version: state.version, events: step.value.events }];
    const views = seatsOf(6).map((seat) => [viewFor(state, seat), batchesFor(log, seat, state.version - 1, state.version)] as const);
    messages.push({ line: `${JSON.stringify({ t: 'act', a: action, seq: state.version })}\n`, views });
  }
  const fh = await open(join(dataDir, 'floor.jsonl'), 'a');
  const server = createServer();
  const io = new Server(server, { serveClient: false });
  let next = 0;
  io.on('connection', (s) =>
    s.on('game:act', (_p: unknown, ack: (r: unknown) => void) => {
      const m = messages[next++ % messages.length]!;
      writeSync(fh.fd, m.line);
      void fh.datasync().then(() => {
        [...io.sockets.sockets.values()].forEach((socket, i) => socket.emit('game:view', ...m.views[i % 6]!));
        ack({ ok: true });
      });
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

let syncFile: { fh: FileHandle; line: string } | null = null;

/**
 * Times `n` appends + fdatasync of a line as long as the tables' record lines on average (taken
 * at the first call), in the data directory the host writes to, as the host's table file does
 * it (host/table-file/store.ts).
 */
async function fdatasyncSamples(dataDir: string, n: number): Promise<{ bytes: number; samples: number[] }> {
  if (!syncFile) {
    const dir = join(dataDir, 'tables');
    const lines: string[] = [];
    for (const f of await readdir(dir)) if (f.endsWith('.jsonl')) lines.push(...(await readFile(join(dir, f), 'utf8')).split('\n').filter(Boolean).slice(1));
    const bytes = Math.max(1, Math.round(lines.reduce((k, l) => k + l.length + 1, 0) / Math.max(1, lines.length)));
    syncFile = { fh: await open(join(dataDir, 'fdatasync-bench.jsonl'), 'a'), line: `${'x'.repeat(bytes - 1)}\n` };
  }
  const { fh, line } = syncFile;
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    writeSync(fh.fd, line);
    await fh.datasync();
    samples.push(performance.now() - t0);
  }
  return { bytes: line.length, samples };
}

// ---- the parent: clients and figures ----------------------------------------------------------

const now = () => performance.now();

function connect(port: number): Promise<Client> {
  const s: Client = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** The socket without the protocol's event types: the bench sends payloads it built itself, and `ping`. */
const untyped = (s: Client): Socket => s;

async function call<T extends object>(s: Client, event: keyof ClientToServerEvents, payload: unknown): Promise<Reply<T>> {
  return (await untyped(s).emitWithAck(event, payload)) as Reply<T>;
}

function quantiles(xs: number[]): { p50: number; p99: number; n: number } {
  const s = xs.slice().sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { p50: q(0.5), p99: q(0.99), n: s.length };
}
const ms = (x: number) => `${x.toFixed(3)} ms`;

/** Six clients at one table: the latest view each holds, and a way to wait for a version. */
class SixSeats {
  readonly views: (PlayerView | null)[] = Array(6).fill(null);
  seq = 0;
  private waiters: { version: number; resolve: () => void }[] = [];
  onAllSix: ((version: number) => void) | null = null;
  private counts = new Map<number, number>();

  constructor(readonly clients: Client[]) {
    clients.forEach((c, i) =>
      c.on('game:view', (v) => {
        this.views[i] = v;
        const n = (this.counts.get(v.version) ?? 0) + 1;
        this.counts.set(v.version, n);
        if (n === 6) {
          this.counts.delete(v.version);
          this.onAllSix?.(v.version);
          this.waiters = this.waiters.filter((w) => (w.version === v.version ? (w.resolve(), false) : true));
        }
      }),
    );
  }

  static async open(port: number): Promise<SixSeats> {
    return new SixSeats(await Promise.all(Array.from({ length: 6 }, () => connect(port))));
  }

  /** A new table with all six seated and started; resolves when all six hold version 0. */
  async newGame(): Promise<void> {
    this.views.fill(null);
    const created = await call<Seated>(this.clients[0]!, 'table:create', { name: 'Bench', players: 6, playerName: 'B0' });
    if (!created.ok) throw new Error(created.code);
    for (let i = 1; i < 6; i++) {
      const r = await call(this.clients[i]!, 'table:join', { tableId: created.tableId, name: `B${i}`, seat: i });
      if (!r.ok) throw new Error(r.code);
    }
    const ready = this.allHold(0);
    const r = await call(this.clients[0]!, 'table:start', {});
    if (!r.ok) throw new Error(r.code);
    await ready;
  }

  allHold(version: number): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }

  decider(): number {
    return this.views.findIndex((v) => v !== null && v.legalActions.length > 0);
  }

  /** The deciding seat sends a random legal action from its own view. */
  act(seat: number, rng: BotRng): void {
    const view = this.views[seat]!;
    const { seat: _s, ...action } = rng.pick(view.legalActions);
    this.clients[seat]!.emit('game:act', { action, seq: ++this.seq, version: view.version }, () => {});
  }

  close(): void {
    for (const c of this.clients) c.disconnect();
  }
}

/** Sequential acknowledged pings to the bare server. */
async function ackSampler(port: number): Promise<(n: number) => Promise<number[]>> {
  const c = await connect(port);
  return async (n) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = now();
      await untyped(c).emitWithAck('ping', {});
      out.push(now() - t0);
    }
    return out;
  };
}

/** One action at a time at one six-seat table, a new game when one ends. */
async function actionSampler(port: number): Promise<(n: number) => Promise<number[]>> {
  const t = await SixSeats.open(port);
  const rng = new BotRng(1);
  await t.newGame();
  return async (n) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      if (t.views[0]!.over) await t.newGame();
      const seat = t.decider();
      const held = t.allHold(t.views[seat]!.version + 1);
      const t0 = now();
      t.act(seat, rng);
      await held;
      out.push(now() - t0);
    }
    return out;
  };
}

/** One action at a time to the floor server from one of six clients, until all six hold its views. */
async function floorSampler(port: number): Promise<(n: number) => Promise<number[]>> {
  const clients = await Promise.all(Array.from({ length: 6 }, () => connect(port)));
  let waiting: { left: number; done: () => void } | null = null;
  for (const c of clients) c.on('game:view', () => waiting && --waiting.left === 0 && waiting.done());
  return async (n) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const held = new Promise<void>((done) => (waiting = { left: 6, done }));
      const t0 = now();
      untyped(clients[i % 6]!).emit('game:act', {}, () => {});
      await held;
      out.push(now() - t0);
    }
    return out;
  };
}

async function manyTables(port: number, think: (rng: BotRng) => number): Promise<{ lat: number[]; seconds: number }> {
  const tables = await Promise.all(Array.from({ length: TABLES }, () => SixSeats.open(port)));
  for (const t of tables) await t.newGame();
  const lat: number[] = [];
  let running = true;
  const start = now();
  const timer = setTimeout(() => (running = false), LOAD_MS);
  await Promise.all(
    tables.map(async (t, i) => {
      const rng = new BotRng(100 + i);
      while (running) {
        if (t.views[0]!.over) await t.newGame();
        const seat = t.decider();
        const delay = think(rng);
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        const held = t.allHold(t.views[seat]!.version + 1);
        const t0 = now();
        t.act(seat, rng);
        await held;
        lat.push(now() - t0);
      }
    }),
  );
  clearTimeout(timer);
  const seconds = (now() - start) / 1000;
  for (const t of tables) t.close();
  return { lat, seconds };
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ports = await new Promise<{ bare: number; host: number; floor: number }>((resolve) =>
    child.once('message', (m) => resolve(m as { bare: number; host: number; floor: number })),
  );
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
  console.log(`bench/host — Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${load()}; host in a child process, clients here`);

  const hostCpu = async (): Promise<number> => {
    child.send('cpu');
    const used = await new Promise<NodeJS.CpuUsage>((resolve) => child.once('message', (m) => resolve(m as NodeJS.CpuUsage)));
    return (used.user + used.system) / 1000;
  };
  const fdatasync = async (n: number): Promise<{ bytes: number; samples: number[] }> => {
    child.send({ fdatasync: n });
    return new Promise((resolve) => child.once('message', (m) => resolve(m as { bytes: number; samples: number[] })));
  };
  const pings = await ackSampler(ports.bare);
  const actions = await actionSampler(ports.host);
  const floors = await floorSampler(ports.floor);
  await pings(ACK_WARMUP);
  await actions(SINGLE_WARMUP);
  await floors(SINGLE_WARMUP);
  const acks: number[] = [];
  const moves: number[] = [];
  const syncs: number[] = [];
  const floorTimes: number[] = [];
  let bytes = 0;
  let ackCpu = 0;
  let moveCpu = 0;
  let floorCpu = 0;
  for (let r = 0; r < ROUNDS; r++) {
    let c0 = await hostCpu();
    acks.push(...(await pings(ACK_SAMPLES / ROUNDS)));
    ackCpu += (await hostCpu()) - c0;
    c0 = await hostCpu();
    moves.push(...(await actions(SINGLE_SAMPLES / ROUNDS)));
    moveCpu += (await hostCpu()) - c0;
    c0 = await hostCpu();
    floorTimes.push(...(await floors(SINGLE_SAMPLES / ROUNDS)));
    floorCpu += (await hostCpu()) - c0;
    const synced = await fdatasync(SYNC_SAMPLES / ROUNDS);
    syncs.push(...synced.samples);
    bytes = synced.bytes;
  }
  const ack = quantiles(acks);
  const one = quantiles(moves);
  const sync = quantiles(syncs);
  const floor = quantiles(floorTimes);
  console.log(`bare Socket.IO ack round trip      p50 ${ms(ack.p50)}  p99 ${ms(ack.p99)}  (n=${ack.n}; server CPU ${ms(ackCpu / ack.n)} per ack)`);
  console.log(`intent → all six seats hold views   p50 ${ms(one.p50)}  p99 ${ms(one.p99)}  (n=${one.n}, one table; host CPU ${ms(moveCpu / one.n)} per action)`);
  console.log(`append + fdatasync, ${String(bytes).padStart(3)} B, same disk   p50 ${ms(sync.p50)}  p99 ${ms(sync.p99)}  (n=${sync.n}, in the host's process)`);
  console.log(
    `floor: fdatasync + six views, no game p50 ${ms(floor.p50)}  p99 ${ms(floor.p99)}  (n=${floor.n}, a bare server sending views built beforehand; CPU ${ms(floorCpu / floor.n)} per action)`,
  );
  console.log(`ratio to the bare ack               p50 ${(one.p50 / ack.p50).toFixed(2)}×  p99 ${(one.p99 / ack.p99).toFixed(2)}×`);
  console.log(`intent→views ÷ (ack + fdatasync)    p50 ${(one.p50 / (ack.p50 + sync.p50)).toFixed(2)}×  p99 ${(one.p99 / (ack.p99 + sync.p99)).toFixed(2)}×  (goal ≤ 2×)`);
  console.log(
    `floor ÷ (ack + fdatasync)           p50 ${(floor.p50 / (ack.p50 + sync.p50)).toFixed(2)}×  p99 ${(floor.p99 / (ack.p99 + sync.p99)).toFixed(2)}×  (the host's own share: intent→views ÷ floor p50 ${(one.p50 / floor.p50).toFixed(2)}×, p99 ${(one.p99 / floor.p99).toFixed(2)}×)`,
  );

  for (const [label, think] of [
    ['bots think 10–90 ms', (rng: BotRng) => 10 + rng.below(81)],
    ['bots flat out', () => 0],
  ] as const) {
    const r = await manyTables(ports.host, think);
    const q = quantiles(r.lat);
    console.log(`${TABLES} tables × 6 seats, ${label.padEnd(20)} p50 ${ms(q.p50)}  p99 ${ms(q.p99)}  (${(q.n / r.seconds).toFixed(0)} actions/s, n=${q.n})`);
  }
  console.log(`(load average at the end: ${load()}; figures on a busy machine are not comparable)`);
  child.disconnect();
  await new Promise((r) => child.once('exit', r));
}

if (process.argv.includes('--serve')) await serve();
else await main();
