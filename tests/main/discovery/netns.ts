// Network namespaces for the discovery tests that put real mDNS packets on a link: why they
// would be skipped, `ip`, and child processes (run inside a namespace) that print JSON lines.
// Every child started here is listed in `children`, so a test file can kill them all by pid.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(HERE, '../../..');
export const FIXTURES = join(HERE, 'fixtures');
export const PYTHON = '/usr/bin/python3';

/** Why namespaces cannot be made here, or null. */
export function skipReason(): string | null {
  if (process.platform !== 'linux') return 'needs Linux network namespaces';
  if (process.getuid?.() !== 0) return 'needs root for ip netns';
  const r = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return `ip netns unavailable (${r.error?.message ?? r.stderr.trim()})`;
  return null;
}
export function ip(...args: string[]): void {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ip ${args.join(' ')}: ${r.error?.message ?? r.stderr.trim()}`);
}

// ---- child processes that print lines --------------------------------------------------------

export type Line = Record<string, unknown> & { t: number };
export const children: ChildProcess[] = [];

export class Proc {
  readonly lines: Line[] = [];
  private output = '';
  private waiters: { test: (l: Line) => boolean; done: (l: Line) => void }[] = [];
  exited: number | null = null;

  /** Lines of stdout (and of stderr with `stderrToo`) become `lines` through `parse` (null: skipped). */
  constructor(
    readonly label: string,
    readonly child: ChildProcess,
    parse: (text: string) => Line | null = (text) => (text.startsWith('{') ? (JSON.parse(text) as Line) : null),
    stderrToo = false,
  ) {
    children.push(child);
    const reader = (parseLines: boolean) => {
      let buffer = '';
      return (chunk: Buffer): void => {
        this.output += chunk.toString();
        if (!parseLines) return;
        buffer += chunk.toString();
        let nl: number;
        while ((nl = buffer.indexOf('\n')) !== -1) {
          const line = parse(buffer.slice(0, nl));
          buffer = buffer.slice(nl + 1);
          if (!line) continue;
          this.lines.push(line);
          this.waiters = this.waiters.filter((w) => !(w.test(line) && (w.done(line), true)));
        }
      };
    };
    child.stdout?.on('data', reader(true));
    child.stderr?.on('data', reader(stderrToo));
    child.on('exit', (code) => (this.exited = code ?? -1));
  }

  /** The first line (from index `from`) that passes `test`, waiting up to `ms`. */
  waitFor(what: string, test: (l: Line) => boolean, ms: number, from = 0): Promise<Line> {
    const found = this.lines.slice(from).find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`${this.label}: no "${what}" within ${ms} ms. Output:\n${this.output.slice(-3000)}`));
      }, ms);
      const waiter = {
        test,
        done: (l: Line) => {
          clearTimeout(timer);
          resolvePromise(l);
        },
      };
      this.waiters.push(waiter);
    });
  }

  send(message: unknown): void {
    this.child.stdin?.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  }
}

export function inNamespace(ns: string, command: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn('ip', ['netns', 'exec', ns, ...command], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
}

export function nodeFixture(ns: string, script: string, options: object): Proc {
  const child = inNamespace(ns, [process.execPath, '--import', 'tsx', join(FIXTURES, script), JSON.stringify(options)]);
  return new Proc(script, child);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 1500);
  await exited;
  clearTimeout(timer);
}
