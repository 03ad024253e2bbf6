// Table preferences of this browser (not game state), kept in localStorage.
const CONFIRM_KEY = 'chronicle.confirmAnswers';

function load(key: string, fallback: boolean): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(key);
    return stored === null || stored === undefined ? fallback : stored === 'true';
  } catch {
    return fallback; // storage may be disabled (private mode)
  }
}

class Preferences {
  /** Ask for a Confirm before an ability's answer is sent. */
  confirmAnswers = $state(load(CONFIRM_KEY, true));

  setConfirmAnswers(on: boolean): void {
    this.confirmAnswers = on;
    try {
      globalThis.localStorage?.setItem(CONFIRM_KEY, String(on));
    } catch {
      // kept for this page only
    }
  }
}

export const preferences = new Preferences();
