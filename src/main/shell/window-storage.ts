// The app's window keeps its seat tokens, player name, language and table preferences in the
// page's localStorage, which belongs to the window's origin, http://127.0.0.1:<port>. The app
// keeps its port from one start to the next; when another program holds that port at a start,
// the host takes another one, and this moves the storage along: a copy of it is kept in the
// user data folder (taken whenever the window closes or loses focus), and on an origin it was
// not taken from, its keys missing there are written into the page, which then reloads.
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';

const COPY = z.strictObject({
  origin: z.string().max(200),
  entries: z.array(z.tuple([z.string().max(500), z.string().max(200_000)])).max(2000),
});
export type StorageCopy = z.infer<typeof COPY>;

/** Run in the page (executeJavaScript): its localStorage as a JSON list of [key, value]. */
export const READ_STORAGE = 'JSON.stringify(Object.entries(localStorage))';

/** Run in the page: writes each key it lacks; evaluates to how many it wrote. */
export function writeStorageScript(entries: StorageCopy['entries']): string {
  return `((entries) => { let n = 0; for (const [k, v] of entries) if (localStorage.getItem(k) === null) { localStorage.setItem(k, v); n++; } return n; })(${JSON.stringify(entries)})`;
}

/** What READ_STORAGE gave, checked (a page could return anything). */
export function storageCopy(origin: string, read: unknown): StorageCopy | null {
  if (typeof read !== 'string') return null;
  try {
    const parsed = COPY.safeParse({ origin, entries: JSON.parse(read) });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function loadStorageCopy(path: string): Promise<StorageCopy | null> {
  try {
    const parsed = COPY.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Saved readable by this user only: it holds seat tokens. */
export async function saveStorageCopy(path: string, copy: StorageCopy): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(copy), { mode: 0o600 });
  await chmod(temp, 0o600).catch(() => {});
  await rename(temp, path);
}

/** The entries to carry into the page at `origin`: only from a copy taken on another origin. */
export function entriesToMove(copy: StorageCopy | null, origin: string): StorageCopy['entries'] {
  return copy && copy.origin !== origin ? copy.entries : [];
}

/** What the storage mover needs of the window's page (Electron's WebContents). */
export interface StoragePage {
  executeJavaScript(code: string): Promise<unknown>;
  reload(): void;
  once(event: 'did-finish-load', listener: () => void): unknown;
  isDestroyed(): boolean;
}

/**
 * The window storage's copy, kept in `file`: `arrive` moves it into the page when the page's
 * origin is new, `keep` takes a new copy (never before the move is done: a copy of the new
 * origin's empty storage would replace the one still to move).
 */
export class WindowStorage {
  private moved = false;

  constructor(
    private readonly file: string,
    private kept: StorageCopy | null,
  ) {}

  static async load(file: string): Promise<WindowStorage> {
    return new WindowStorage(file, await loadStorageCopy(file));
  }

  /** Called before the page at `origin` loads. */
  arrive(page: StoragePage, origin: string): void {
    const entries = entriesToMove(this.kept, origin);
    if (this.moved || entries.length === 0) {
      this.moved = true;
      return;
    }
    page.once('did-finish-load', () => {
      void page
        .executeJavaScript(writeStorageScript(entries))
        .then((written) => {
          if (typeof written === 'number' && written > 0) page.reload();
        })
        .catch((e: unknown) => console.warn('cannot move the window storage', e))
        .finally(() => {
          this.moved = true;
          void this.keep(page, origin);
        });
    });
  }

  async keep(page: StoragePage, origin: string): Promise<void> {
    if (!this.moved || page.isDestroyed()) return;
    const copy = storageCopy(origin, await page.executeJavaScript(READ_STORAGE).catch(() => null));
    if (!copy || JSON.stringify(copy) === JSON.stringify(this.kept)) return;
    this.kept = copy;
    await saveStorageCopy(this.file, copy).catch((e: unknown) => console.warn('cannot keep the window storage', e));
  }
}
