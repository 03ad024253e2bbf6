// The real `chronicle host` command in a child process, for tests that kill it.
import { fileURLToPath } from 'node:url';
import { type ReadyChild, startChild } from '../child-process';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export class HostProcess {
  private constructor(
    private readonly running: ReadyChild,
    readonly url: string,
  ) {}

  get pid(): number {
    const pid = this.running.child.pid;
    if (pid === undefined) throw new Error('the host has no process id');
    return pid;
  }

  /** What the host printed so far. */
  get stdout(): string {
    return this.running.stdout();
  }

  /** Starts `chronicle host` on a free port and waits until it prints its address. */
  static async start(dataDir: string, extra: string[] = []): Promise<HostProcess> {
    const args = ['bin/chronicle.js', 'host', '--port', '0', '--host', '127.0.0.1', '--data', dataDir, '--no-qr', '--no-mdns', '--bot-delay', '0', ...extra];
    const running = await startChild(args, /http:\/\/127\.0\.0\.1:(\d+)\//, { cwd: ROOT });
    return new HostProcess(running, `http://127.0.0.1:${running.ready[1]}`);
  }

  /** Resolves to the exit code when the process ends (null when a signal ended it). */
  exited(): Promise<number | null> {
    return this.running.exited;
  }

  /** Sends a signal and waits for the process to end; resolves to its exit code. */
  stop(signal: NodeJS.Signals): Promise<number | null> {
    return this.running.stop(signal);
  }
}
