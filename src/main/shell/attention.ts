// A turn that comes while the window is in the background asks for the player's attention the
// way each system does: macOS has no flashing taskbar button, so the Dock icon bounces once
// ("informational"); Windows and Linux flash the window's taskbar button until it is focused.
import type { App, BrowserWindow } from 'electron';

export function requestAttention(win: Pick<BrowserWindow, 'flashFrame'>, app: Pick<App, 'dock'>, platform: NodeJS.Platform = process.platform): void {
  if (platform === 'darwin') app.dock?.bounce('informational');
  else win.flashFrame(true);
}
