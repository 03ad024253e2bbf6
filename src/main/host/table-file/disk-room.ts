// Whether the host's disk takes writes: one state for the whole host, since every table file
// lives on the same disk. A refused write (table-file/store.ts cut it off again) makes the disk
// "full": every table tells its players the game waits (TableInfo.diskFull), and the host checks
// for room again and again, a little less often each time, by writing and flushing a small file
// beside the tables. When that works, or any table's write does, the disk has room again: the
// tables say so and their bots move on, without anyone having to restart anything.
import { mkdir, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Log } from '../log';
import { tablesDir } from './store';

/** What a table hears: the disk is full (true) or has room again (false). */
export type DiskListener = (full: boolean) => void;

export interface DiskRoomOptions {
  readonly dataDir: string;
  readonly log: Log;
  /** The owner's side (the desktop app, the CLI): told when the disk fills and when it has room again. */
  readonly told?: (full: boolean) => void;
  /** The first check for room after a refused write; each next one waits twice as long, up to `maxRetryMs`. */
  readonly firstRetryMs?: number;
  readonly maxRetryMs?: number;
}

/** Room a check asks for: many moves' lines, or a new table's header with room to spare. */
const PROBE_BYTES = 16 * 1024;
const FIRST_RETRY_MS = 200;
// Within seconds of room coming back, and no busier than a check every two seconds meanwhile.
const MAX_RETRY_MS = 2000;

export class DiskRoom {
  private isFull = false;
  private timer: NodeJS.Timeout | null = null;
  private delayMs: number;
  private closed = false;
  private readonly listeners = new Set<DiskListener>();

  constructor(private readonly options: DiskRoomOptions) {
    this.delayMs = options.firstRetryMs ?? FIRST_RETRY_MS;
  }

  /** The last write was refused and no check has found room since. */
  get full(): boolean {
    return this.isFull;
  }

  /** Listens to the disk's state; returns the way to stop listening. */
  watch(listener: DiskListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A write was refused (`error`, the disk's reason): the disk is full until a check finds room. */
  refused(error: unknown): void {
    if (this.closed) return;
    if (!this.isFull) {
      this.isFull = true;
      const why = error instanceof Error ? error.message : String(error);
      this.options.log.error(
        `The disk holding ${this.options.dataDir} refuses writes (${why}): the games wait. Free some space on that disk; they go on by themselves within seconds.`,
      );
      this.tell(true);
    }
    this.checkSoon();
  }

  /** A write went through: the disk has room (again). */
  wrote(): void {
    if (this.isFull) this.roomAgain();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private checkSoon(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.check(), this.delayMs);
    this.timer.unref();
  }

  private async check(): Promise<void> {
    const room = await hasRoom(this.options.dataDir);
    this.timer = null;
    if (this.closed || !this.isFull) return;
    if (room) return this.roomAgain();
    this.delayMs = Math.min(this.delayMs * 2, this.options.maxRetryMs ?? MAX_RETRY_MS);
    this.checkSoon();
  }

  private roomAgain(): void {
    this.isFull = false;
    this.delayMs = this.options.firstRetryMs ?? FIRST_RETRY_MS;
    this.options.log.info(`The disk holding ${this.options.dataDir} has room again: the games go on.`);
    this.tell(false);
  }

  private tell(full: boolean): void {
    this.options.told?.(full);
    for (const listener of [...this.listeners]) listener(full);
  }
}

/** Writes, flushes and deletes a small file beside the tables: true when the disk took all of it. */
async function hasRoom(dataDir: string): Promise<boolean> {
  const dir = tablesDir(dataDir);
  const path = join(dir, '.room-check');
  try {
    await mkdir(dir, { recursive: true });
    const fh = await open(path, 'w');
    try {
      await fh.writeFile(Buffer.alloc(PROBE_BYTES, 0x20));
      await fh.datasync();
    } finally {
      await fh.close();
    }
    return true;
  } catch {
    return false;
  } finally {
    await unlink(path).catch(() => {});
  }
}
