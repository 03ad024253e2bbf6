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

// ---- three namespaces on one link ------------------------------------------------------------

/**
 * Namespaces `<prefix>A`, `<prefix>B`, `<prefix>M` (+ pid) on one link: a bridge inside M with
 * address `<subnet>.3`, a veth from it to A (`.1`, device `dev.a`) and to B (`.2`). Nothing else is joined to it:
 * traffic stays between the three. `remove` deletes them all (and a veth left in the root
 * namespace by a failed set-up); it never throws.
 */
export function bridgedNamespaces(prefix: string, subnet: string) {
  const pid = process.pid;
  const ns = { a: `${prefix}A${pid}`, b: `${prefix}B${pid}`, middle: `${prefix}M${pid}` };
  const address = { a: `${subnet}.1`, b: `${subnet}.2`, middle: `${subnet}.3` };
  // Interface names: at most 15 characters.
  const links = [
    { ns: ns.a, dev: `${prefix}a${pid}`, peer: `${prefix}x${pid}`, address: address.a },
    { ns: ns.b, dev: `${prefix}b${pid}`, peer: `${prefix}y${pid}`, address: address.b },
  ];
  const remove = (): void => {
    for (const name of Object.values(ns)) spawnSync('ip', ['netns', 'del', name], { stdio: 'ignore' });
    for (const link of links) spawnSync('ip', ['link', 'del', link.dev], { stdio: 'ignore' });
  };
  const create = (): void => {
    for (const name of Object.values(ns)) ip('netns', 'add', name);
    ip('-n', ns.middle, 'link', 'add', 'br0', 'type', 'bridge', 'mcast_snooping', '0');
    ip('-n', ns.middle, 'addr', 'add', `${address.middle}/24`, 'dev', 'br0');
    ip('-n', ns.middle, 'link', 'set', 'br0', 'up');
    ip('-n', ns.middle, 'link', 'set', 'lo', 'up');
    for (const link of links) {
      ip('link', 'add', link.dev, 'type', 'veth', 'peer', 'name', link.peer);
      ip('link', 'set', link.dev, 'netns', link.ns);
      ip('link', 'set', link.peer, 'netns', ns.middle);
      ip('-n', ns.middle, 'link', 'set', link.peer, 'master', 'br0');
      ip('-n', ns.middle, 'link', 'set', link.peer, 'up');
      ip('-n', link.ns, 'addr', 'add', `${link.address}/24`, 'dev', link.dev);
      ip('-n', link.ns, 'link', 'set', 'dev', link.dev, 'multicast', 'on');
      ip('-n', link.ns, 'link', 'set', link.dev, 'up');
      ip('-n', link.ns, 'link', 'set', 'lo', 'up');
    }
  };
  const dev = { a: links[0]!.dev, b: links[1]!.dev };
  return { ns, address, dev, create, remove };
}
