// The whole table's bound on typed PINs, whichever addresses the guesses come from, so that a
// hundred devices cannot brute-force a PIN either. Wrong guesses draw on a bucket that holds a
// burst (friends' typos) and refills a few an hour; a small reserve that refills more slowly
// is kept for devices (devices.ts) that have not missed at this table lately, so one noisy device cannot
// shut out a friend typing the right PIN. Over any T hours a table checks at most
// burst + reserve + T × (one per refillMs + one per reserveRefillMs) wrong PINs. The invite link
// and seat tokens never pass here: nothing that happens to the PIN shuts them out.
//
// As with the per-address limits, a guess is counted when it starts and given back if it was
// right, so a thousand guesses sent at once are bounded one by one. A right PIN also gives back
// that address's own misses here: a friend's typos followed by the right PIN cost the table
// nothing, so ordinary mistyping at a game night never uses the bucket up. Only misses nobody
// followed with the right PIN stay: a guesser's. When those have used it up, a friend who knows
// the PIN knocks instead (table/knocks.ts): the owner lets them in with one tap.
//
// What a guesser gets: at most burst + reserve PINs at once (10), then 2.5 an hour per table
// (one per refillMs, one per reserveRefillMs), whatever the number of addresses: under 1 % of
// the 10,000 four-digit PINs in a day and a half.
import type { Clock } from '../clock';

/** What an attempt must do: go ahead (then settle it), or wait this many ms (attempts.ts and this file answer with it). */
export type Gate = { readonly ok: true; settle(succeeded: boolean): void } | { readonly ok: false; readonly retryAfterMs: number };

export interface TableGuessPolicy {
  /** Wrong PINs a table takes at once. */
  readonly burst: number;
  /** One more wrong PIN every this many ms. */
  readonly refillMs: number;
  /** Extra wrong PINs only devices with no miss at this table may use. */
  readonly reserve: number;
  readonly reserveRefillMs: number;
  /** A device's miss at a table is forgotten after this long. */
  readonly forgetMissAfterMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 8 + 2 at once, then 2.5 an hour: about 70 PINs a day, under 1 % of 4 digits. */
export const TABLE_GUESSES: TableGuessPolicy = { burst: 8, refillMs: 30 * MINUTE, reserve: 2, reserveRefillMs: 2 * HOUR, forgetMissAfterMs: 24 * HOUR };

/** Past this many tables, or misses at one table, the oldest are let go. */
const MAX_TABLES = 4096;
const MAX_MISSES = 1024;

/** A refilling count of guesses: `level` at `at`, one more every `refillMs`, up to `size`. */
class Bucket {
  private level: number;
  private at: number;

  constructor(
    private readonly size: number,
    private readonly refillMs: number,
    now: number,
  ) {
    this.level = size;
    this.at = now;
  }

  take(now: number): boolean {
    this.refill(now);
    if (this.level < 1) return false;
    this.level -= 1;
    return true;
  }

  giveBack(now: number): void {
    this.refill(now);
    this.level = Math.min(this.size, this.level + 1);
  }

  /** Ms until one guess is available. */
  waitMs(now: number): number {
    this.refill(now);
    return this.level >= 1 ? 0 : Math.ceil((1 - this.level) * this.refillMs);
  }

  full(now: number): boolean {
    this.refill(now);
    return this.level >= this.size;
  }

  private refill(now: number): void {
    this.level = Math.min(this.size, this.level + Math.max(0, now - this.at) / this.refillMs);
    this.at = now;
  }
}

interface TableRecord {
  readonly general: Bucket;
  readonly reserve: Bucket;
  /** When each device last typed a wrong PIN here, and how many it typed since it last got in. */
  readonly missed: Map<string, { at: number; count: number }>;
}

export class TableGuesses {
  private readonly tables = new Map<string, TableRecord>();

  constructor(
    private readonly policy: TableGuessPolicy,
    private readonly clock: Clock,
  ) {}

  /** Starts a typed PIN at `tableId` from `device`: counted as wrong until settled as right. */
  begin(tableId: string, device: string): Gate {
    const now = this.clock.now();
    const r = this.record(tableId, now);
    const clean = !this.missedLately(r, device, now);
    const bucket = r.general.take(now) ? r.general : clean && r.reserve.take(now) ? r.reserve : null;
    if (!bucket) return { ok: false, retryAfterMs: clean ? Math.min(r.general.waitMs(now), r.reserve.waitMs(now)) : r.general.waitMs(now) };
    let settled = false;
    return {
      ok: true,
      settle: (succeeded) => {
        if (settled) return;
        settled = true;
        const at = this.clock.now();
        const before = r.missed.get(device);
        r.missed.delete(device);
        if (succeeded) {
          bucket.giveBack(at);
          // This device's typos, followed by the right PIN: not a guesser's.
          for (let i = 0; i < (before?.count ?? 0); i++) r.general.giveBack(at);
          return;
        }
        r.missed.set(device, { at, count: (before && at - before.at < this.policy.forgetMissAfterMs ? before.count : 0) + 1 });
        if (r.missed.size > MAX_MISSES) r.missed.delete(r.missed.keys().next().value!);
      },
    };
  }

  /** Tables remembered (for tests and the soak). */
  get size(): number {
    return this.tables.size;
  }

  private missedLately(r: TableRecord, address: string, now: number): boolean {
    const miss = r.missed.get(address);
    return miss !== undefined && now - miss.at < this.policy.forgetMissAfterMs;
  }

  private record(tableId: string, now: number): TableRecord {
    let r = this.tables.get(tableId);
    if (r) return r;
    if (this.tables.size >= MAX_TABLES) this.sweep(now);
    const p = this.policy;
    r = { general: new Bucket(p.burst, p.refillMs, now), reserve: new Bucket(p.reserve, p.reserveRefillMs, now), missed: new Map() };
    this.tables.set(tableId, r);
    return r;
  }

  /** Forgets tables back at their full allowance (they would start there anyway). */
  private sweep(now: number): void {
    for (const [id, r] of this.tables) {
      if (r.general.full(now) && r.reserve.full(now)) this.tables.delete(id);
    }
  }
}
