// A phone's settings at the table (this browser's, kept in localStorage): keep the screen on
// while seated at a game in play, buzz and mark the title on your turn, and the hand-first
// layout for when a shared board shows the table.
const KEYS = { keepAwake: 'chronicle.keepAwake', turnAlert: 'chronicle.turnAlert', handFirst: 'chronicle.handFirst' } as const;
type Setting = keyof typeof KEYS;

function load(key: string, fallback: boolean): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(key);
    return stored === null || stored === undefined ? fallback : stored === 'true';
  } catch {
    return fallback; // storage may be disabled (private mode)
  }
}

class PhoneSettings {
  keepAwake = $state(load(KEYS.keepAwake, true));
  turnAlert = $state(load(KEYS.turnAlert, true));
  handFirst = $state(load(KEYS.handFirst, false));

  set(setting: Setting, on: boolean): void {
    this[setting] = on;
    try {
      globalThis.localStorage?.setItem(KEYS[setting], String(on));
    } catch {
      // kept for this page only
    }
  }
}

export const phoneSettings = new PhoneSettings();
