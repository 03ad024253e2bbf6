// The desktop shell on Windows (src/main/index.ts with the fake `electron`, process.platform set
// to win32 for this file only): it names itself with the installer's appId, so its notices show
// as Chronicle's.
import { app } from 'electron';
import { readFileSync } from 'node:fs';
import { afterAll, expect, it, vi } from 'vitest';
import { APP_ID } from '../../../src/main/shell/app-id';
import { listenerOf, windows } from '../../kit/shell/electron-fakes';

const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;

afterAll(async () => {
  listenerOf<(e: { preventDefault(): void }) => void>(vi.mocked(app.on), 'will-quit')({ preventDefault: vi.fn() });
  await vi.waitFor(() => expect(app.quit).toHaveBeenCalled(), { timeout: 15_000 });
});

it("sets the installer's appId as its AppUserModelID on Windows, before its window opens", async () => {
  const builder = JSON.parse(readFileSync('electron-builder.json', 'utf8')) as { appId: string };
  expect(APP_ID).toBe(builder.appId);
  process.env['CHRONICLE_MDNS'] = 'off';
  process.env['CHRONICLE_PORT'] = '0';
  Object.defineProperty(process, 'platform', { ...platform, value: 'win32' });
  try {
    await import('../../../src/main/index');
  } finally {
    Object.defineProperty(process, 'platform', platform);
  }
  expect(app.setAppUserModelId).toHaveBeenCalledExactlyOnceWith(builder.appId);
  await vi.waitFor(() => expect(windows()).toHaveLength(1), { timeout: 15_000 });
});
