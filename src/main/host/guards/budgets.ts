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

/** Devices and addresses remembered at most; the quietest are forgotten first (a full bucket is the same as none). */
const MAX_KEYS = 8192;

/** An address's budget is this many devices' worth. */
export const ADDRESS_SHARE = 4;

export class AddressBudgets {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly limits: Readonly<Record<CostlyRequest, RateLimit>>;
  private readonly shared: Readonly<Record<CostlyRequest, RateLimit>>;

  constructor(
    private readonly clock: Clock,
    limits: Partial<Record<CostlyRequest, RateLimit>> = {},
  ) {
    this.limits = { ...DEFAULT_BUDGETS, ...limits };
    const times = (l: RateLimit): RateLimit => ({ burst: l.burst * ADDRESS_SHARE, perSecond: l.perSecond * ADDRESS_SHARE });
    const l = this.limits;
    this.shared = { hint: times(l.hint), analysis: times(l.analysis), export: times(l.export), replay: times(l.replay), knock: times(l.knock) };
  }

  /** Takes one request of `kind` from `device`'s budget and its `address`'s; false when either is spent. */
  take(kind: CostlyRequest, device: string, address: string): boolean {
    return this.bucket(`${kind} d ${device}`, this.limits[kind]).take() && this.bucket(`${kind} a ${address}`, this.shared[kind]).take();
  }

  private bucket(key: string, limit: RateLimit): TokenBucket {
    let bucket = this.buckets.get(key);
    if (bucket)
      this.buckets.delete(key); // re-inserted: the map's order is last use
    else bucket = new TokenBucket(limit, this.clock);
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value!);
    return bucket;
  }

  /** Seconds until `kind` has a token again for a device that just spent its budget. */
  waitSeconds(kind: CostlyRequest): number {
    return Math.ceil(1 / this.limits[kind].perSecond);
  }
}
