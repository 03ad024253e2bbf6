// Guessing limits for secrets (table PINs, seat tokens), per client address. Each address
// gets a few free attempts; every failure after those makes it wait a delay that doubles up to
// a cap. While an address waits, its PINs are refused without looking at them, so a flood of
// guesses learns nothing. A table's PIN is also bounded for all addresses together
// (table-guesses.ts). A seat token (256 random bits, nothing to learn by guessing) is always
// looked at: the right one is taken even while its address waits, only wrong ones are slowed.
//
// An attempt is counted as failed when it starts and refunded if it succeeds: a thousand
// guesses sent at once are checked against the limit one by one, not all let through before
// the first one fails.
import type { Clock } from '../clock';
import { TABLE_GUESSES, type TableGuessPolicy, TableGuesses } from './table-guesses';

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
/** Per client address: PIN or token guesses, at any table. */
export const ADDRESS_ATTEMPTS: AttemptPolicy = { free: 5, baseDelayMs: 1000, maxDelayMs: HOUR, forgetAfterMs: 24 * HOUR };

/** Past this many keys, forgotten ones are swept out. */
const MAX_KEYS = 4096;

interface Record {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

/** What an attempt must do: go ahead (then settle it), or wait this many ms. */
export type Gate = { readonly ok: true; settle(succeeded: boolean): void } | { readonly ok: false; readonly retryAfterMs: number };

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

/** The limits on guessing a host keeps: per table (PINs, all addresses together) and per client address (PINs and tokens). */
export interface SecretGuards {
  readonly tables: TableGuesses;
  readonly addresses: AttemptLimiter;
}

export function createSecretGuards(clock: Clock, policies: { table?: TableGuessPolicy; address?: AttemptPolicy } = {}): SecretGuards {
  return {
    tables: new TableGuesses(policies.table ?? TABLE_GUESSES, clock),
    addresses: new AttemptLimiter(policies.address ?? ADDRESS_ATTEMPTS, clock),
  };
}

/** A typed PIN: the address must not be waiting, then the table must have a guess left. */
export function beginPin(guards: SecretGuards, tableId: string, address: string): Gate {
  const key = `pin:${address}`;
  const wait = guards.addresses.waitFor(key);
  if (wait > 0) return { ok: false, retryAfterMs: wait };
  const table = guards.tables.begin(tableId, address);
  if (!table.ok) return table;
  const own = guards.addresses.begin(key);
  if (!own.ok) {
    table.settle(true); // not reached: the address was not waiting
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

/** Ms a wrong seat token from `address` must wait; a right one is never kept waiting. */
export const tokenWait = (guards: SecretGuards, address: string): number => guards.addresses.waitFor(`token:${address}`);

/** A seat token tried from `address` (while it is not waiting). */
export const beginToken = (guards: SecretGuards, address: string): Gate => guards.addresses.begin(`token:${address}`);
