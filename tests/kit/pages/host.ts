// Start and stop a real host process for a spec (see host-script.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from '../child-process';

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
  /** How long bots think (default 50 ms); 0 plays whole games at instant speed. */
  readonly botDelayMs?: number;
  /** How long an absent player's seat waits before a bot may take it (the host's default otherwise). */
  readonly graceMs?: number;
  /** How long one second of a table's "a bot after N seconds" lasts (the real second otherwise). */
  readonly secondMs?: number;
  /**
   * Seed the host's tables (the n-th gets `<seed>:<n>`), so a spec plays the same games on every
   * run; random otherwise. A seeded spec names its seed, so a failing game can be replayed.
   */
  readonly seed?: string;
  /** Run the host inside this network namespace (guest-network.ts). */
  readonly netns?: string;
}

export async function startHost(staticDir: string, options: HostProcessOptions = {}): Promise<RunningHost> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'chronicle-e2e-')));
  const args = [
    staticDir,
    dataDir,
    String(options.port ?? 0),
    options.bind ?? '127.0.0.1',
    String(options.botDelayMs ?? 50),
    String(options.graceMs ?? ''),
    String(options.secondMs ?? ''),
    options.seed ?? '',
  ];
  // The bundle Playwright's global setup made (tests/setup/test-host.ts), else the sources under tsx.
  const bundled = process.env['CHRONICLE_TEST_HOST'];
  const script = bundled ? [bundled] : ['--import', 'tsx', 'tests/kit/pages/host-script.ts'];
  const running = await startChild([...script, ...args], /^(\{.*\})\n/, {
    stderr: 'inherit',
    timeoutMs: 30_000,
    ...(options.netns ? { within: ['ip', 'netns', 'exec', options.netns] } : {}),
  });
  const started = JSON.parse(running.ready[1] ?? '') as { url: string; port: number };
  const halt = async (signal: NodeJS.Signals = 'SIGTERM') => {
    await running.stop(signal);
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
