// The app keeps its port from one start to the next (src/main/index.ts with the fake `electron`):
// the window's origin, and with it the seat tokens and name the page keeps in localStorage, stay
// the same. Two starts of the app in this file (fresh modules, so a fresh fake `electron` and
// user data folder each): the first finds its remembered port taken and saves the one it got;
// the second, given that settings file, opens on that port again.
import { readFile, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { DEFAULT_PORT } from '../../../src/main/host/create-host';

const started: (() => Promise<void>)[] = [];
let holder: Server | undefined;

afterEach(async () => {
  for (const quit of started.splice(0)) await quit();
  await new Promise((done) => (holder ? holder.close(done) : done(undefined)));
  holder = undefined;
});

/** Starts the app with `settings` in its user data folder; its window's URL and settings file. */
async function startApp(settings: object): Promise<{ url: URL; settingsFile: string }> {
  vi.resetModules();
  const { app } = await import('electron');
  const { windows, listenerOf } = await import('../../kit/shell/electron-fakes');
  const settingsFile = join(app.getPath('userData'), 'settings.json');
  await writeFile(settingsFile, JSON.stringify(settings));
  await import('../../../src/main/index');
  await vi.waitFor(() => expect(windows()).toHaveLength(1), { timeout: 15_000 });
  started.push(async () => {
    listenerOf<(e: { preventDefault(): void }) => void>(vi.mocked(app.on), 'will-quit')({ preventDefault: vi.fn() });
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled(), { timeout: 15_000 });
  });
  return { url: new URL(String(windows()[0]!.loadURL.mock.calls[0]?.[0])), settingsFile };
}

/** A port held by another program for the rest of the test. */
function holdPort(): Promise<number> {
  return new Promise((done) => {
    holder = createServer().listen(0, '127.0.0.1', () => done((holder!.address() as { port: number }).port));
  });
}

it('saves the port it took when the remembered one was taken, and opens on the saved port at the next start', async () => {
  process.env['CHRONICLE_MDNS'] = 'off';
  delete process.env['CHRONICLE_PORT']; // the app's own choice, as when a player starts it
  const taken = await holdPort();
  const first = await startApp({ port: taken });
  const port = Number(first.url.port);
  expect(first.url.hostname).toBe('127.0.0.1');
  expect(port).not.toBe(taken);
  // Nor the usual port: a start that ignored the remembered port would take that one when free
  // (and when it is not, the second start below could not land on this port by chance).
  expect(port).not.toBe(DEFAULT_PORT);
  await vi.waitFor(async () => expect(JSON.parse(await readFile(first.settingsFile, 'utf8'))).toMatchObject({ port }));
  const saved = await readFile(first.settingsFile, 'utf8');
  for (const quit of started.splice(0)) await quit(); // the app quits: its port is free again

  const second = await startApp(JSON.parse(saved) as object);
  expect(Number(second.url.port)).toBe(port);
  expect(JSON.parse(await readFile(second.settingsFile, 'utf8'))).toMatchObject({ port });
});
