// One append-only JSON-lines file per table in the data directory. Every line is written in one
// call and flushed (datasync) before the caller goes on, so nothing a player was shown can be
// lost by a crash. On load a torn last line (no newline: the write was cut) is dropped and
// the file truncated back to its last whole line.
import { writeSync } from 'node:fs';
import { mkdir, open, readdir, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { TableFileError, readTableLines, type TableHeader, type TableLine } from './table-log';

export const tablesDir = (dataDir: string): string => join(dataDir, 'tables');
const FILE_SUFFIX = '.jsonl';

export interface LoadedTableFile {
  readonly file: TableFile;
  readonly header: TableHeader;
  readonly lines: TableLine[];
  /** A torn last line was found and dropped. */
  readonly droppedTornLine: boolean;
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

  static async load(path: string): Promise<LoadedTableFile> {
    const fh = await open(path, 'r+');
    try {
      const bytes = await fh.readFile();
      const end = bytes.lastIndexOf(0x0a) + 1; // after the last newline
      const droppedTornLine = end < bytes.length;
      if (droppedTornLine) {
        await fh.truncate(end);
        await fh.datasync();
      }
      const text = bytes.subarray(0, end).toString('utf8');
      const json = text
        .split('\n')
        .slice(0, -1)
        .map((l, i) => {
          try {
            return JSON.parse(l) as unknown;
          } catch {
            throw new TableFileError(`line ${i + 1} is not JSON`);
          }
        });
      if (json.length === 0) throw new TableFileError('no header');
      const { header, lines } = readTableLines(json);
      await fh.close();
      // Reopen for appending: every write then lands at the end of the file.
      const file = new TableFile(await open(path, 'a'), path);
      return { file, header, lines, droppedTornLine };
    } catch (e) {
      await fh.close().catch(() => {});
      throw e;
    }
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
