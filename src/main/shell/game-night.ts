// A game night hosted by the app: while players from other machines sit at its tables, the
// computer must not go to sleep under them, and closing the window or quitting asks first
// ("3 players are at your tables"), unless the player said not to ask again.
import type { Guests } from '../host/guests';

export interface GameNightDeps {
  /** Keeps the machine awake (powerSaveBlocker 'prevent-app-suspension'); returns its id. */
  readonly startBlocker: () => number;
  readonly stopBlocker: (id: number) => void;
  /** Whether to ask before leaving with guests (the setting). */
  readonly asking: () => boolean;
  /** Asks the player; `stopAsking` is the "Don't ask again" box. */
  readonly ask: (guests: Guests) => Promise<{ leave: boolean; stopAsking: boolean }>;
  /** The player ticked "Don't ask again". */
  readonly stopAsking: () => void;
}

export class GameNight {
  private guests: Guests = { players: 0, tables: 0 };
  private blocker: number | null = null;
  private asked: Promise<void> | null = null;
  /** The player chose to leave: the quit that follows goes through without asking again. */
  private leaving = false;

  constructor(private readonly deps: GameNightDeps) {}

  get players(): number {
    return this.guests.players;
  }

  /** The guests changed: the machine stays awake exactly while there are any. */
  update(guests: Guests): void {
    this.guests = guests;
    if (guests.players > 0 && this.blocker === null) this.blocker = this.deps.startBlocker();
    else if (guests.players === 0 && this.blocker !== null) {
      this.deps.stopBlocker(this.blocker);
      this.blocker = null;
    }
  }

  /**
   * Whether the window may close or the app quit now. When not, the player is asked (once at a
   * time) and `proceed` is called if they choose to leave; the caller cancels its close.
   */
  mayLeave(proceed: () => void): boolean {
    if (this.leaving || this.guests.players === 0 || !this.deps.asking()) return true;
    this.asked ??= this.deps
      .ask(this.guests)
      .then(({ leave, stopAsking }) => {
        if (!leave) return;
        if (stopAsking) this.deps.stopAsking();
        this.leaving = true;
        proceed();
      })
      .catch((e: unknown) => console.warn('asking before quitting failed', e))
      .finally(() => (this.asked = null));
    return false;
  }

  /** The app is going: the machine may sleep again. */
  end(): void {
    this.update({ players: 0, tables: 0 });
  }
}
