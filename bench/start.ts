// Start-up of the `chronicle` command: `npm run bench:start`. Figures only, no pass/fail.
//
//   bare node        `node -e 0`: the floor of any command on this machine (same run);
//   replay           `chronicle replay FILE` of a whole 4-player game, until it exits;
//   host             `chronicle host --port 0` from the command's start until GET / answers 200;
//   start script     `node scripts/start.js --port 0` (what `npm start` runs where Electron cannot):
//                    the build-freshness check, then the host, until GET / answers 200;
//   npm start        the same through npm's own command (when run by npm: npm_execpath).
// The last two need a build as new as the sources (`npm run build` first): nothing is rebuilt.
//
// Each is run RUNS times, interleaved, in fresh processes (as a user starts them).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIsFresh } from '../scripts/build-stamp.js';
import { BotRng } from '../src/shared/bots/prng';
import { type Action, applyAction, currentDecider, legalActions, newGame, recordOf } from '../src/shared/rules';
import { sized } from './smoke';

const RUNS = sized(15, 1);

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

/**
 * Milliseconds from spawning `args` until it exits (or until `ready` says so). Each runs in a
 * process group of its own, stopped as a whole: `npm start` as Ctrl-C would stop it (a signal
 * to npm and the script it runs, whose host stops cleanly), and waited for until every process
 * of the group has let go of its output (npm alone, sent SIGTERM, leaves its script running).
 */
function timed(args: string[], ready?: (out: string) => Promise<boolean> | boolean, env?: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true, ...(env ? { env } : {}) });
    const stopGroup = (signal: NodeJS.Signals) => {
      try {
        if (process.platform === 'win32') child.kill(signal);
        else process.kill(-child.pid!, signal);
      } catch {
        // the group has ended already
      }
    };
    let out = '';
    let done = false;
    child.stdout.on('data', (d: Buffer) => {
      out += String(d);
      if (!ready || done) return;
      void Promise.resolve(ready(out)).then((ok) => {
        if (!ok || done) return;
        done = true;
        const ms = performance.now() - t0;
        child.once('close', () => resolve(ms));
        stopGroup(env ? 'SIGTERM' : 'SIGKILL');
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

if (!buildIsFresh()) {
  console.log('bench/start: out/ is older than the sources: run `npm run build` first (npm start would rebuild, and that is not what is measured)');
  process.exit(1);
}
const npmCli = process.env['npm_execpath'];
const dir = await mkdtemp(join(tmpdir(), 'chronicle-bench-start-'));
const record = join(dir, 'game.chronicle.json');
await writeFile(record, wholeGameRecord());
const bare: number[] = [];
const replay: number[] = [];
const host: number[] = [];
const startScript: number[] = [];
const npmStart: number[] = [];
// No display: npm start serves the browser build even where an Electron binary exists.
const startEnv = (data: string) => ({ ...process.env, CHRONICLE_DATA: data, DISPLAY: '', WAYLAND_DISPLAY: '', ELECTRON_EXEC_PATH: '' });
for (let i = 0; i < RUNS; i++) {
  bare.push(await timed(['-e', '0']));
  replay.push(await timed(['bin/chronicle.js', 'replay', record]));
  const data = join(dir, `data-${i}`);
  host.push(await timed(['bin/chronicle.js', 'host', '--port', '0', '--host', '127.0.0.1', '--data', data, '--no-mdns', '--no-qr'], hostAnswers));
  startScript.push(await timed(['scripts/start.js', '--port', '0'], hostAnswers, startEnv(`${data}-s`)));
  if (npmCli) npmStart.push(await timed([npmCli, 'start', '--silent', '--', '--port', '0'], hostAnswers, startEnv(`${data}-n`)));
}
await rm(dir, { recursive: true, force: true });

const b = quantiles(bare);
console.log(
  `bench/start — Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; ${RUNS} runs each`,
);
for (const [label, xs] of [
  ['bare node (node -e 0)', bare],
  ['chronicle replay (whole game)', replay],
  ['chronicle host → HTTP 200', host],
  ['node scripts/start.js → HTTP 200', startScript],
  ...(npmStart.length > 0 ? [['npm start → HTTP 200', npmStart] as const] : []),
] as const) {
  const q = quantiles(xs);
  console.log(`${label.padEnd(32)} p50 ${q.p50.toFixed(0).padStart(5)} ms  max ${q.max.toFixed(0).padStart(5)} ms  (${(q.p50 / b.p50).toFixed(1)}× bare node)`);
}
