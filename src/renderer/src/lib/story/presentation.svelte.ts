// The presentation queue: new events become scenes shown one after another at the chosen
// speed: an ability named, a finished meeting held with its winner and reason, the round's
// scoring in a summary the player closes. It never blocks input: scenes are shown beside the
// table, which always shows the latest view; only the round summary waits, for its reader.
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type { MeetingReason } from '../../../../shared/rules/events';
import type { CardId } from '../../../../shared/rules/types';
import type { MeetingSummaryView, RoundScoreView } from '../../../../shared/rules/view';
import { pacing } from './speed.svelte';

export type Scene =
  | { readonly kind: 'ability'; readonly version: number; readonly index: number; readonly event: Extract<EventBatch['events'][number], { type: 'abilityUsed' }> }
  | { readonly kind: 'meeting'; readonly version: number; readonly index: number; readonly meeting: MeetingSummaryView; readonly reason: MeetingReason };

export interface RoundSummaryScene {
  readonly version: number;
  readonly score: RoundScoreView;
  readonly fame: readonly number[];
  /** The Angel's discards this viewer may know. */
  readonly purged: readonly CardId[];
}

/** How long each scene stays at normal speed. */
export const HOLD_MS: Record<Scene['kind'], number> = { ability: 1200, meeting: 1500 };

export class Presentation {
  /** The scene on show, if any. At instant speed a scene stays until the next one replaces it. */
  current = $state.raw<Scene | null>(null);
  /** The round's scoring, shown until the player closes it. */
  summary = $state.raw<RoundSummaryScene | null>(null);
  /** Scenes shown so far (abilities and meetings), for the curious and the tests. */
  shown = $state(0);

  #queue: (Scene | RoundSummaryScene)[] = [];
  #fed = -1;
  #timer: ReturnType<typeof setTimeout> | null = null;
  readonly #hold: (kind: Scene['kind']) => number;

  constructor(hold: (kind: Scene['kind']) => number = (kind) => pacing.hold(HOLD_MS[kind])) {
    this.#hold = hold;
  }

  /**
   * Takes the batches not seen yet. Versions up to `liveFrom` came in the catch-up of a page
   * that (re)joined: it reads them in the log rather than watching them again.
   */
  feed(log: readonly EventBatch[], liveFrom: number): void {
    const fresh = log.filter((b) => b.version > Math.max(this.#fed, liveFrom));
    this.#fed = Math.max(this.#fed, liveFrom, log.at(-1)?.version ?? -1);
    if (fresh.length === 0) return;
    for (const batch of fresh) {
      batch.events.forEach((e, index) => {
        if (e.type === 'abilityUsed') this.#queue.push({ kind: 'ability', version: batch.version, index, event: e });
        else if (e.type === 'meetingEnded') this.#queue.push({ kind: 'meeting', version: batch.version, index, meeting: e.meeting, reason: e.reason });
        else if (e.type === 'roundScored') this.#queue.push({ version: batch.version, score: e.score, fame: e.fame, purged: e.purged });
      });
    }
    if (this.#timer === null && this.summary === null) this.#next();
  }

  /** The player closed the round summary: go on with what followed. */
  closeSummary(): void {
    this.summary = null;
    this.#next();
  }

  /** Stop the clock (the page leaves the table). */
  stop(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#queue = [];
  }

  #next(): void {
    this.#timer = null;
    const item = this.#queue.shift();
    if (!item) {
      if (this.current && this.#hold(this.current.kind) > 0) this.current = null;
      return;
    }
    if (!('kind' in item)) {
      this.current = null;
      this.summary = item;
      return;
    }
    this.current = item;
    this.shown++;
    const ms = this.#hold(item.kind);
    if (ms > 0) this.#timer = setTimeout(() => this.#next(), ms);
    else this.#next();
  }
}
