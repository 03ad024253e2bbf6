// How fast the table tells what happened: slow, normal, fast or instant (a page preference,
// kept in localStorage). Under prefers-reduced-motion the table is always instant.
import { oneOf, storedSetting } from '../stored-setting';

export const SPEEDS = ['slow', 'normal', 'fast', 'instant'] as const;
export type Speed = (typeof SPEEDS)[number];

/** How long each speed holds a scene, as a share of normal. */
const FACTOR: Record<Speed, number> = { slow: 2, normal: 1, fast: 0.4, instant: 0 };

const speedStored = storedSetting('chronicle.speed', oneOf(SPEEDS), (): Speed => 'normal');
/** Stored as `on` / `off`. */
const soundStored = storedSetting('chronicle.turnSound', { read: (raw) => raw === 'on', write: (on: boolean) => (on ? 'on' : 'off') }, () => false);

const reducedMotion = (): boolean => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

class Pacing {
  chosen = $state<Speed>(speedStored.load());
  /** Play a short sound when it becomes your turn (off unless the player turns it on). */
  turnSound = $state(soundStored.load());

  /** The speed in effect. */
  get speed(): Speed {
    return reducedMotion() ? 'instant' : this.chosen;
  }

  get reduced(): boolean {
    return reducedMotion();
  }

  /** `normalMs` at the speed in effect. */
  hold(normalMs: number): number {
    return normalMs * FACTOR[this.speed];
  }

  set(speed: Speed): void {
    this.chosen = speed;
    speedStored.save(speed);
  }

  setTurnSound(on: boolean): void {
    this.turnSound = on;
    soundStored.save(on);
  }
}

/** The page's one pacing preference. */
export const pacing = new Pacing();
