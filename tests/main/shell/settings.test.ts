// The desktop settings file: defaults when missing, a broken file kept aside, values round-trip.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, saveSettings } from '../../../src/main/shell/settings';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

it('gives the defaults, keeps a broken file aside, and reads back what it saved', async () => {
  dir = await mkdtemp(join(tmpdir(), 'chronicle-settings-'));
  const file = join(dir, 'settings.json');
  expect(await loadSettings(file)).toEqual(DEFAULT_SETTINGS);
  await writeFile(file, '{"openToNetwork": tr');
  expect(await loadSettings(file)).toEqual(DEFAULT_SETTINGS);
  expect(existsSync(`${file}.broken`)).toBe(true);
  await saveSettings(file, { openToNetwork: true, port: 7421 });
  expect(await loadSettings(file)).toEqual({ openToNetwork: true, port: 7421 });
  await writeFile(file, '{"openToNetwork": "yes", "port": 99999}');
  expect(await loadSettings(file)).toEqual(DEFAULT_SETTINGS); // each bad value falls back alone
});
