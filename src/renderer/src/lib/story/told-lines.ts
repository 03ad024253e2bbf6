// The log told as lines, each batch once. A new view adds a batch to the log, and telling the
// whole log again at every view made a late-game view cost as much as the game so far (on a
// slow phone a noticeable part of each frame); here only the new batch is told. Everything is
// told afresh when the words change: another language, card set, or seat names.
import type { EventBatch } from '../../../../shared/protocol/event-log';
import { type StoryContext, type StoryLine, batchLines } from './describe';

export class ToldLines {
  #ctx: StoryContext | null = null;
  #told = new WeakMap<EventBatch, readonly StoryLine[]>();

  /** Every line of `log`, in order: the same as `storyOf(log, ctx)`. */
  of(log: readonly EventBatch[], ctx: StoryContext): StoryLine[] {
    if (!sameWords(ctx, this.#ctx)) {
      this.#ctx = ctx;
      this.#told = new WeakMap();
    }
    return log.flatMap((batch) => this.#batch(batch, ctx));
  }

  #batch(batch: EventBatch, ctx: StoryContext): readonly StoryLine[] {
    let lines = this.#told.get(batch);
    if (!lines) this.#told.set(batch, (lines = batchLines(batch, ctx)));
    return lines;
  }
}

/** Two contexts tell the same words: same language, card set, translator, reader and names. */
function sameWords(a: StoryContext, b: StoryContext | null): boolean {
  return (
    b !== null &&
    a.lang === b.lang &&
    a.book === b.book &&
    a.t === b.t &&
    (a.me ?? null) === (b.me ?? null) &&
    a.names.length === b.names.length &&
    a.names.every((name, seat) => name === b.names[seat])
  );
}
