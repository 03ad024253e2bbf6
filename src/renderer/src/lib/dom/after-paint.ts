/**
 * Runs `fn` once the next frame has been painted: for work that must not hold up what the
 * player sees first. `requestAnimationFrame` runs just before that paint; the task queued from
 * it runs after.
 */
export function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}
