// Quick reactions: a seated player's emoji-like reaction shown at their seat for a moment, at
// every screen of the table (the TV board included). Ids, never free text: a client can only pick
// one of these, so nothing unsafe or offensive can be sent, and each screen draws them
// (ReactionIcon.svelte) and names them in its own language. Not game state: nothing of a reaction
// is written to the table file or the record.

/** The reactions a player may send, in the picker's order. */
export const REACTIONS = ['nice', 'haha', 'wow', 'ouch', 'bravo', 'hmm'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** A reaction as everyone at the table hears it: who, which, and when (the host's clock, ms). */
export interface SeatReaction {
  readonly seat: number;
  readonly reaction: Reaction;
  readonly at: number;
}
