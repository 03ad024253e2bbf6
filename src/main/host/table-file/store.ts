// One append-only JSON-lines file per table in the data directory. Every line is written whole
// and flushed (datasync) before the caller goes on, so nothing a player was shown can be lost by
// a crash; a write the disk refuses, even in part, is cut off again, so the file never holds a
// partial line with later lines after it (disk-room.ts says when to try again). What to do with
// a damaged file on load is recover.ts's business; this file only reads, cuts and swaps files.
import { writeSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, unlink, utimes, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { TableHeader, TableLine } from './lines';

export const tablesDir = (dataDir: string): string => join(dataDir, 'tables');
/** Where the files of retired games (abandoned for weeks, or one parked game too many) are kept for a while. */
export const abandonedDir = (dataDir: string): string => join(dataDir, 'abandoned');
const FILE_SUFFIX = '.jsonl';

export interface TableFileText {
  /** The whole lines of the file, without their newlines. */
  readonly lines: string[];
  /** A torn last line (no newline: the write was cut) was found and left out. */
  readonly tornLine: boolean;
}

/** A write the disk refused (full, out of quota, failing): nothing of it is left in the file. */
export class StorageError extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`cannot write ${path}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export class TableFile {
  private closed = false;
  /** A refused write's bytes may still be at the end of the file: they are cut off before the next write. */
  private tail = false;

  private constructor(
    private readonly fh: FileHandle,
    readonly path: string,
    /** The length of the file's whole, flushed lines. */
    private size: number,
  ) {}

  static pathOf(dataDir: string, tableId: string): string {
    return join(tablesDir(dataDir), `${tableId}${FILE_SUFFIX}`);
  }

  /**
   * Creates the file with its header, flushed along with its directory entry. When the disk
   * refuses, no file is left behind and a StorageError says why.
   */
  static async create(dataDir: string, header: TableHeader): Promise<TableFile> {
    const dir = tablesDir(dataDir);
    const path = TableFile.pathOf(dataDir, header.id);
    let fh: FileHandle;
    try {
      await mkdir(dir, { recursive: true });
      fh = await open(path, 'ax'); // appending, as every later write: a cut-off tail leaves no gap
    } catch (e) {
      throw isStorageFailure(e) ? new StorageError(path, e) : e;
    }
    const file = new TableFile(fh, path, 0);
    try {
      await file.append(header);
      await syncDir(dir);
    } catch (e) {
      await file.close().catch(() => {});
      await unlink(path).catch(() => {});
      throw e;
    }
    return file;
  }

  /** The whole lines of a table file, as text; nothing is changed on disk. */
  static async read(path: string): Promise<TableFileText> {
    return TableFile.textOf(await readFile(path));
  }

  /** The whole lines of a table file's bytes (a torn last line left out). */
  static textOf(bytes: Buffer): TableFileText {
    const end = bytes.lastIndexOf(0x0a) + 1; // after the last newline
    const text = bytes.subarray(0, end).toString('utf8');
    return { lines: end === 0 ? [] : text.split('\n').slice(0, -1), tornLine: end < bytes.length };
  }

  /** Cuts a torn last line off, back to the end of the last whole line. */
  static async dropTornLine(path: string, lines: readonly string[]): Promise<void> {
    const fh = await open(path, 'r+');
    try {
      await fh.truncate(Buffer.byteLength(lines.map((l) => `${l}\n`).join('')));
      await fh.datasync();
    } finally {
      await fh.close();
    }
  }

  /**
   * Keeps a damaged file beside the table for inspection (`<id>.jsonl.damaged-<time>`) and puts
   * its valid first lines in its place, written and flushed before the swap. Returns the kept copy's path.
   */
  static async replaceWithPrefix(path: string, lines: readonly string[], now: number): Promise<string> {
    const kept = `${path}.damaged-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
    const fresh = `${path}.recovering`;
    const fh = await open(fresh, 'w');
    try {
      await fh.writeFile(lines.map((l) => `${l}\n`).join(''));
      await fh.datasync();
    } catch (e) {
      // No room for the mended copy (a full disk): the damaged file stays as it is, and no part-written copy beside it.
      await fh.close();
      await unlink(fresh).catch(() => {});
      throw e;
    }
    await fh.close();
    await rename(path, kept);
    await rename(fresh, path);
    await syncDir(dirname(path));
    return kept;
  }

  /** Opens a table file for appending: every write then lands at the end of the file. */
  static async openForAppend(path: string): Promise<TableFile> {
    const fh = await open(path, 'a');
    return new TableFile(fh, path, (await fh.stat()).size);
  }

  /** The table files in the data directory. */
  static async list(dataDir: string): Promise<string[]> {
    try {
      const names = await readdir(tablesDir(dataDir));
      return names.filter((n) => n.endsWith(FILE_SUFFIX)).map((n) => join(tablesDir(dataDir), n));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
  }

  /**
   * Moves a retired game's file to `abandoned/`: listed and loaded no more, deleted in time
   * (abandoned.ts). Its time becomes the retirement's (`at`, ms), which that deletion counts from.
   */
  static async retire(dataDir: string, tableId: string, at: number): Promise<void> {
    const path = TableFile.pathOf(dataDir, tableId);
    const to = join(abandonedDir(dataDir), basename(path));
    await mkdir(abandonedDir(dataDir), { recursive: true });
    await rename(path, to);
    await utimes(to, at / 1000, at / 1000);
  }

  /** Moves a file that cannot be loaded out of the way, keeping it for inspection. */
  static async setAside(path: string): Promise<void> {
    await rename(path, `${path}.broken`).catch(() => {});
  }

  /**
   * Appends lines and flushes them to the disk; resolves only once every byte is written and
   * flushed. The write itself only reaches the page cache, so it is done in place (one
   * thread-pool round trip saved); the flush, which waits for the disk, runs off the main
   * thread. A write that falls short (a nearly full disk takes part of a line) or fails, or a
   * flush that fails, is cut off again and rejected with a StorageError: the caller applies
   * nothing, and the file ends with its last whole line.
   */
  async append(...lines: (TableHeader | TableLine)[]): Promise<void> {
    if (this.closed) throw new Error('table file is closed');
    const bytes = Buffer.from(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), 'utf8');
    try {
      if (this.tail) await this.cutTail();
      this.tail = true;
      writeWhole(this.fh.fd, bytes);
      await this.fh.datasync();
    } catch (e) {
      await this.cutTail().catch(() => {}); // if it fails too, the next append tries again first
      throw e instanceof StorageError ? e : new StorageError(this.path, e);
    }
    this.tail = false;
    this.size += bytes.length;
  }

  /** Cuts the file back to its whole, flushed lines (truncating frees room, even on a full disk). */
  private async cutTail(): Promise<void> {
    await this.fh.truncate(this.size);
    await this.fh.datasync();
    this.tail = false;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.fh.close();
  }
}

/** Writes every byte: a short write (the disk took part of it) goes on from where it stopped; the disk's refusal throws. */
function writeWhole(fd: number, bytes: Buffer): void {
  for (let at = 0; at < bytes.length;) {
    const n = writeSync(fd, bytes, at, bytes.length - at);
    if (n <= 0) throw Object.assign(new Error('the disk took none of the bytes written'), { code: 'ENOSPC' });
    at += n;
  }
}

/** The disk's refusals: full, out of quota, read-only or failing (not a bug of ours). */
const STORAGE_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EFBIG', 'EPERM', 'EACCES']);

/** The error is the disk's refusal to store something (see StorageError). */
export function isStorageFailure(e: unknown): boolean {
  if (e instanceof StorageError) return true;
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && STORAGE_CODES.has(code);
}

/** Makes a new directory entry durable (not possible on Windows, where it is skipped). */
async function syncDir(dir: string): Promise<void> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch {
    // EISDIR / EPERM on platforms that cannot fsync a directory.
  } finally {
    await fh?.close().catch(() => {});
  }
}
