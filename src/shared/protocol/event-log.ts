// The game's story as the host keeps it (each version with the engine's events that produced
// it) and as one connection receives it: redacted for its viewer by `redactEvent`, the one
// projection of events. Versions let a client tell that it missed nothing.
import type { GameEvent } from '../rules/events';
import { type Viewer, type VisibleEvent, redactEvent } from '../rules/view';

/** The engine's events that produced `version` (version 0: the deal of the first round). */
export interface GameEventBatch {
  readonly version: number;
  readonly events: readonly GameEvent[];
}

/** The same, as one viewer may learn it. */
export interface EventBatch {
  readonly version: number;
  readonly events: readonly VisibleEvent[];
}

/**
 * The batches after version `after` up to `upTo` (both versions), redacted for `viewer`, from
 * a log in version order. Only the log's end is read for a live view's one new version.
 */
export function batchesFor(log: readonly GameEventBatch[], viewer: Viewer, after: number, upTo: number): EventBatch[] {
  let first = log.length;
  while (first > 0 && log[first - 1]!.version > after) first--;
  const out: EventBatch[] = [];
  for (let i = first; i < log.length && log[i]!.version <= upTo; i++) {
    const batch = log[i]!;
    out.push({ version: batch.version, events: batch.events.map((e) => redactEvent(e, viewer)) });
  }
  return out;
}
