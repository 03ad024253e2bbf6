// The app's window opens where it was left, at the size it had (settings.json), unless that
// place is no longer on any screen (a monitor unplugged since): then at its default size,
// centred by the system.
import type { WindowBounds } from './settings';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** How much of the window's top edge must be on a screen to grab it and move it. */
const GRIP = { width: 120, height: 40 };

function overlap(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, width: Math.min(a.x + a.width, b.x + b.width) - x, height: Math.min(a.y + a.height, b.y + b.height) - y };
}

/** The saved bounds when their title bar is reachable on one of the screens' work areas. */
export function restoredBounds(saved: WindowBounds | null, workAreas: readonly Rect[]): WindowBounds | null {
  if (!saved) return null;
  const titleBar = { x: saved.x, y: saved.y, width: saved.width, height: GRIP.height };
  const area = workAreas.find((a) => {
    const o = overlap(titleBar, a);
    return o.width >= Math.min(GRIP.width, saved.width) && o.height >= GRIP.height;
  });
  if (!area) return null;
  // A screen smaller than it was: the window shrinks to fit it.
  return { ...saved, width: Math.min(saved.width, area.width), height: Math.min(saved.height, area.height) };
}

/** What to save of a window: its normal bounds (not the maximised ones) and whether it is maximised. */
export function boundsToSave(normal: Rect, maximized: boolean): WindowBounds {
  return { x: Math.round(normal.x), y: Math.round(normal.y), width: Math.max(200, Math.round(normal.width)), height: Math.max(200, Math.round(normal.height)), maximized };
}
