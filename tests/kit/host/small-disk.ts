// A small real filesystem for a host's data folder: a 1 MB tmpfs mounted on a temporary
// directory (root only, where the kernel lets us), filled to the last byte on command and
// emptied again, so a host meets a full disk as it would on a real machine.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { mkdtemp, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  readonly dir: string;
  /** Writes a file until the disk refuses even a byte more. */
  fill(): void;
  /** Deletes what `fill` wrote: the disk has room again. */
  free(): void;
  /** Deletes everything on the disk, for the next run. */
  clear(): void;
  unmount(): Promise<void>;
}

/** A tmpfs of `size` (e.g. `1m`) on a new directory; a reason instead when it cannot be mounted here. */
export async function mountSmallDisk(size = '1m'): Promise<SmallDisk | string> {
  if (process.platform !== 'linux') return `a tmpfs cannot be mounted on ${process.platform}`;
  if (process.getuid?.() !== 0) return 'mounting a small filesystem needs root';
  const dir = await mkdtemp(join(tmpdir(), 'chronicle-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    await rmdir(dir).catch(() => {});
    return `mount -t tmpfs failed: ${(e as Error).message.split('\n')[0]}`;
  }
  const filler = join(dir, 'filler');
  return {
    dir,
    fill: () => fillUp(filler),
    free: () => rmSync(filler, { force: true }),
    clear: () => {
      for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
    },
    unmount: async () => {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      await rmdir(dir);
    },
  };
}

function fillUp(path: string): void {
  const fd = openSync(path, 'a');
  try {
    for (const chunk of [65_536, 4096, 512, 1]) {
      const bytes = Buffer.alloc(chunk, 0x2e);
      try {
        for (;;) if (writeSync(fd, bytes) < chunk) break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      }
    }
  } finally {
    closeSync(fd);
  }
}
