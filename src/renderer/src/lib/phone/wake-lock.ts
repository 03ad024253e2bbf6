// Keeps the screen on (Screen Wake Lock API) while asked to. The browser drops the lock when
// the page is hidden, so it is taken again each time the page becomes visible. Browsers
// without the API (or refusing it: low battery, no user gesture yet) simply let the screen dim.

export interface WakeLockSentinelLike {
  readonly released: boolean;
  release(): Promise<void>;
}
export interface WakeLockNavigator {
  readonly wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> };
}
export interface VisibilityDocument {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** Holds the screen's wake lock until the returned function is called. */
export function holdWakeLock(nav: WakeLockNavigator, doc: VisibilityDocument): () => void {
  const api = nav.wakeLock;
  if (!api) return () => {};
  let sentinel: WakeLockSentinelLike | null = null;
  let stopped = false;
  const take = (): void => {
    if (stopped || doc.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
    api.request('screen').then(
      (s) => {
        if (stopped) void s.release().catch(() => {});
        else sentinel = s;
      },
      () => {}, // refused: the screen may dim, nothing else changes
    );
  };
  doc.addEventListener('visibilitychange', take);
  take();
  return () => {
    stopped = true;
    doc.removeEventListener('visibilitychange', take);
    if (sentinel && !sentinel.released) void sentinel.release().catch(() => {});
    sentinel = null;
  };
}
