// Whether the TV board's seats name every ally or count them by suit. The seats name every ally
// while the meeting keeps its room: the middle row at least 9rem (the meeting's frame and its
// cards 4rem tall, read across a room). The middle and the seats share what the top leaves, so
// when the named allies leave the middle less, the seats show their counts by suit instead,
// remembering how tall the names made them: the names come back once that height is free again
// (a new round's shorter history), and are tried again once there are fewer allies (the round's
// end clears them; more allies need more room still), at a moment the meeting has no cards:
// trying them over a meeting's cards could push the cards out of their row until the seats are
// measured again. Create it while a component initialises (it runs effects); the component
// binds the two heights.
import { untrack } from 'svelte';

export interface AllyNamesInput {
  /** Allies held at the table, all seats together. */
  allies(): number;
  /** Whether the meeting has no card. */
  meetingEmpty(): boolean;
  /** Whether the round's scoring shows (its counts stand in for the names meanwhile). */
  scoring(): boolean;
}

export class AllyNames {
  /** The middle row's height (bound by the board); -1 before it is measured. */
  middleHeight = $state(-1);
  /** The seats' row's height (bound by the board). */
  seatsHeight = $state(0);
  /** Whether the seats name their allies. */
  named = $state(true);
  #namedHeight = 0;
  #alliesBefore = 0;
  #fewer = false;

  constructor(input: AllyNamesInput) {
    $effect.pre(() => {
      const allies = input.allies();
      this.#fewer ||= allies < this.#alliesBefore;
      this.#alliesBefore = allies;
      if (this.#fewer && input.meetingEmpty()) {
        this.#fewer = false;
        this.named = true;
      }
    });
    $effect(() => {
      // (The names are judged without the scoring: its own counts stand in for them meanwhile.)
      if (this.middleHeight < 0 || this.seatsHeight === 0 || input.scoring()) return;
      const need = 9 * parseFloat(getComputedStyle(document.documentElement).fontSize);
      const middle = this.middleHeight;
      const seats = this.seatsHeight;
      untrack(() => {
        if (this.named && middle < need) {
          this.#namedHeight = seats;
          this.named = false;
        } else if (!this.named && middle + seats - this.#namedHeight >= need) this.named = true;
      });
    });
  }
}
