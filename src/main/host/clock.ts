// Time is injected so tests can run a host with a fake clock.

export interface Clock {
  /** Milliseconds, monotonic enough for grace periods and rate limits. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
