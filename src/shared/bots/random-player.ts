// The random player: any legal action, uniformly, decided from its seat's view alone.
import type { Action } from '../rules/actions';
import type { PlayerView } from '../rules/view';
import type { BotRng } from './prng';

export function randomAction(view: PlayerView, rng: BotRng): Action {
  return rng.pick(view.legalActions);
}
