// A turn while the window is in the background asks for attention the way each system does:
// the Dock icon bounces on macOS (no taskbar button to flash there), the taskbar button flashes
// on Windows and Linux; each system gets only its own.
import { describe, expect, it, vi } from 'vitest';
import { requestAttention } from '../../../src/main/shell/attention';

const parts = (withDock = true) => {
  const win = { flashFrame: vi.fn() };
  const bounce = vi.fn(() => 1);
  const app = { dock: withDock ? ({ bounce } as unknown as Electron.Dock) : undefined };
  return { win, app, bounce };
};

describe('the attention request', () => {
  it('bounces the Dock icon on macOS, without flashing the window', () => {
    const { win, app, bounce } = parts();
    requestAttention(win, app, 'darwin');
    expect(bounce).toHaveBeenCalledExactlyOnceWith('informational');
    expect(win.flashFrame).not.toHaveBeenCalled();
  });

  it('asks nothing of a missing Dock on macOS (no icon shown)', () => {
    const { win, app } = parts(false);
    expect(() => requestAttention(win, app, 'darwin')).not.toThrow();
    expect(win.flashFrame).not.toHaveBeenCalled();
  });

  it.each(['win32', 'linux'] as const)('flashes the taskbar button on %s, without the Dock', (platform) => {
    const { win, app, bounce } = parts();
    requestAttention(win, app, platform);
    expect(win.flashFrame).toHaveBeenCalledExactlyOnceWith(true);
    expect(bounce).not.toHaveBeenCalled();
  });
});
