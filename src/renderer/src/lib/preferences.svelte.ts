// Table preferences of this browser (not game state), kept in localStorage.
import { loadFlag, saveFlag } from './stored-flag';

const CONFIRM_KEY = 'chronicle.confirmAnswers';

class Preferences {
  /** Ask for a Confirm before an ability's answer is sent. */
  confirmAnswers = $state(loadFlag(CONFIRM_KEY, true));

  setConfirmAnswers(on: boolean): void {
    this.confirmAnswers = on;
    saveFlag(CONFIRM_KEY, on);
  }
}

export const preferences = new Preferences();
