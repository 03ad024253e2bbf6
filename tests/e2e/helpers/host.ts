// Start and stop a real host process for a spec (see host-process.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningHost {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Stops the host cleanly (SIGTERM by default, SIGINT as Ctrl-C) and deletes its data directory. */
  stop(): Promise<void>;
  /** Stops the host cleanly with `signal` and keeps its data, to start it again. */
  halt(signal?: NodeJS.Signals): Promise<void>;
}

export interface HostProcessOptions {
  /** Reuse a data directory (a restart); a fresh one otherwise. */
  readonly dataDir?: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Listen address (default 127.0.0.1). */
  readonly bind?: string;
  /** How long bots wait before moving (default 50 ms). */
  readonly botDelayMs?: number;
}

export async function startHost(staticDir: string, options: HostProcessOptions = {}): Promise<RunningHost> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'chronicle-e2e-')));
  const args = [staticDir, dataDir, String(options.port ?? 0), options.bind ?? '127.0.0.1', String(options.botDelayMs ?? 50)];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/helpers/host-process.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = await new Promise<{ url: string; port: number }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(JSON.parse(line) as { url: string; port: number });
    });
    child.once('exit', (code) => reject(new Error(`the host exited early (${code})`)));
    setTimeout(() => reject(new Error('the host did not start in 30 s')), 30_000);
  });
  const halt = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return {
    ...started,
    dataDir,
    halt,
    stop: async () => {
      await halt();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
