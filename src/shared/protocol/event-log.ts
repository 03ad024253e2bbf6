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

/** The batches after version `after` up to `upTo` (both versions), redacted for `viewer`. */
export function batchesFor(log: readonly GameEventBatch[], viewer: Viewer, after: number, upTo: number): EventBatch[] {
  const out: EventBatch[] = [];
  for (const batch of log) {
    if (batch.version <= after || batch.version > upTo) continue;
    out.push({ version: batch.version, events: batch.events.map((e) => redactEvent(e, viewer)) });
  }
  return out;
}
