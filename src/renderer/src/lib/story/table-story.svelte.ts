// The story's part of the table's state: the round summary on show and its scoring step, what
// each seat shows for that step, the newest finished meeting, and the room the story has in
// the meeting's region (measured by the table).
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type { StoryContext } from './describe';
import type { RoundSummaryScene } from './presentation.svelte';
import { scoringSteps, seatScoring } from './scoring';

export class TableStory {
  /** The round summary on show, if any: the log stays at the round's end until it is closed. */
  summary = $state.raw<RoundSummaryScene | null>(null);
  /** The round's scoring step on show: the seats show what it counts. */
  step = $state(0);
  /** The heights of the centre of the table and of the meeting's region in it. */
  centreHeight = $state(0);
  stageHeight = $state(0);

  readonly heldAt = $derived(this.summary?.version ?? null);
  readonly seatScores = $derived.by(() => (this.summary ? seatScoring(this.summary, scoringSteps(this.summary, this.#ctx()), this.step) : null));
  /** The version of the newest finished meeting: the story never tells an older one when you must act. */
  readonly latestMeeting = $derived.by(() => [...this.#log()].reverse().find((b) => b.events.some((e) => e.type === 'meetingEnded'))?.version ?? null);

  readonly #ctx: () => StoryContext;
  readonly #log: () => readonly EventBatch[];

  constructor(ctx: () => StoryContext, log: () => readonly EventBatch[]) {
    this.#ctx = ctx;
    this.#log = log;
  }

  /** The story's room: the meeting's region while a prompt is beside or below it, else the whole centre. */
  room(deciding: boolean): number {
    return deciding ? this.stageHeight : this.centreHeight;
  }
}
