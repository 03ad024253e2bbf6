// What the window keeps between starts, without Electron: its bounds (back only where a screen
// still shows them) and its localStorage moved to a new origin (window-storage.ts, the scripts
// run here against a stand-in localStorage).
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { boundsToSave, restoredBounds } from '../../../src/main/shell/window-bounds';
import { READ_STORAGE, entriesToMove, loadStorageCopy, saveStorageCopy, storageCopy, writeStorageScript } from '../../../src/main/shell/window-storage';

const SCREEN = { x: 0, y: 0, width: 1920, height: 1080 };
const LEFT = { x: -1280, y: 0, width: 1280, height: 1024 };

describe('window bounds', () => {
  const at = (x: number, y: number, width = 1000, height = 700) => ({ x, y, width, height, maximized: false });

  it('come back when their title bar is on a screen, shrunk to fit it', () => {
    expect(restoredBounds(at(100, 50), [SCREEN])).toEqual(at(100, 50));
    expect(restoredBounds(at(-1200, 10), [SCREEN, LEFT])).toEqual(at(-1200, 10));
    expect(restoredBounds(at(10, 10, 2500, 1400), [SCREEN])).toEqual(at(10, 10, 1920, 1080));
    expect(restoredBounds({ ...at(100, 50), maximized: true }, [SCREEN])?.maximized).toBe(true);
  });

  it('do not when no screen shows them any more', () => {
    expect(restoredBounds(null, [SCREEN])).toBeNull();
    expect(restoredBounds(at(-1200, 10), [SCREEN])).toBeNull(); // the left monitor is gone
    expect(restoredBounds(at(1900, 10), [SCREEN])).toBeNull(); // 20 px left on screen: out of reach
    expect(restoredBounds(at(100, 1060), [SCREEN])).toBeNull(); // title bar below the work area
    expect(restoredBounds(at(100, -30), [SCREEN])).toBeNull(); // title bar above it
  });

  it('are saved as whole pixels, the normal ones with the maximised flag', () => {
    expect(boundsToSave({ x: 10.4, y: 20.6, width: 999.5, height: 50 }, true)).toEqual({ x: 10, y: 21, width: 1000, height: 200, maximized: true });
  });
});

/** A localStorage stand-in with the methods the scripts use. */
function fakeStorage(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  const localStorage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
  // Object.entries(localStorage) in a page lists its keys; here the map's entries stand in.
  const context = { localStorage, Object: { entries: () => [...data.entries()] }, JSON };
  return { data, run: (code: string): unknown => runInNewContext(code, context) };
}

describe('window storage', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is read from the page, and written into another one without overwriting its own keys', () => {
    const old = fakeStorage({ 'chronicle.seat.t1': 'tok1', 'chronicle.lang': 'fr' });
    const copy = storageCopy('http://127.0.0.1:7420', old.run(READ_STORAGE));
    expect(copy).toEqual({
      origin: 'http://127.0.0.1:7420',
      entries: [
        ['chronicle.seat.t1', 'tok1'],
        ['chronicle.lang', 'fr'],
      ],
    });
    const fresh = fakeStorage({ 'chronicle.lang': 'hu' });
    expect(fresh.run(writeStorageScript(copy!.entries))).toBe(1);
    expect(Object.fromEntries(fresh.data)).toEqual({ 'chronicle.lang': 'hu', 'chronicle.seat.t1': 'tok1' });
    // Keys and values that are not plain words stay data, never code.
    const odd: [string, string][] = [['k"); localStorage.setItem("x', '`${1}` \u2028 </script>']];
    const page = fakeStorage({});
    expect(page.run(writeStorageScript(odd))).toBe(1);
    expect([...page.data.entries()]).toEqual(odd);
  });

  it('moves only from another origin', () => {
    const copy = { origin: 'http://127.0.0.1:7420', entries: [['a', 'b']] as [string, string][] };
    expect(entriesToMove(copy, 'http://127.0.0.1:7420')).toEqual([]);
    expect(entriesToMove(copy, 'http://127.0.0.1:51234')).toEqual([['a', 'b']]);
    expect(entriesToMove(null, 'http://127.0.0.1:51234')).toEqual([]);
  });

  it('refuses what a page could return instead of its storage', () => {
    for (const read of [null, 42, '{', '{"a":1}', '[[1,2]]', '[["a"]]', JSON.stringify([['k', 'x'.repeat(200_001)]])]) {
      expect(storageCopy('http://127.0.0.1:7420', read), String(read).slice(0, 20)).toBeNull();
    }
  });

  it('is kept readable by its owner only, and a damaged copy reads as none', async () => {
    dir = await mkdtemp(join(tmpdir(), 'chronicle-storage-'));
    const file = join(dir, 'window-storage.json');
    expect(await loadStorageCopy(file)).toBeNull();
    const copy = { origin: 'http://127.0.0.1:7420', entries: [['chronicle.seat.t1', 'tok1']] as [string, string][] };
    await saveStorageCopy(file, copy);
    expect(await loadStorageCopy(file)).toEqual(copy);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    await writeFile(file, '{"origin": 1');
    expect(await loadStorageCopy(file)).toBeNull();
    expect(await readFile(file, 'utf8')).toBe('{"origin": 1'); // left as it was
  });
});
