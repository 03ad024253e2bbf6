// The path of one move through the host: `npm run bench:move-path` (tsx bench/move-path.ts).
// Figures only, no pass/fail.
//
// A real host on port 0 and three socket.io-client players in this process play a seeded 3-seat game;
// around exactly one `game:act` (from the emit until the ack and all three views are in), it
// records which source files ran (V8 precise coverage with call counts) and how often control
// entered each host file. An **entry** is a call of one of a file's functions from outside that
// file: from another file, from a library (Socket.IO, a promise's reaction) or from the event
// loop. Calls between functions of one file are not entries, nor is an async function going on
// after an `await`. The callers are read from the call stack at every host function's first
// line: a worker thread holds breakpoints there over this thread (inspector
// `connectToMainThread`), set on every host function that ran in two warm-up moves.
//
// It also prints the files over 300 lines under src/main and the loops of imports between the
// files of one folder under src (types included).
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type Socket, io } from 'socket.io-client';
import { createHost } from '../src/main/host/create-host';
import { silentLog } from '../src/main/host/log';
import type { ClientToServerEvents, ServerToClientEvents } from '../src/shared/protocol';
import type { PlayerView } from '../src/shared/rules/view';
import { folderLoops } from '../tests/kit/folder-imports';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const HOST = 'src/main/host/';

/** A source file of the repository by its script URL (tsx's ESM loader names the .ts file), or null. */
function sourceOf(url: string): string | null {
  if (!url.startsWith('file://')) return null;
  const file = relative(ROOT, fileURLToPath(url.split('?')[0]!));
  return file.startsWith('src/') ? file : null;
}

// ---- the worker: breakpoints over this thread ------------------------------------------------

/** Runs in a worker: sets a breakpoint at the first line of each function asked, and notes the caller's file at each stop. */
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { Session } = require('node:inspector');
const session = new Session();
session.connectToMainThread();
const post = (method, params) => new Promise((ok, ko) => session.post(method, params, (e, r) => (e ? ko(e) : ok(r))));
const scripts = new Map();
const urls = new Map();
const hits = [];
let breakpoints = [];
session.on('Debugger.scriptParsed', ({ params }) => {
  urls.set(params.scriptId, params.url);
  if (params.url.startsWith('file://')) scripts.set(params.url, params.scriptId);
});
session.on('Debugger.paused', ({ params }) => {
  const [callee, caller] = params.callFrames;
  const url = (frame) => (frame ? urls.get(frame.location.scriptId) ?? '' : '');
  hits.push({ url: url(callee), name: callee.functionName, from: url(caller) });
  session.post('Debugger.resume');
});
parentPort.on('message', async (m) => {
  if (m.arm) {
    await post('Debugger.enable', {});
    let set = 0;
    for (const { url, offsets } of m.arm) {
      const scriptId = scripts.get(url);
      if (!scriptId) continue;
      const { scriptSource } = await post('Debugger.getScriptSource', { scriptId });
      for (const offset of offsets) {
        const before = scriptSource.slice(0, offset).split('\\n');
        const location = { scriptId, lineNumber: before.length - 1, columnNumber: before.at(-1).length };
        const r = await post('Debugger.setBreakpoint', { location }).catch(() => null);
        if (r) breakpoints.push(r.breakpointId), set++;
      }
    }
    parentPort.postMessage({ armed: set });
  }
  if (m.disarm) {
    for (const breakpointId of breakpoints) await post('Debugger.removeBreakpoint', { breakpointId });
    breakpoints = [];
    await post('Debugger.disable', {});
    parentPort.postMessage({ hits: hits.splice(0) });
  }
});
parentPort.postMessage({ ready: true });
`;

function startWorker(): Promise<{ ask: <T>(m: object) => Promise<T>; stop: () => Promise<number> }> {
  const worker = new Worker(WORKER, { eval: true });
  const ask = <T>(m: object) =>
    new Promise<T>((ok) => {
      worker.once('message', ok);
      worker.postMessage(m);
    });
  return new Promise((ok) => worker.once('message', () => ok({ ask, stop: () => worker.terminate() })));
}

// ---- the game -------------------------------------------------------------------------------

interface Seat {
  readonly socket: Client;
  view: PlayerView | null;
  seq: number;
}

async function seat(url: string): Promise<Seat> {
  const socket: Client = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((ok) => socket.once('connect', () => ok()));
  const s: Seat = { socket, view: null, seq: 0 };
  socket.on('game:view', (view) => {
    if (!s.view || view.version > s.view.version) s.view = view;
  });
  return s;
}

function until(check: () => boolean): Promise<void> {
  return new Promise((ok) => {
    const poll = () => (check() ? ok() : setTimeout(poll, 1));
    poll();
  });
}

/** The deciding seat plays its first legal action; resolves once it is acknowledged and every seat holds the new view. */
async function oneMove(seats: readonly Seat[]): Promise<void> {
  const mover = seats.find((s) => (s.view?.legalActions.length ?? 0) > 0)!;
  const view = mover.view!;
  const { seat: _seat, ...action } = view.legalActions[0]!;
  const reply = await mover.socket.emitWithAck('game:act', { action, seq: ++mover.seq, version: view.version });
  if (!reply.ok) throw new Error(`move refused: ${reply.code}`);
  await until(() => seats.every((s) => s.view!.version >= reply.version));
}

// ---- coverage -------------------------------------------------------------------------------

interface FunctionRun {
  readonly file: string;
  readonly url: string;
  readonly name: string;
  readonly offset: number;
  readonly count: number;
}

async function covered(session: Session, move: () => Promise<void>): Promise<FunctionRun[]> {
  await session.post('Profiler.takePreciseCoverage'); // resets the counts
  await move();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  return result.flatMap(({ url, functions }) => {
    const file = sourceOf(url);
    if (!file) return [];
    return functions
      .filter((f) => f.ranges[0]!.count > 0 && f.ranges[0]!.startOffset > 0)
      .map((f) => ({ file, url, name: f.functionName, offset: f.ranges[0]!.startOffset, count: f.ranges[0]!.count }));
  });
}

// ---- the figures ----------------------------------------------------------------------------

function linesOver(dir: string, max: number): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ts$/.test(e.name)) {
        const lines = readFileSync(p, 'utf8').split('\n').length - 1;
        if (lines > max) out.push(`${String(lines).padStart(5)}  ${relative(ROOT, p)}`);
      }
    }
  };
  walk(dir);
  return out.sort().reverse();
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chronicle-move-path-'));
  const host = await createHost({ port: 0, dataDir, log: silentLog, botDelayMs: 0, rateLimit: { burst: 1e6, perSecond: 1e6 }, newSeed: () => 'move-path' });
  const seats = [await seat(host.url), await seat(host.url), await seat(host.url)];
  const created = await seats[0]!.socket.emitWithAck('table:create', { name: 'Path', players: 3, playerName: 'P0' });
  if (!created.ok) throw new Error(created.code);
  for (const [i, s] of seats.slice(1).entries()) {
    const joined = await s.socket.emitWithAck('table:join', { tableId: created.tableId, name: `P${i + 1}` });
    if (!joined.ok) throw new Error(joined.code);
  }
  await seats[0]!.socket.emitWithAck('table:start', undefined);
  await until(() => seats.every((s) => s.view !== null));

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const warm = [...(await covered(session, () => oneMove(seats))), ...(await covered(session, () => oneMove(seats)))];

  const worker = await startWorker();
  const arm = new Map<string, Set<number>>();
  for (const f of warm) if (f.file.startsWith(HOST)) arm.set(f.url, (arm.get(f.url) ?? new Set()).add(f.offset));
  const { armed } = await worker.ask<{ armed: number }>({ arm: [...arm].map(([url, offsets]) => ({ url, offsets: [...offsets] })) });
  const measured = await covered(session, () => oneMove(seats));
  const { hits } = await worker.ask<{ hits: { url: string; name: string; from: string }[] }>({ disarm: true });
  await worker.stop();
  session.disconnect();

  const calls = new Map<string, number>();
  for (const f of measured) calls.set(f.file, (calls.get(f.file) ?? 0) + f.count);
  const entries = new Map<string, string[]>();
  for (const h of hits) {
    const file = sourceOf(h.url)!;
    if (sourceOf(h.from) === file) continue;
    entries.set(file, [...(entries.get(file) ?? []), h.name || '(anonymous)']);
  }
  const hostFiles = [...calls.keys()].filter((f) => f.startsWith(HOST)).sort();
  const shared = [...calls.keys()].filter((f) => f.startsWith('src/shared/')).sort();
  const missed = measured.filter((f) => f.file.startsWith(HOST) && !arm.get(f.url)?.has(f.offset));

  console.log(
    `One game:act at a 3-seat table (${armed} breakpoints on host functions${missed.length ? `; ${missed.length} functions ran unwatched: ${missed.map((f) => `${f.file}:${f.name}`).join(', ')}` : ''})`,
  );
  console.log(`\nhost files on the path: ${hostFiles.length}  (entries, calls, the functions entered)`);
  for (const f of hostFiles) {
    const e = entries.get(f) ?? [];
    console.log(`  ${String(e.length).padStart(2)} ${String(calls.get(f)).padStart(4)}  ${f.slice(HOST.length)}  ${e.join(', ')}`);
  }
  const entered = hostFiles.map((f) => entries.get(f)?.length ?? 0);
  console.log(`  entries in all: ${entered.reduce((a, b) => a + b, 0)}; files entered more than once: ${entered.filter((n) => n > 1).length}`);
  console.log(`\nshared files on the path: ${shared.length}`);
  for (const f of shared) console.log(`       ${String(calls.get(f)).padStart(4)}  ${f.slice('src/shared/'.length)}`);
  const long = linesOver(join(ROOT, 'src/main'), 300);
  console.log(`\nfiles over 300 lines in src/main: ${long.length}`);
  for (const l of long) console.log(`  ${l}`);
  const loops = folderLoops(join(ROOT, 'src'));
  console.log(`\nimport loops between files of one folder in src: ${loops.length}`);
  for (const l of loops) console.log(`  ${l.join(' <-> ')}`);

  for (const s of seats) s.socket.disconnect();
  await host.close();
  await rm(dataDir, { recursive: true, force: true });
}

await main();
