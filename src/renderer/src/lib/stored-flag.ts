// An on/off setting of this browser kept in localStorage. Storage may be disabled (private
// mode): the setting then holds for this page only.

/** The flag stored under `key`, or `fallback` when none is stored or storage is unavailable. */
export function loadFlag(key: string, fallback: boolean): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(key);
    return stored === null || stored === undefined ? fallback : stored === 'true';
  } catch {
    return fallback;
  }
}

/** Keeps the flag under `key` (for this page only when storage is unavailable). */
export function saveFlag(key: string, on: boolean): void {
  try {
    globalThis.localStorage?.setItem(key, String(on));
  } catch {
    // kept for this page only
  }
}
