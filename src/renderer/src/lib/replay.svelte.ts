// The record this page opened for replay, if any (the lobby opens it, the app shows it).
import type { ReplayOpened } from '../../../shared/protocol/events';

class ReplayState {
  opened = $state.raw<ReplayOpened | null>(null);
}

export const replayState = new ReplayState();
