// Table preferences of this browser (not game state), kept in localStorage.
import { FLAG, storedSetting } from './stored-setting';

const confirmStored = storedSetting('chronicle.confirmAnswers', FLAG, () => true);

class Preferences {
  /** Ask for a Confirm before an ability's answer is sent. */
  confirmAnswers = $state(confirmStored.load());

  setConfirmAnswers(on: boolean): void {
    this.confirmAnswers = on;
    confirmStored.save(on);
  }
}

export const preferences = new Preferences();
