// A phone's settings at the table (this browser's, kept in localStorage): keep the screen on
// while seated at a game in play, buzz and mark the title on your turn, and the hand-first
// layout for when a shared board shows the table.
import { FLAG, storedSetting } from '../settings/stored-setting';

const STORED = {
  keepAwake: storedSetting('chronicle.keepAwake', FLAG, () => true),
  turnAlert: storedSetting('chronicle.turnAlert', FLAG, () => true),
  handFirst: storedSetting('chronicle.handFirst', FLAG, () => false),
} as const;
type Setting = keyof typeof STORED;

class PhoneSettings {
  keepAwake = $state(STORED.keepAwake.load());
  turnAlert = $state(STORED.turnAlert.load());
  handFirst = $state(STORED.handFirst.load());

  set(setting: Setting, on: boolean): void {
    this[setting] = on;
    STORED[setting].save(on);
  }
}

export const phoneSettings = new PhoneSettings();
