// The desktop settings file: defaults when missing, a broken file kept aside, values round-trip,
// saves in order.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, SettingsFile, loadSettings, saveSettings } from '../../../src/main/shell/settings';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

it('gives the defaults, keeps a broken file aside, and reads back what it saved', async () => {
  dir = await mkdtemp(join(tmpdir(), 'chronicle-settings-'));
  const file = join(dir, 'settings.json');
  expect(await loadSettings(file)).toEqual(DEFAULT_SETTINGS);
  await writeFile(file, '{"openToNetwork": tr');
  expect(await loadSettings(file)).toEqual(DEFAULT_SETTINGS);
  expect(existsSync(`${file}.broken`)).toBe(true);
  const mine = { openToNetwork: true, port: 7421, askBeforeQuit: false, turnNotice: false, bounds: { x: -1200, y: 20, width: 900, height: 700, maximized: true } };
  await saveSettings(file, mine);
  expect(await loadSettings(file)).toEqual(mine);
  await writeFile(
    file,
    '{"openToNetwork": "yes", "port": 99999, "askBeforeQuit": 0, "turnNotice": null, "bounds": {"x": 0, "y": 0, "width": 5, "height": 800, "maximized": false}}',
  );
  expect(await loadSettings(file)).toEqual(DEFAULT_SETTINGS); // each bad value falls back alone
  await writeFile(file, '{"openToNetwork": true, "port": 7420}'); // a file from before the newer settings
  expect(await loadSettings(file)).toEqual({ ...DEFAULT_SETTINGS, openToNetwork: true, port: 7420 });
  expect(DEFAULT_SETTINGS).toMatchObject({ askBeforeQuit: true, turnNotice: true, bounds: null });
});

it('saves changes one after another, the last one winning', async () => {
  dir = await mkdtemp(join(tmpdir(), 'chronicle-settings-'));
  const file = join(dir, 'settings.json');
  const settings = new SettingsFile(file, DEFAULT_SETTINGS);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const saves = [];
  for (let x = 0; x < 20; x++) saves.push(settings.update({ bounds: { x, y: 0, width: 800, height: 600, maximized: false } }));
  saves.push(settings.update({ turnNotice: false }));
  await Promise.all(saves);
  expect(settings.value).toMatchObject({ turnNotice: false, bounds: { x: 19 } });
  expect(await loadSettings(file)).toEqual(settings.value);
  expect(warn).not.toHaveBeenCalled(); // writes racing for one temporary file would fail some
  warn.mockRestore();
});
