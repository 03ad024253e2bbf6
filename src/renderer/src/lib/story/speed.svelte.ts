// How fast the table tells what happened: slow, normal, fast or instant (a page preference,
// kept in localStorage), and every duration of the story and of the cards' motion, given at
// normal speed and scaled by the speed in effect here only. Under prefers-reduced-motion the
// table is instant, followed live: turning it on or off in the system applies at once.
import { prefersReducedMotion } from 'svelte/motion';
import { oneOf, storedSetting } from '../settings/stored-setting';

export const SPEEDS = ['slow', 'normal', 'fast', 'instant'] as const;
export type Speed = (typeof SPEEDS)[number];

/** How long each speed holds a scene, as a share of normal. */
const FACTOR: Record<Speed, number> = { slow: 2, normal: 1, fast: 0.4, instant: 0 };

/** How long a card takes to cross the table at normal speed (an ability's card flies 1.6 times as long). */
export const MOVE_MS = 450;
const FLIGHT_MS = MOVE_MS * 1.6;
/** A scene a newer meeting is waiting behind stays at most this long (at normal speed). */
export const YIELD_MS = 1200;
/**
 * At instant speed a scene has no hold of its own: it stays until the next one, and leaves the
 * screen after this long anyway (at the other speeds the queue's hold ends it).
 */
export const LINGER_MS = 2500;
const MAX_READ_MS = 6000;
/** Each step of the round's scoring, told on the table. */
const SCORING_STEP_MS = 1800;
/** A scene coming in. */
const FADE_MS = 150;

/** How long a scene of so many words and cards takes to read at normal speed. */
export function readingMs(words: number, cards: number): number {
  return Math.min(MAX_READ_MS, 600 + 180 * words + 200 * cards);
}

const speedStored = storedSetting('chronicle.speed', oneOf(SPEEDS), (): Speed => 'normal');
/** Stored as `on` / `off`. */
const soundStored = storedSetting('chronicle.turnSound', { read: (raw) => raw === 'on', write: (on: boolean) => (on ? 'on' : 'off') }, () => false);

class Pacing {
  chosen = $state<Speed>(speedStored.load());
  /** Play a short sound when it becomes your turn (off unless the player turns it on). */
  turnSound = $state(soundStored.load());

  /** The speed in effect. */
  get speed(): Speed {
    return this.reduced ? 'instant' : this.chosen;
  }

  /** The system asks for reduced motion (read live: a change applies at once). */
  get reduced(): boolean {
    return prefersReducedMotion.current;
  }

  /** `normalMs` at the speed in effect. */
  hold(normalMs: number): number {
    return normalMs * FACTOR[this.speed];
  }

  /** A card crossing the table. */
  get moveMs(): number {
    return this.hold(MOVE_MS);
  }

  /** An ability's card flying between two places. */
  get flightMs(): number {
    return this.hold(FLIGHT_MS);
  }

  /** Each step of the round's scoring. */
  get scoringStepMs(): number {
    return this.hold(SCORING_STEP_MS);
  }

  /** A scene fading in. */
  get fadeMs(): number {
    return this.hold(FADE_MS);
  }

  /** The most a scene stays while a newer meeting waits behind it. */
  get yieldMs(): number {
    return this.hold(YIELD_MS);
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
