// The files of retired games in `abandoned/` are kept for a while (someone may want to look at
// a game nobody came back to), never for good: a file goes once it has been there `keepMs`, and
// past `maxFiles` the longest retired go first, so a flood of games retired one after another
// cannot fill the disk. Their time is their retirement's (TableFile.retire).
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { abandonedDir } from './store';

export interface AbandonedBound {
  readonly keepMs: number;
  readonly maxFiles: number;
}

/** Deletes the retired files past their time or their number; answers how many went. */
export async function pruneAbandoned(dataDir: string, now: number, { keepMs, maxFiles }: AbandonedBound): Promise<number> {
  const dir = abandonedDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const retired = await stat(path).then(
        (s) => (s.isFile() ? s.mtimeMs : null),
        () => null,
      );
      return { path, retired };
    }),
  );
  const kept = files.filter((f): f is { path: string; retired: number } => f.retired !== null).sort((a, b) => b.retired - a.retired);
  const gone = kept.filter((f, i) => i >= maxFiles || now - f.retired >= keepMs);
  await Promise.all(gone.map((f) => rm(f.path, { force: true })));
  return gone.length;
}
