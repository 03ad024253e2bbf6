// A disk that misbehaves on command, for a host in the test's own process: the test file mocks
// `node:fs` and `node:fs/promises` with these (vi.mock), and the host's table files then write
// and flush through them. `refuseWrites`: each write takes part of its bytes, then the disk
// says ENOSPC (as a nearly full disk does); `holdFlushes`: flushes wait until released, so a
// test can look at what clients heard while a line is written but not yet on the disk. Such a
// test is named `*.faults.test.ts`: it runs with fresh modules (vitest.config.ts, host-faults).
import type * as fs from 'node:fs';
import type * as fsp from 'node:fs/promises';

export interface DiskFaults {
  refuseWrites: boolean;
  /** Writes refused so far. */
  refused: number;
  /** While set, every flush waits for it (see holdFlushes). */
  held: { readonly reached: () => void; readonly release: Promise<void>; readonly releaseAll: () => void } | null;
}

export const faults: DiskFaults = { refuseWrites: false, refused: 0, held: null };

/** The disk behaves again (after each test): writes go through, held flushes are let go. */
export function healDisk(): void {
  faults.refuseWrites = false;
  faults.held?.releaseAll();
}

/** Holds the next flushes: `reached` resolves when one starts waiting, `release()` lets them all through. */
export function holdFlushes(): { reached: Promise<void>; release: () => void } {
  let reached = () => {};
  let release = () => {};
  const reachedP = new Promise<void>((r) => (reached = r));
  const releaseP = new Promise<void>((r) => (release = r));
  const releaseAll = () => {
    faults.held = null;
    release();
  };
  faults.held = { reached, release: releaseP, releaseAll };
  return { reached: reachedP, release: releaseAll };
}

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

/** `node:fs` whose writeSync takes half of a write, then refuses the rest, while `refuseWrites` is on. */
export function faultyFs(actual: typeof fs): typeof fs {
  let tookPart = false;
  const writeSync = ((fd: number, data: Buffer | string, offset?: number, length?: number, position?: number | null) => {
    if (!faults.refuseWrites) return actual.writeSync(fd, data as Buffer, offset, length, position);
    // A string is written whole or in part like a buffer (`writeSync(fd, text)`).
    const buffer = typeof data === 'string' ? Buffer.from(data) : data;
    const at = typeof data === 'string' ? 0 : (offset ?? 0);
    const size = typeof data === 'string' ? buffer.length : (length ?? buffer.length - at);
    if (!tookPart && size > 1) {
      tookPart = true;
      return actual.writeSync(fd, buffer, at, Math.floor(size / 2));
    }
    tookPart = false;
    faults.refused++;
    throw enospc();
  }) as typeof fs.writeSync;
  return { ...actual, writeSync };
}

/** `node:fs/promises` whose file handles' flushes wait while a hold is on. */
export function faultyFsPromises(actual: typeof fsp): typeof fsp {
  const open = (async (...args: Parameters<typeof fsp.open>) => {
    const fh = await actual.open(...args);
    return new Proxy(fh, {
      get(target, prop) {
        if (prop === 'datasync') {
          return async () => {
            const held = faults.held;
            if (held) {
              held.reached();
              await held.release;
            }
            return target.datasync();
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }) as typeof fsp.open;
  return { ...actual, open };
}
