// A second start of the app finds the first one's lock: it quits at once and opens nothing
// (the first instance brings its window forward, see remote-table.test.ts).
import { app } from 'electron';
import { expect, it, vi } from 'vitest';
import { windows } from '../../kit/shell/electron-fakes';

it('quits without a host or a window when another instance holds the lock', async () => {
  vi.mocked(app.requestSingleInstanceLock).mockReturnValue(false);
  await import('../../../src/main/index');
  expect(app.quit).toHaveBeenCalled();
  expect(app.whenReady).not.toHaveBeenCalled();
  expect(windows()).toHaveLength(0);
});
