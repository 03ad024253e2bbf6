// The story's part of the table's state: the presentation queue fed from the table's log, the
// round summary on show and its scoring step, what each seat shows for that step, the newest
// finished meeting, and the room the story has in the meeting's region (measured by the table).
// The table owns it and the story overlay only shows it: state flows one way.
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type { StoryContext } from './describe';
import { Presentation, type RoundSummaryScene } from './presentation.svelte';
import { sceneReadingMs } from './scene-text';
import { scoringSteps, seatScoring } from './scoring';
import { pacing } from './speed.svelte';

export interface StorySource {
  /** The table's words: names as the tables and the log show them. */
  readonly ctx: () => StoryContext;
  /** The story's words: yours marked (its sentences say "you"). */
  readonly told: () => StoryContext;
  readonly log: () => readonly EventBatch[];
  /** Versions up to this one were caught up on, not watched. */
  readonly liveFrom: () => number;
  /** It is your turn now (or the game is over): the queue catches up to the latest meeting, or to a round summary waiting. */
  readonly urgent: () => boolean;
  /** The game is over: the result comes first, the last round's summary only when asked for. */
  readonly over: () => boolean;
}

export class TableStory {
  /** The presentation queue: scenes told one after another, at the chosen speed. */
  readonly show: Presentation;
  /** The round's scoring step on show: the seats show what it counts. */
  step = $state(0);
  /** The heights of the centre of the table and of the meeting's region in it. */
  centreHeight = $state(0);
  stageHeight = $state(0);

  /** The last round's scoring, read from the log (a page that came back after the end has it too). */
  readonly lastRound = $derived.by((): RoundSummaryScene | null => {
    const log = this.#source.log();
    for (let b = log.length - 1; b >= 0; b--) {
      const batch = log[b]!;
      for (let i = batch.events.length - 1; i >= 0; i--) {
        const e = batch.events[i]!;
        if (e.type === 'roundScored') return { version: batch.version, score: e.score, fame: e.fame, purged: e.purged };
      }
    }
    return null;
  });
  /**
   * The round summary on show, if any: the log stays at the round's end until it is closed. At
   * the game's end none: the result comes first (on a phone the last round's summary took its
   * room, the winner and the ranking hidden until it was closed), with the last round's summary
   * one tap away in it.
   */
  readonly summary = $derived.by(() => (this.#source.over() ? null : this.show.summary));
  readonly heldAt = $derived(this.summary?.version ?? null);
  readonly seatScores = $derived.by(() => (this.summary ? seatScoring(this.summary, scoringSteps(this.summary, this.#source.ctx()), this.step) : null));
  /** The version of the newest finished meeting: the story never tells an older one when you must act. */
  readonly latestMeeting = $derived.by(() => [...this.#source.log()].reverse().find((b) => b.events.some((e) => e.type === 'meetingEnded'))?.version ?? null);

  readonly #source: StorySource;

  /** Made while a component starts: the queue is fed for as long as it lives. */
  constructor(source: StorySource) {
    this.#source = source;
    this.show = new Presentation((scene) => pacing.hold(sceneReadingMs(scene, source.told())));
    $effect(() => this.show.feed(source.log(), source.liveFrom()));
    $effect(() => this.show.setUrgent(source.urgent()));
    // At the game's end the queue's own summary (the last round's) is let go at once: the
    // result shows, the summary one tap away in it.
    $effect(() => {
      if (source.over() && this.show.summary !== null) this.show.closeSummary();
    });
    $effect(() => () => this.show.stop());
  }

  /** The words the story tells in. */
  get told(): StoryContext {
    return this.#source.told();
  }

  /** The story's room: the meeting's region while a prompt is beside or below it, else the whole centre. */
  room(deciding: boolean): number {
    return deciding ? this.stageHeight : this.centreHeight;
  }
}
