// A bench run as `npm run bench:…` runs it, with BENCH_SMOKE=1 (bench/smoke.ts: tiny counts):
// what the bench smoke tests check is that it runs to its end, prints its figures and exits.
// Its figures mean nothing at these counts, and no time is checked.
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { spawnInGroup } from '../kit/child-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run <script>` (or `node --import tsx <file>` for a bench without a script) with BENCH_SMOKE=1: its exit code and output. */
export function runBench(command: { script: string } | { file: string }): Promise<{ code: number | null; out: string }> {
  const [exe, args] =
    'script' in command ? [process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', command.script]] : [process.execPath, ['--import', 'tsx', command.file]];
  const child = spawnInGroup(exe, args, { cwd: ROOT, env: { ...process.env, BENCH_SMOKE: '1' }, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += String(d)));
  child.stderr!.on('data', (d: Buffer) => (out += String(d)));
  // 'close': every process of the run has let go of its output (nothing left running behind it).
  return new Promise((done) => child.once('close', (code) => done({ code, out })));
}

/** Runs the bench and checks it exited 0 having printed a line matching each of `figures`. */
export async function expectBenchFinishes(command: { script: string } | { file: string }, figures: readonly RegExp[]): Promise<void> {
  const { code, out } = await runBench(command);
  expect(code, out).toBe(0);
  for (const figure of figures) expect(out).toMatch(figure);
}
