// How fast the table tells what happened: slow, normal, fast or instant (a page preference,
// kept in localStorage). Under prefers-reduced-motion the table is always instant.
export const SPEEDS = ['slow', 'normal', 'fast', 'instant'] as const;
export type Speed = (typeof SPEEDS)[number];

const STORAGE_KEY = 'chronicle.speed';
const SOUND_KEY = 'chronicle.turnSound';
/** How long each speed holds a scene, as a share of normal. */
const FACTOR: Record<Speed, number> = { slow: 2, normal: 1, fast: 0.4, instant: 0 };

const isSpeed = (v: unknown): v is Speed => typeof v === 'string' && (SPEEDS as readonly string[]).includes(v);

function stored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null; // storage disabled: the default holds
  }
}
function store(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // not persisted; the choice still holds for this page
  }
}

const reducedMotion = (): boolean => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

class Pacing {
  chosen = $state<Speed>(((s) => (isSpeed(s) ? s : 'normal'))(stored(STORAGE_KEY)));
  /** Play a short sound when it becomes your turn (off unless the player turns it on). */
  turnSound = $state(stored(SOUND_KEY) === 'on');

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
    store(STORAGE_KEY, speed);
  }

  setTurnSound(on: boolean): void {
    this.turnSound = on;
    store(SOUND_KEY, on ? 'on' : 'off');
  }
}

/** The page's one pacing preference. */
export const pacing = new Pacing();
