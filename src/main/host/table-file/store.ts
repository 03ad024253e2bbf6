// One append-only JSON-lines file per table in the data directory. Every line is written in one
// call and flushed (datasync) before the caller goes on, so nothing a player was shown can be
// lost by a crash. What to do with a damaged file on load is recover.ts's business;
// this file only reads, cuts and swaps files.
import { writeSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, utimes, type FileHandle } from 'node:fs/promises';
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

export class TableFile {
  private closed = false;

  private constructor(
    private readonly fh: FileHandle,
    readonly path: string,
  ) {}

  static pathOf(dataDir: string, tableId: string): string {
    return join(tablesDir(dataDir), `${tableId}${FILE_SUFFIX}`);
  }

  /** Creates the file with its header, flushed along with its directory entry. */
  static async create(dataDir: string, header: TableHeader): Promise<TableFile> {
    const dir = tablesDir(dataDir);
    await mkdir(dir, { recursive: true });
    const path = TableFile.pathOf(dataDir, header.id);
    const fh = await open(path, 'wx');
    const file = new TableFile(fh, path);
    await file.append(header);
    await syncDir(dir);
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
    } finally {
      await fh.close();
    }
    await rename(path, kept);
    await rename(fresh, path);
    await syncDir(dirname(path));
    return kept;
  }

  /** Opens a table file for appending: every write then lands at the end of the file. */
  static async openForAppend(path: string): Promise<TableFile> {
    return new TableFile(await open(path, 'a'), path);
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
   * Appends lines in one write and flushes them to the disk. The write itself only reaches the
   * page cache, so it is done in place (one thread-pool round trip saved); the flush, which
   * waits for the disk, runs off the main thread.
   */
  async append(...lines: (TableHeader | TableLine)[]): Promise<void> {
    if (this.closed) throw new Error('table file is closed');
    writeSync(this.fh.fd, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    await this.fh.datasync();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.fh.close();
  }
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
