// A token bucket per connection: `burst` messages at once, refilled at `perSecond`. A
// connection that empties it is flooding and gets cut off (lila-ws closes with 1008 the same way).
// A move the game accepted gives its token back: the game itself paces those (a player acts
// only on their turn, however fast the bots answer), so a quick player is never cut, while a
// flood of anything else, refused moves included, still empties the bucket.
import type { Clock } from '../clock';

export interface RateLimit {
  readonly burst: number;
  readonly perSecond: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { burst: 60, perSecond: 30 };

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly clock: Clock,
  ) {
    this.tokens = limit.burst;
    this.last = clock.now();
  }

  /** Gives back the token of a message that turned out to be paced by the game. */
  refund(): void {
    this.tokens = Math.min(this.limit.burst, this.tokens + 1);
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const now = this.clock.now();
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.last) / 1000) * this.limit.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * A connection's gate (Socket.IO middleware): each message goes on while the bucket gives it a
 * token; the first one past it has the connection cut off (`cutOff`), and nothing after goes on.
 */
export function floodGate(bucket: TokenBucket, cutOff: () => void): (packet: unknown, next: () => void) => void {
  let cut = false;
  return (_packet, next) => {
    if (bucket.take()) return next();
    if (cut) return; // cut off already: the connection is being closed
    cut = true;
    cutOff();
  };
}
