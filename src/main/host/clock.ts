// Time is injected so tests can run a host with a fake clock.

export interface Clock {
  /** Milliseconds, monotonic enough for grace periods and rate limits. */
  now(): number;
}

// Date.now itself, not a wrapper: it reads no `this`.
export const systemClock: Clock = { now: Date.now };
