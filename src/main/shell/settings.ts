// The desktop app's settings, one small JSON file in its user data folder. A missing or broken
// file gives the defaults (a broken one is kept aside, not overwritten unread); saving writes a
// new file and renames it over the old one, so a crash never leaves half a file.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';

const SETTINGS = z.object({
  /** Open the app's host to the network at every start. */
  openToNetwork: z.boolean().catch(false),
  /** The port the app's host took last time (its window's origin), tried first at the next start. */
  port: z.int().min(1).max(65535).nullable().catch(null),
});
export type Settings = z.infer<typeof SETTINGS>;
export const DEFAULT_SETTINGS: Settings = { openToNetwork: false, port: null };

export async function loadSettings(path: string): Promise<Settings> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return DEFAULT_SETTINGS;
  }
  try {
    return SETTINGS.parse(JSON.parse(text));
  } catch {
    await rename(path, `${path}.broken`).catch(() => {});
    return DEFAULT_SETTINGS;
  }
}

export async function saveSettings(path: string, settings: Settings): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(settings, null, 2)}\n`);
  await rename(temp, path);
}
