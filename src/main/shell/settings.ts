// The desktop app's settings, one small JSON file in its user data folder. A missing or broken
// file gives the defaults (a broken one is kept aside, not overwritten unread); saving writes a
// new file and renames it over the old one, so a crash never leaves half a file.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';

const BOUNDS = z.strictObject({
  x: z.int(),
  y: z.int(),
  width: z.int().min(200).max(100_000),
  height: z.int().min(200).max(100_000),
  maximized: z.boolean(),
});
export type WindowBounds = z.infer<typeof BOUNDS>;

const SETTINGS = z.object({
  /** Open the app's host to the network at every start. */
  openToNetwork: z.boolean().catch(false),
  /** The port the app's host took last time (its window's origin), tried first at the next start. */
  port: z.int().min(1).max(65535).nullable().catch(null),
  /** Ask before closing the window or quitting while players from other machines are at its tables. */
  askBeforeQuit: z.boolean().catch(true),
  /** A system notification when it is the player's turn and the window is in the background. */
  turnNotice: z.boolean().catch(true),
  /** Where the app's window was, and its size, when it last moved. */
  bounds: BOUNDS.nullable().catch(null),
});
export type Settings = z.infer<typeof SETTINGS>;
export const DEFAULT_SETTINGS: Settings = { openToNetwork: false, port: null, askBeforeQuit: true, turnNotice: true, bounds: null };

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

/** The settings in memory and on disk: each change is saved after the one before it. */
export class SettingsFile {
  private saving = Promise.resolve();

  constructor(
    private readonly path: string,
    private current: Settings,
  ) {}

  get value(): Settings {
    return this.current;
  }

  /** Changes the settings at once and saves them; a failed save is reported, never thrown. */
  update(change: Partial<Settings>): Promise<void> {
    this.current = { ...this.current, ...change };
    const snapshot = this.current;
    this.saving = this.saving.then(() => saveSettings(this.path, snapshot)).catch((e: unknown) => console.warn('cannot save the settings', e));
    return this.saving;
  }
}
