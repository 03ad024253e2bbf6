// Budgets per device for the requests that cost the host real work: hints and replay analyses
// (the Master thinks), exports (a finished game replayed) and replays (a whole record parsed
// and replayed); and knocks, which cost a table's owner their attention. One token bucket per kind and client address, not per connection: new
// connections are free, so only the address bounds a device. The numbers leave a player far
// more than a game needs (a hint a turn, a few analyses a minute) and a flood a small share of a core.
import type { Clock } from '../clock';
import { type RateLimit, TokenBucket } from './rate-limit';

export type CostlyRequest = 'hint' | 'analysis' | 'export' | 'replay' | 'knock';

export const DEFAULT_BUDGETS: Readonly<Record<CostlyRequest, RateLimit>> = {
  // A Master's hint thinks 200 ms: at most about 5 % of a core per device after the burst.
  hint: { burst: 8, perSecond: 0.25 },
  // An analysis takes about half a second of a core (and a replay session asks one at most every 1.5 s).
  analysis: { burst: 10, perSecond: 0.3 },
  // A finished game's record is computed once and then served from memory, but it is big.
  export: { burst: 5, perSecond: 0.5 },
  // Opening a record replays it whole on the host's own thread (its log per viewer is then kept).
  replay: { burst: 4, perSecond: 0.25 },
  // A knock costs the owner's attention: a few, then one a minute per device.
  knock: { burst: 3, perSecond: 1 / 60 },
};

/** Addresses remembered at most; the quietest are forgotten first (a full bucket is the same as none). */
const MAX_ADDRESSES = 4096;

export class AddressBudgets {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly limits: Readonly<Record<CostlyRequest, RateLimit>>;

  constructor(
    private readonly clock: Clock,
    limits: Partial<Record<CostlyRequest, RateLimit>> = {},
  ) {
    this.limits = { ...DEFAULT_BUDGETS, ...limits };
  }

  /** Takes one request of `kind` from `address`'s budget; false when it is spent. */
  take(kind: CostlyRequest, address: string): boolean {
    const key = `${kind} ${address}`;
    let bucket = this.buckets.get(key);
    if (bucket)
      this.buckets.delete(key); // re-inserted: the map's order is last use
    else bucket = new TokenBucket(this.limits[kind], this.clock);
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_ADDRESSES) this.buckets.delete(this.buckets.keys().next().value!);
    return bucket.take();
  }

  /** Seconds until `kind` has a token again for a device that just spent its budget. */
  waitSeconds(kind: CostlyRequest): number {
    return Math.ceil(1 / this.limits[kind].perSecond);
  }
}
