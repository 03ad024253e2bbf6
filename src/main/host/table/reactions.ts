// Quick reactions at one table: a seated player's emoji, told at once to everyone at the table
// (players, spectators, the TV board), the sender included. Who reacts comes from the connection
// (spectators and people at the door cannot); which reaction, from the protocol's fixed ids
// (schemas.ts refuses anything else before it gets here).
//
// Reactions are chatter, not the game: they skip the table's queue (nothing waits behind a bot's
// move or a disk flush), and nothing of them is written to the table file or the game record —
// a reload, a rejoin or a replay shows the game, not who laughed when. A reaction names only a
// seat and an id, which every viewer may see.
//
// Each seat has its own bucket besides its connection's (rate-limit.ts, shared with every other
// request): three at once, for a burst of feeling at a played card, then one every 1.5 s. A held
// button or a script cannot flood the table: a seat never has more than about two bubbles on
// screen at a time (each shows for about 3 s), and a refused reaction says when to try again.
import type { Reply } from '../../../shared/protocol/events';
import type { Reaction, SeatReaction } from '../../../shared/protocol/reactions';
import type { Seat } from '../../../shared/rules/types';
import type { Clock } from '../clock';
import { type RateLimit, TokenBucket } from '../guards/rate-limit';
import { refuse } from '../wire/refusal';

/** One seat's pace: `burst` reactions at once, then one every `1 / perSecond` seconds. */
export const REACTION_LIMIT: RateLimit = { burst: 3, perSecond: 1 / 1.5 };
const REACTION_EVERY_MS = 1000 / REACTION_LIMIT.perSecond;

export class TableReactions {
  private readonly buckets = new Map<Seat, TokenBucket>();

  constructor(
    private readonly clock: Clock,
    /** Tells everyone at the table (the transport's `toAll`). */
    private readonly tell: (reaction: SeatReaction) => void,
  ) {}

  /** The reaction of the connection's seat (null: not seated here), told to the table, or refused. */
  react(seat: Seat | null, reaction: Reaction): Reply {
    if (seat === null) return refuse('NOT_SEATED', 'only a seated player can react');
    let bucket = this.buckets.get(seat);
    if (!bucket) this.buckets.set(seat, (bucket = new TokenBucket(REACTION_LIMIT, this.clock)));
    if (!bucket.take()) return { ...refuse('TOO_MANY_REACTIONS', 'one reaction at a time: try again in a moment'), retryAfterMs: REACTION_EVERY_MS };
    this.tell({ seat, reaction, at: this.clock.now() });
    return { ok: true };
  }
}
