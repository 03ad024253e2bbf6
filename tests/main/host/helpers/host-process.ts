// The real `chronicle host` command in a child process, for tests that kill it.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export class HostProcess {
  private exitCode: Promise<number | null>;
  stdout = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    exit: Promise<number | null>,
  ) {
    this.exitCode = exit;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Starts `chronicle host` on a free port and waits until it prints its address. */
  static start(dataDir: string, extra: string[] = []): Promise<HostProcess> {
    const child = spawn(
      process.execPath,
      ['bin/chronicle.js', 'host', '--port', '0', '--host', '127.0.0.1', '--data', dataDir, '--no-qr', '--no-mdns', '--bot-delay', '0', ...extra],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let out = '';
    let err = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`host did not start:\n${out}\n${err}`)), 15_000);
      child.stderr.on('data', (d: Buffer) => (err += String(d)));
      child.stdout.on('data', (d: Buffer) => {
        out += String(d);
        const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
        if (m) {
          clearTimeout(timer);
          const p = new HostProcess(child, `http://127.0.0.1:${m[1]}`, exit);
          p.stdout = out;
          child.stdout.on('data', (more: Buffer) => (p.stdout += String(more)));
          resolve(p);
        }
      });
      void exit.then((code) => reject(new Error(`host exited (${code}) before starting:\n${out}\n${err}`)));
    });
  }

  /** Resolves to the exit code when the process ends (null when a signal ended it). */
  exited(): Promise<number | null> {
    return this.exitCode;
  }

  /** Sends a signal and waits for the process to end; resolves to its exit code. */
  async stop(signal: NodeJS.Signals): Promise<number | null> {
    this.child.kill(signal);
    return this.exitCode;
  }
}
