// A phone's settings at the table (this browser's, kept in localStorage): keep the screen on
// while seated at a game in play, buzz and mark the title on your turn, and the hand-first
// layout for when a shared board shows the table.
import { loadFlag, saveFlag } from '../stored-flag';

const KEYS = { keepAwake: 'chronicle.keepAwake', turnAlert: 'chronicle.turnAlert', handFirst: 'chronicle.handFirst' } as const;
type Setting = keyof typeof KEYS;

class PhoneSettings {
  keepAwake = $state(loadFlag(KEYS.keepAwake, true));
  turnAlert = $state(loadFlag(KEYS.turnAlert, true));
  handFirst = $state(loadFlag(KEYS.handFirst, false));

  set(setting: Setting, on: boolean): void {
    this[setting] = on;
    saveFlag(KEYS[setting], on);
  }
}

export const phoneSettings = new PhoneSettings();
