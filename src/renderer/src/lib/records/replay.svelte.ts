// The record this page opened for replay, if any (the lobby opens it, the app shows it), with
// its players' names when the page knows them (a game from this host's list, or the names a saved
// record holds: null for a bot).
import type { ReplayOpened } from '../../../../shared/protocol/events';

export type OpenedReplay = ReplayOpened & { readonly names?: readonly (string | null)[] };

class ReplayState {
  opened = $state.raw<OpenedReplay | null>(null);
}

export const replayState = new ReplayState();
