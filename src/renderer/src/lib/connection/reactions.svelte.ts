// The quick reactions on show at this page's table: each seat's latest, for a few seconds. A
// seat's new reaction replaces its bubble (the host lets a seat send about one every 1.5 s, so
// a bubble is read before the next); nothing is kept once it is gone, nor across tables.
import { REACTIONS, type Reaction, type SeatReaction } from '../../../../shared/protocol/reactions';
import type { Seat } from '../../../../shared/rules/types';
import { seatOf } from '../../../../shared/ids';

/** How long a reaction stays at its seat. */
export const REACTION_SHOWN_MS = 3000;

export interface ShownReaction {
  /** One up per reaction this page heard: a new bubble at a seat (its animation starts again). */
  readonly id: number;
  readonly seat: Seat;
  readonly reaction: Reaction;
}

export class ReactionFeed {
  shown = $state.raw<readonly ShownReaction[]>([]);
  #next = 0;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- the pending timers, which nothing renders from
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();

  /** A reaction the host told: at its seat now, gone after a moment. */
  receive(heard: SeatReaction): void {
    // A newer host's reaction this page cannot draw or name is left out.
    if (!(REACTIONS as readonly string[]).includes(heard.reaction) || !Number.isInteger(heard.seat) || heard.seat < 0) return;
    const id = ++this.#next;
    this.shown = [...this.shown.filter((r) => r.seat !== heard.seat), { id, seat: seatOf(heard.seat), reaction: heard.reaction }];
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.shown = this.shown.filter((r) => r.id !== id);
    }, REACTION_SHOWN_MS);
    this.#timers.add(timer);
  }

  /** The seat's reaction on show, if any. */
  at(seat: Seat): ShownReaction | null {
    return this.shown.find((r) => r.seat === seat) ?? null;
  }

  /** Away from the table (or at another): nothing of the old one stays. */
  clear(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    if (this.shown.length > 0) this.shown = [];
  }
}
