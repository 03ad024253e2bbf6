// Where the round stands, read from a view (a player's or a spectator's).
import type { PlayerView } from '../../../../shared/rules/view';

type RoundFacts = Pick<PlayerView, 'meeting' | 'allies' | 'options'>;

/** No card of this round played yet: its meeting is empty and nobody has taken an ally. */
export function roundNotBegun(view: RoundFacts): boolean {
  return view.meeting.plays.length === 0 && view.allies.every((a) => a.length === 0);
}

/** The table plays with the theme card opening each round, and this round has not begun. */
export function themeCardMustOpen(view: RoundFacts): boolean {
  return view.options.themeCardOpens && roundNotBegun(view);
}
