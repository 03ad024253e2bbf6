// The views of one version for everyone at a table, and the events of that version, serialised
// before they are sent: a move's are built while the table file is flushed, so that once it is
// only the writes to the network remain. What the viewers share (the public zones, the events
// nobody has to hide) is serialised once for all of them (shared-json.ts).
import { batchesFor } from '../../../shared/protocol/event-log';
import type { GameEvent } from '../../../shared/rules/events';
import type { GameState } from '../../../shared/rules/state';
import { type Viewer, viewsFor } from '../../../shared/rules/view';
import { JsonText } from '../wire/json-text';
import { sharedJson } from '../wire/shared-json';
import type { ReadyView } from '../wire/transport';

/**
 * The view of `state` for each of `viewers`, in their order; with `events`, the engine's events
 * that produced `state`, each view also carries them redacted for its viewer (`latest`).
 */
export function readyViews(state: GameState, viewers: readonly Viewer[], events?: readonly GameEvent[]): ReadyView[] {
  const views = viewsFor(state, viewers);
  const texts = sharedJson(views);
  const { version } = state;
  const latest = events && sharedJson(viewers.map((viewer) => batchesFor([{ version, events }], viewer, version - 1, version)));
  return views.map((view, i) => ({
    version,
    viewer: view.viewer,
    json: JsonText.written(texts[i]!),
    ...(latest && { latest: JsonText.written(latest[i]!) }),
  }));
}

/** The view of `state` for one viewer alone (a connection that just sat down or came back). */
export function readyViewFor(state: GameState, viewer: Viewer): ReadyView {
  return readyViews(state, [viewer])[0]!;
}
