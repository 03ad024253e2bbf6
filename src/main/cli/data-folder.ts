// The data folder `chronicle host` keeps its tables in (--data, $CHRONICLE_DATA or the user data
// folder): made when missing, then checked, so that a folder the host cannot use is said in one
// line naming it and what to do, before anything starts. Missing folders are made one level at a
// time: Node's recursive mkdir never settles on some paths (`/proc/x` hangs on Node 20 and 22).
import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

const PLAIN: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  ENOENT: 'no such folder',
  ENOTDIR: 'part of the path is a file',
  EEXIST: 'a file is in the way',
};

/** The error's words: its code in plain words, else its message. */
function plain(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return PLAIN[code] ? `${PLAIN[code]}, ${code}` : (e as Error).message;
}

/** The path's type, or null when nothing is there. */
async function kindOf(path: string): Promise<'folder' | 'file' | null> {
  try {
    return (await stat(path)).isDirectory() ? 'folder' : 'file';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw e;
  }
}

/**
 * Makes `dir` when missing and checks the host can read and write it. Resolves to null when it
 * can, else to what is wrong, to follow "the data folder X " (e.g. "is a file, …").
 */
export async function prepareDataFolder(dir: string): Promise<string | null> {
  const full = resolve(dir);
  try {
    const kind = await kindOf(full);
    if (kind === 'file') return 'is a file, not a folder: name a folder (it is made when missing)';
    if (kind === null) {
      // The nearest part of the path that exists, then each missing level below it.
      const missing: string[] = [];
      let at = full;
      while ((await kindOf(at)) === null && dirname(at) !== at) {
        missing.unshift(at);
        at = dirname(at);
      }
      if ((await kindOf(at)) === 'file') return `cannot be made: ${at} is a file, not a folder`;
      for (const level of missing) {
        try {
          await mkdir(level);
        } catch (e) {
          // ENOENT from mkdir under a folder that exists: a system folder that takes no new ones (/proc).
          const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'it takes no new folders, ENOENT' : plain(e);
          return `cannot be made in ${dirname(level)} (${why}): name a folder you can write to`;
        }
      }
    }
    try {
      await access(full, constants.R_OK | constants.X_OK);
    } catch (e) {
      return `cannot be read (${plain(e)}): give yourself access to it, or name another folder`;
    }
    try {
      await access(full, constants.W_OK);
    } catch (e) {
      return `cannot be written to (${plain(e)}): give yourself write access to it, or name another folder`;
    }
    return null;
  } catch (e) {
    return `cannot be used (${plain(e)}): name a folder you can write to`;
  }
}
