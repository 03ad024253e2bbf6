// Guessing limits for secrets (table PINs, seat tokens), per device (devices.ts) and, more
// generously, per client address. Each device gets a few free attempts; every failure after
// those makes it wait a delay that doubles up to a cap. While a device waits, its PINs are
// refused without looking at them, so a flood of guesses learns nothing. Another device behind
// the same address (a family's phones behind one router) is not kept waiting by it: only when
// the address's devices together fail many times over (a flood making up device ids) does the
// whole address wait. A table's PIN is also bounded for all addresses together
// (table-guesses.ts). A seat token (256 random bits, nothing to learn by guessing) is always
// looked at: the right one is taken even while its device waits, only wrong ones are slowed.
//
// An attempt is counted as failed when it starts and refunded if it succeeds: a thousand
// guesses sent at once are checked against the limit one by one, not all let through before
// the first one fails.
import type { Clock } from '../clock';
import { type Gate, TABLE_GUESSES, type TableGuessPolicy, TableGuesses } from './table-guesses';

export interface AttemptPolicy {
  /** Failures allowed before delays start (the last of them starts the first delay). */
  readonly free: number;
  /** The first delay; each further failure doubles it. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A key with no failure for this long starts over. */
  readonly forgetAfterMs: number;
}

const HOUR = 3_600_000;
/** Per device: PIN or token guesses, at any table. */
export const DEVICE_ATTEMPTS: AttemptPolicy = { free: 5, baseDelayMs: 1000, maxDelayMs: HOUR, forgetAfterMs: 24 * HOUR };
/** Per client address, all its devices together: five devices' free guesses before any delay. */
export const ADDRESS_ATTEMPTS: AttemptPolicy = { free: 25, baseDelayMs: 1000, maxDelayMs: HOUR, forgetAfterMs: 24 * HOUR };

/** Past this many keys, forgotten ones are swept out. */
const MAX_KEYS = 4096;

interface Record {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

// What an attempt must do (table-guesses.ts, below this file, declares it).
export type { Gate };

export class AttemptLimiter {
  private readonly records = new Map<string, Record>();

  constructor(
    private readonly policy: AttemptPolicy,
    private readonly clock: Clock,
  ) {}

  /** Ms until `key` may try again; 0 when it may now. */
  waitFor(key: string): number {
    const r = this.current(key);
    return r ? Math.max(0, r.lockedUntil - this.clock.now()) : 0;
  }

  /** Starts an attempt: counted as a failure until settled as a success. */
  begin(key: string): Gate {
    const wait = this.waitFor(key);
    if (wait > 0) return { ok: false, retryAfterMs: wait };
    const now = this.clock.now();
    if (this.records.size > MAX_KEYS) this.sweep();
    const r = this.current(key) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
    r.failures += 1;
    r.lastFailure = now;
    r.lockedUntil = now + this.delayAfter(r.failures);
    this.records.set(key, r);
    let settled = false;
    return {
      ok: true,
      settle: (succeeded) => {
        if (settled || !succeeded) return;
        settled = true;
        // Refund: a success is not a failure. Locks set by other failures stay.
        r.failures -= 1;
        if (r.failures < this.policy.free) r.lockedUntil = 0;
        if (r.failures === 0) this.records.delete(key);
      },
    };
  }

  /** Keys remembered (for tests and the soak). */
  get size(): number {
    return this.records.size;
  }

  private delayAfter(failures: number): number {
    const over = failures - this.policy.free + 1;
    if (over <= 0) return 0;
    return Math.min(this.policy.maxDelayMs, this.policy.baseDelayMs * 2 ** Math.min(over - 1, 40));
  }

  private sweep(): void {
    for (const key of [...this.records.keys()]) this.current(key);
  }

  private current(key: string): Record | undefined {
    const r = this.records.get(key);
    if (r && this.clock.now() - r.lastFailure > this.policy.forgetAfterMs && this.clock.now() >= r.lockedUntil) {
      this.records.delete(key);
      return undefined;
    }
    return r;
  }
}

/** The limits on guessing a host keeps: per table (PINs, all addresses together), per device and per client address (PINs and tokens). */
export interface SecretGuards {
  readonly tables: TableGuesses;
  readonly devices: AttemptLimiter;
  readonly addresses: AttemptLimiter;
}

export function createSecretGuards(clock: Clock, policies: { table?: TableGuessPolicy; device?: AttemptPolicy; address?: AttemptPolicy } = {}): SecretGuards {
  return {
    tables: new TableGuesses(policies.table ?? TABLE_GUESSES, clock),
    devices: new AttemptLimiter(policies.device ?? DEVICE_ATTEMPTS, clock),
    addresses: new AttemptLimiter(policies.address ?? ADDRESS_ATTEMPTS, clock),
  };
}

/** Who guesses: a device (devices.ts) at a client address. */
export interface Guesser {
  readonly address: string;
  readonly device: string;
}

/** Ms until `who` may try a secret of this kind again: its device's wait or its address's. */
const waitOf = (guards: SecretGuards, kind: string, who: Guesser): number =>
  Math.max(guards.devices.waitFor(`${kind}:${who.device}`), guards.addresses.waitFor(`${kind}:${who.address}`));

/** One attempt counted against the device and its address together. */
function beginBoth(guards: SecretGuards, kind: string, who: Guesser): Gate {
  const own = guards.devices.begin(`${kind}:${who.device}`);
  if (!own.ok) return own;
  const address = guards.addresses.begin(`${kind}:${who.address}`);
  if (!address.ok) {
    own.settle(true); // not reached: the address was not waiting
    return address;
  }
  return {
    ok: true,
    settle: (succeeded) => {
      own.settle(succeeded);
      address.settle(succeeded);
    },
  };
}

/** A typed PIN: the device and its address must not be waiting, then the table must have a guess left. */
export function beginPin(guards: SecretGuards, tableId: string, who: Guesser): Gate {
  const wait = waitOf(guards, 'pin', who);
  if (wait > 0) return { ok: false, retryAfterMs: wait };
  const table = guards.tables.begin(tableId, who.device);
  if (!table.ok) return table;
  const own = beginBoth(guards, 'pin', who);
  if (!own.ok) {
    table.settle(true); // not reached: neither was waiting
    return own;
  }
  return {
    ok: true,
    settle: (succeeded) => {
      table.settle(succeeded);
      own.settle(succeeded);
    },
  };
}

/** Ms a wrong seat token from `who` must wait; a right one is never kept waiting. */
export const tokenWait = (guards: SecretGuards, who: Guesser): number => waitOf(guards, 'token', who);

/** A seat token tried by `who` (while it is not waiting). */
export const beginToken = (guards: SecretGuards, who: Guesser): Gate => beginBoth(guards, 'token', who);
