// Start and stop a real host process for a spec (see host-process.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningHost {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startHost(staticDir: string): Promise<RunningHost> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chronicle-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/helpers/host-process.ts', staticDir, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`the host exited early (${code})`)));
    setTimeout(() => reject(new Error('the host did not start in 30 s')), 30_000);
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
