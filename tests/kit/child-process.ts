// A child process a test depends on: started, read until a line says it is ready, stopped by a
// signal. The real `chronicle host` (host tests) and the e2e host script both run through it.
//
// Every child runs in a process group of its own and is remembered until it has ended, so
// nothing a test started outlives it: a test's own clean-up stops its children gracefully, and
// whatever is still running when the test ends (a timeout, a failed start) is killed with its
// whole group by tests/setup/children.ts; whatever is left when this process exits, too.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

/** Children still running (or whose group may be), each with the order it was started in. */
const live = new Map<ChildProcess, number>();
let started = 0;
// Once per process, however often a test runner loads this module again (each with its own map).
const exitHook = Symbol.for('chronicle.tests.children');
const hooks = ((globalThis as { [exitHook]?: Set<() => void> })[exitHook] ??= new Set());
if (hooks.size === 0) process.once('exit', () => hooks.forEach((kill) => kill()));
hooks.add(() => killChildrenSince(0));

/** Sends `signal` to the child's whole process group (on Windows, to the child alone). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // the whole group has ended already
  }
}

/** `spawn`, in a process group of its own, remembered until every process of it let go of its output. */
export function spawnInGroup(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: process.platform !== 'win32' });
  live.set(child, ++started);
  child.once('close', () => live.delete(child));
  return child;
}

/** How many children were started so far: `killChildrenSince` of it kills only those started later. */
export const childrenStarted = (): number => started;

/** Kills (SIGKILL, the whole group) every child started after `mark` that has not ended yet. */
export function killChildrenSince(mark: number): void {
  for (const [child, order] of live)
    if (order > mark) {
      signalGroup(child, 'SIGKILL');
      live.delete(child);
    }
}

export interface ReadyChild {
  readonly child: ChildProcess;
  /** The ready line's match. */
  readonly ready: RegExpExecArray;
  /** Everything printed on stdout so far. */
  stdout(): string;
  /** Resolves to the exit code when the process ends (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Sends `signal` unless the process has ended, and waits for the end. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

export interface ChildOptions {
  readonly cwd?: string;
  readonly timeoutMs?: number;
  /** 'inherit' shows the child's errors in the test's output; 'pipe' keeps them for the failure message. */
  readonly stderr?: 'pipe' | 'inherit';
  /** A command node runs under, e.g. `['ip', 'netns', 'exec', NAME]` (it must exec node, keeping the pid). */
  readonly within?: readonly string[];
}

/** Runs `node ...args` and resolves once its stdout matches `ready`. */
export function startChild(args: readonly string[], ready: RegExp, options: ChildOptions = {}): Promise<ReadyChild> {
  const [command, ...before] = [...(options.within ?? []), process.execPath];
  const child = spawnInGroup(command, [...before, ...args], { cwd: options.cwd, stdio: ['ignore', 'pipe', options.stderr ?? 'pipe'] });
  const stdout = child.stdout;
  if (!stdout) throw new Error('no stdout pipe');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += String(d)));
  stdout.on('data', (d: Buffer) => (out += String(d)));
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? 15_000;
    const timer = setTimeout(() => {
      signalGroup(child, 'SIGKILL'); // a child that never became ready is nobody's to stop
      reject(new Error(`${args.join(' ')} did not start in ${timeoutMs} ms:\n${out}\n${err}`));
    }, timeoutMs);
    const look = () => {
      const m = ready.exec(out);
      if (!m) return;
      clearTimeout(timer);
      stdout.off('data', look);
      resolve({ child, ready: m, stdout: () => out, exited, stop });
    };
    stdout.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${code}) before starting:\n${out}\n${err}`));
    });
  });
}
