// A child process a test depends on: started, read until a line says it is ready, stopped by a
// signal. The real `chronicle host` (host tests) and the e2e host script both run through it.
import { type ChildProcess, spawn } from 'node:child_process';

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
  const child = spawn(command, [...before, ...args], { cwd: options.cwd, stdio: ['ignore', 'pipe', options.stderr ?? 'pipe'] });
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
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in ${timeoutMs} ms:\n${out}\n${err}`)), timeoutMs);
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
