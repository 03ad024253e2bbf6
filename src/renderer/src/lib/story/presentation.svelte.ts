// The presentation queue: new events become scenes shown one after another, each held for as
// long as it takes to read (scaled to its words and cards, at the chosen speed): an ability
// named, a finished meeting held with its winner and reason, the round's scoring that the
// player closes. A reader may hold a scene (hover or tap) and step back through the last ones.
// When scenes pile up, or when the player must act, the queue catches up: the scenes jumped
// over are told in one compact line beside the latest meeting, so the table never tells a
// meeting that is no longer the latest while the player decides. It never blocks input; only
// the round summary waits, for its reader.
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type { MeetingReason } from '../../../../shared/rules/events';
import type { CardId } from '../../../../shared/rules/types';
import type { MeetingSummaryView, RoundScoreView } from '../../../../shared/rules/view';
import { pacing } from './speed.svelte';

type AbilityEvent = Extract<EventBatch['events'][number], { type: 'abilityUsed' }>;

interface SceneBase {
  readonly version: number;
  readonly index: number;
  /** Scenes jumped over to catch up, told in one line beside this one. */
  readonly skipped?: readonly Scene[];
}
export type Scene =
  | (SceneBase & { readonly kind: 'ability'; readonly event: AbilityEvent })
  | (SceneBase & { readonly kind: 'meeting'; readonly meeting: MeetingSummaryView; readonly reason: MeetingReason });

export interface RoundSummaryScene {
  readonly version: number;
  readonly score: RoundScoreView;
  readonly fame: readonly number[];
  /** The Angel's discards this viewer may know. */
  readonly purged: readonly CardId[];
}

/** How many scenes a reader can step back through. */
export const PAST = 12;

/** How long a scene is held, in milliseconds at the speed in effect (0: instant). */
export type Hold = (scene: Scene) => number;

export class Presentation {
  /** The scene on show from the queue, if any. At instant speed it stays until the next one. */
  current = $state.raw<Scene | null>(null);
  /** The round's scoring, shown until the player closes it. */
  summary = $state.raw<RoundSummaryScene | null>(null);
  /** Scenes told so far, in full or in a catch-up line (abilities and meetings). */
  shown = $state(0);
  /** The scenes shown, oldest first (the last PAST of them), for stepping back. */
  past = $state.raw<readonly Scene[]>([]);
  /** While stepping back: the index in `past` on show. */
  browsing = $state<number | null>(null);
  /** The reader holds the scene: by pointer over it, by a tap. */
  hovered = $state(false);
  tapped = $state(false);

  #queue: (Scene | RoundSummaryScene)[] = [];
  #fed = -1;
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** When the running timer fires, and what is left of the hold while it is paused. */
  #due = 0;
  #left: number | null = null;
  #urgent = false;
  readonly #hold: Hold;
  readonly #yieldMs: () => number;

  constructor(hold: Hold, yieldMs: () => number = () => pacing.yieldMs) {
    this.#hold = hold;
    this.#yieldMs = yieldMs;
  }

  /** What the story shows now: the scene stepped back to, or the live one. */
  get showing(): Scene | null {
    return this.browsing === null ? this.current : (this.past[this.browsing] ?? null);
  }

  get paused(): boolean {
    return this.hovered || this.tapped || this.browsing !== null;
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
    if (this.summary !== null) return;
    if (this.#urgent) this.#catchUp();
    else if (this.#timer === null && this.#left === null) this.#next();
    else if (this.#newerMeetingWaits()) this.#shorten();
  }

  /**
   * The player must act (or no longer must). From the moment they must, the story shows the
   * latest finished meeting at once, whatever was held or stepped back to before.
   */
  setUrgent(on: boolean): void {
    if (on === this.#urgent) return;
    this.#urgent = on;
    if (!on) return;
    this.browsing = null;
    this.tapped = false;
    this.hovered = false;
    this.#catchUp();
  }

  /** Hold the scene on show (pointer over it) or let it go. */
  hover(on: boolean): void {
    this.hovered = on;
    this.#pauseOrResume();
  }

  /** A tap holds the scene; another lets it go. */
  tap(): void {
    this.tapped = !this.tapped;
    this.#pauseOrResume();
  }

  /** Step back to the scene before the one on show; the live story waits meanwhile. */
  back(): void {
    if (this.past.length === 0) return;
    const at = this.browsing ?? this.#liveIndex();
    this.browsing = Math.max(0, at - 1);
    this.#pauseOrResume();
  }

  /** Step forward; past the newest scene, the live story goes on. */
  forward(): void {
    if (this.browsing === null) return;
    this.browsing = this.browsing + 1 >= this.#liveIndex() ? null : this.browsing + 1;
    this.#pauseOrResume();
  }

  get canGoBack(): boolean {
    return (this.browsing ?? this.#liveIndex()) > 0;
  }

  /** The player closed the round summary: go on with what followed. */
  closeSummary(): void {
    this.summary = null;
    if (this.#urgent) this.#catchUp();
    else this.#next();
  }

  /** Stop the clock (the page leaves the table). */
  stop(): void {
    this.#clear();
    this.#left = null;
    this.#queue = [];
  }

  /** The index in `past` of the live scene (past's length when nothing live is on show). */
  #liveIndex(): number {
    return this.current !== null && this.past.at(-1) === this.current ? this.past.length - 1 : this.past.length;
  }

  #clear(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #arm(ms: number): void {
    this.#clear();
    this.#due = Date.now() + ms;
    if (this.paused) this.#left = ms;
    else {
      this.#left = null;
      this.#timer = setTimeout(() => this.#next(), ms);
    }
  }

  #pauseOrResume(): void {
    if (this.paused && this.#timer !== null) {
      this.#left = Math.max(0, this.#due - Date.now());
      this.#clear();
    } else if (!this.paused && this.#left !== null) {
      const left = this.#newerMeetingWaits() ? Math.min(this.#left, this.#yieldMs()) : this.#left;
      this.#arm(left);
    }
  }

  /** A meeting newer than the scene on show is waiting (before any round summary). */
  #newerMeetingWaits(): boolean {
    for (const item of this.#queue) {
      if (!('kind' in item)) return false;
      if (item.kind === 'meeting') return true;
    }
    return false;
  }

  /** Cut the scene on show short: a newer meeting waits behind it. */
  #shorten(): void {
    const cap = this.#yieldMs();
    if (this.#left !== null) this.#left = Math.min(this.#left, cap);
    else if (this.#timer !== null && this.#due - Date.now() > cap) this.#arm(cap);
  }

  /**
   * Jump to the newest meeting waiting, telling the rest in a line. A round summary waiting
   * comes first (the next round's hand waits for it): what came before it is in the log.
   */
  #catchUp(): void {
    if (this.summary !== null) return;
    const stop = this.#queue.findIndex((item) => !('kind' in item));
    if (this.#urgent && stop >= 0) {
      this.#clear();
      this.#left = null;
      this.shown += stop;
      this.#queue.splice(0, stop);
      this.current = null;
      this.summary = this.#queue.shift() as RoundSummaryScene;
      return;
    }
    const end = stop < 0 ? this.#queue.length : stop;
    let last = -1;
    for (let i = 0; i < end; i++) if ((this.#queue[i] as Scene).kind === 'meeting') last = i;
    if (last < 0) {
      if (this.#timer === null && this.#left === null) this.#next();
      return;
    }
    const skipped = this.#queue.splice(0, last) as Scene[];
    this.#clear();
    this.#left = null;
    this.#show(this.#queue.shift() as Scene, skipped);
  }

  #next(): void {
    this.#timer = null;
    this.#left = null;
    // Two meetings waiting: the older ones go in the newer one's catch-up line.
    const stop = this.#queue.findIndex((item) => !('kind' in item));
    const meetings = this.#queue.slice(0, stop < 0 ? undefined : stop).filter((item) => (item as Scene).kind === 'meeting').length;
    if (meetings > 1 || (this.#urgent && meetings > 0)) {
      this.#catchUp();
      return;
    }
    const item = this.#queue.shift();
    if (!item) {
      if (this.current && this.#hold(this.current) > 0) this.current = null;
      return;
    }
    if (!('kind' in item)) {
      this.current = null;
      this.summary = item;
      return;
    }
    this.#show(item, []);
  }

  #show(scene: Scene, skipped: readonly Scene[]): void {
    const shown: Scene = skipped.length > 0 ? { ...scene, skipped } : scene;
    this.current = shown;
    this.past = [...this.past, shown].slice(-PAST);
    this.shown += 1 + skipped.length;
    const ms = this.#hold(shown);
    if (ms > 0) this.#arm(ms);
    else if (this.#queue.length > 0) this.#next();
  }
}
