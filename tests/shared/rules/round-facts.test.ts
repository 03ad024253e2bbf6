// The round's facts the screens show (the round has begun, the theme card must open it) come
// from the engine through every viewer's view: the screens derive none. Checked against the
// engine's own refusals and against the events (the round begins with its first card played),
// at every step of random games, and in the case that once fooled a copy of the rule: the
// Dragon burns the first meeting, nobody has an ally, and the new leader may lead any card.
import { describe, expect, it } from 'vitest';
import { BotRng } from '../../../src/shared/bots/prng';
import { type GameState, type Viewer, applyAction, currentDecider, legalActions, viewFor } from '../../../src/shared/rules';
import { games } from '../../kit/soak';
import { play, stacked } from '../../kit/game/deal';
import { OPTION_SETS, playout } from '../../kit/game/playout';
import { seatsOf } from '../../../src/shared/ids';

const viewersOf = (s: GameState): Viewer[] => [...seatsOf(s.players), 'spectator'];

/** What the engine says of a card other than the theme card, led now by the seat to play; null when nobody plays a card now. */
function leadOtherCard(s: GameState): 'accepted' | 'theme card must open' | 'refused otherwise' | null {
  if (s.over || s.pending) return null;
  const seat = currentDecider(s)!;
  const other = s.hands[seat]!.find((c) => c !== s.themeCard);
  if (other === undefined) return null;
  const faceUp = applyAction(s, { seat, play: other });
  const faceDown = applyAction(s, { seat, play: other, faceDown: true });
  if (faceUp.ok || faceDown.ok) return 'accepted';
  return !faceUp.ok && faceUp.error.code === 'THEME_CARD_MUST_OPEN' ? 'theme card must open' : 'refused otherwise';
}

describe('the round facts in the view', () => {
  it('agree with the engine and with the events at every step of random games, for every viewer', () => {
    const wrong: string[] = [];
    let steps = 0;
    let mustOpen = 0;
    let begunWithoutAllies = 0;
    for (let game = 0; game < games(128, 6); game++) {
      const options = OPTION_SETS[game % OPTION_SETS.length]!;
      let begun = false; // from the events alone: a round begins with its first card played
      for (const { state: s, events } of playout({ players: 3 + (game % 4), options, seed: `round-facts-${game}` }, new BotRng(0x70f + game))) {
        for (const e of events) {
          if (e.type === 'roundStarted') begun = false;
          if (e.type === 'cardPlayed') begun = true;
        }
        if (s.over) begun = true; // the game's last round was played; no new one is dealt
        const engine = leadOtherCard(s);
        for (const viewer of viewersOf(s)) {
          const view = viewFor(s, viewer);
          const at = `game ${game}, version ${s.version}, viewer ${viewer}`;
          if (view.roundBegun !== begun) wrong.push(`${at}: roundBegun ${view.roundBegun}, the events say ${begun}`);
          if (view.themeCardMustOpen !== (s.options.themeCardOpens && !begun)) wrong.push(`${at}: themeCardMustOpen ${view.themeCardMustOpen} against the option and the events`);
          if (engine === 'theme card must open' && !view.themeCardMustOpen) wrong.push(`${at}: the engine refuses a card but the theme card need not open`);
          if (engine === 'accepted' && view.themeCardMustOpen) wrong.push(`${at}: the engine accepts another card but the theme card must open`);
        }
        if (engine === 'theme card must open') mustOpen++;
        if (begun && !s.over && s.meeting.plays.length === 0 && s.allies.every((a) => a.length === 0)) begunWithoutAllies++;
        steps++;
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(steps).toBeGreaterThan(1000);
    expect(mustOpen).toBeGreaterThan(10); // the rule was met, not only its absence
    expect(begunWithoutAllies).toBeGreaterThan(0); // a burned first meeting happened in these games
  });

  it('four players, the Dragon burns the first meeting: the round has begun and the new leader may lead any card', () => {
    let s = stacked({ players: 4, start: 0, hands: [['power-8'], ['power-10'], ['dragon'], ['power-9']] });
    for (const viewer of viewersOf(s)) expect(viewFor(s, viewer)).toMatchObject({ roundBegun: false, themeCardMustOpen: true });
    s = play(s, { seat: 0, play: s.themeCard });
    while (s.lastMeeting === null) {
      const seat = currentDecider(s)!;
      const legal = legalActions(s, seat);
      s = play(s, legal.find((a) => 'play' in a && a.play === 'dragon') ?? legal[0]!);
    }
    expect(s.lastMeeting.burned).toBe(true);
    expect(s.allies.every((a) => a.length === 0)).toBe(true); // nobody took an ally
    expect(s.meeting.plays).toEqual([]);
    const leader = currentDecider(s)!;
    expect(leadOtherCard(s)).toBe('accepted');
    expect(legalActions(s, leader).length).toBeGreaterThan(1);
    for (const viewer of viewersOf(s)) expect(viewFor(s, viewer)).toMatchObject({ roundBegun: true, themeCardMustOpen: false });
  });
});
