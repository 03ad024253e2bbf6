// Start-up of the `chronicle` command: `npm run bench:start`. Figures only, no pass/fail.
//
//   bare node        `node -e 0`: the floor of any command on this machine (same run);
//   replay           `chronicle replay FILE` of a whole 4-player game, until it exits;
//   host             `chronicle host --port 0` from the command's start until GET / answers 200.
//
// Each is run RUNS times, interleaved, in fresh processes (as a user starts them).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BotRng } from '../src/shared/bots/prng';
import { type Action, applyAction, currentDecider, legalActions, newGame, recordOf } from '../src/shared/rules';

const RUNS = 15;

function wholeGameRecord(): string {
  const setup = { players: 4, seed: 'bench-start' };
  const created = newGame(setup);
  if (!created.ok) throw new Error(created.error.message);
  let s = created.value.state;
  const rng = new BotRng(5);
  const actions: Action[] = [];
  while (!s.over) {
    const a = rng.pick(legalActions(s, currentDecider(s)!));
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
    actions.push(a);
  }
  return JSON.stringify(recordOf(setup, s, actions));
}

/** Milliseconds from spawning `args` until it exits (or until `ready` says so). */
function timed(args: string[], ready?: (out: string) => Promise<boolean> | boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let done = false;
    child.stdout.on('data', (d: Buffer) => {
      out += String(d);
      if (!ready || done) return;
      void Promise.resolve(ready(out)).then((ok) => {
        if (!ok || done) return;
        done = true;
        const ms = performance.now() - t0;
        child.kill('SIGKILL');
        resolve(ms);
      });
    });
    child.on('exit', (code) => {
      if (ready && !done) reject(new Error(`exited (${code}) before it was ready:\n${out}`));
      else if (!ready) resolve(performance.now() - t0);
    });
  });
}

/** The host printed its local address and answers GET / with 200. */
async function hostAnswers(out: string): Promise<boolean> {
  const m = /(http:\/\/\S+)\s+\(this machine\)/.exec(out);
  if (!m) return false;
  try {
    return (await fetch(m[1]!)).status === 200;
  } catch {
    return false; // not answering yet
  }
}

const quantiles = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return { p50: s[Math.floor(s.length / 2)]!, max: s[s.length - 1]! };
};

const dir = await mkdtemp(join(tmpdir(), 'chronicle-bench-start-'));
const record = join(dir, 'game.chronicle.json');
await writeFile(record, wholeGameRecord());
const bare: number[] = [];
const replay: number[] = [];
const host: number[] = [];
for (let i = 0; i < RUNS; i++) {
  bare.push(await timed(['-e', '0']));
  replay.push(await timed(['bin/chronicle.js', 'replay', record]));
  const data = join(dir, `data-${i}`);
  host.push(await timed(['bin/chronicle.js', 'host', '--port', '0', '--host', '127.0.0.1', '--data', data, '--no-mdns', '--no-qr'], hostAnswers));
}
await rm(dir, { recursive: true, force: true });

const b = quantiles(bare);
console.log(`bench/start — Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}; ${RUNS} runs each`);
for (const [label, xs] of [
  ['bare node (node -e 0)', bare],
  ['chronicle replay (whole game)', replay],
  ['chronicle host → HTTP 200', host],
] as const) {
  const q = quantiles(xs);
  console.log(`${label.padEnd(32)} p50 ${q.p50.toFixed(0).padStart(5)} ms  max ${q.max.toFixed(0).padStart(5)} ms  (${(q.p50 / b.p50).toFixed(1)}× bare node)`);
}
