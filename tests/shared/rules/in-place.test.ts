// The playouts' fast path: applyInPlace without events reaches the states applyAction reaches,
// and each ability's quick "is there any answer?" and "is this an answer?" agree with the
// answers it builds.
import { describe, expect, it } from 'vitest';
import { BotRng } from '../../../src/shared/bots/prng';
import { type Choice, DEFAULT_CARD_SET, type GameState, applyInPlace } from '../../../src/shared/rules';
import { DECISIONS } from '../../../src/shared/rules/effects/registry';
import { draftOf } from '../../../src/shared/rules/state';
import { playout } from '../../kit/game/playout';
import { seatOf } from '../../../src/shared/ids';

const PLAYER_COUNTS = [3, 4, 5, 6];
const GAMES_PER_COUNT = 6;

/** Everything of a state but the shared card set, as text. */
const snapshot = (s: GameState): string => JSON.stringify({ ...s, cardSet: undefined, seedKey: Array.from(s.seedKey) });

describe('applyInPlace without events', () => {
  it.each(PLAYER_COUNTS)('follows applyAction through whole %i-player games and builds no events', (players) => {
    for (let g = 0; g < GAMES_PER_COUNT; g++) {
      const steps = [...playout({ players, seed: `in-place-${players}-${g}` }, new BotRng(g))];
      const d = draftOf(steps[0]!.state);
      for (const step of steps.slice(1)) {
        const r = applyInPlace(d, step.action!, { events: false });
        expect(r.ok && r.value).toEqual([]);
        expect(snapshot(d)).toBe(snapshot(step.state));
      }
      expect(d.over).toBe(true);
    }
  });
});

describe('hasChoice', () => {
  it('is true exactly when choices offers an answer, for every ability, seat and source card, at every step', () => {
    let checked = 0;
    let withAnswer = 0;
    const wrong: string[] = [];
    for (const players of PLAYER_COUNTS) {
      for (const step of playout({ players, seed: `has-choice-${players}` }, new BotRng(players))) {
        const s = step.state;
        const sources = [...s.meeting.plays.map((p) => p.card), DEFAULT_CARD_SET.characters[0]!.id];
        for (const effect of Object.values(DECISIONS)) {
          for (let seat = 0; seat < players; seat++) {
            for (const source of sources) {
              const any = effect.choices(s, seatOf(seat), source).length > 0;
              if (effect.hasChoice(s, seatOf(seat), source) !== any) wrong.push(`${effect.decision}, seat ${seat}, source ${source}: should be ${any}`);
              checked++;
              if (any) withAnswer++;
            }
          }
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // Both answers occur often enough for the comparison to mean something.
    expect(withAnswer).toBeGreaterThan(checked / 10);
    expect(checked - withAnswer).toBeGreaterThan(checked / 10);
  });
});

describe('offers', () => {
  it('accepts exactly the answers choices offers, among right and wrong targets and cards, at every step', () => {
    let accepted = 0;
    let refused = 0;
    const wrong: string[] = [];
    for (const players of PLAYER_COUNTS) {
      for (const step of playout({ players, seed: `offers-${players}` }, new BotRng(10 + players))) {
        const s = step.state;
        const cards = [undefined, ...s.meeting.plays.map((p) => p.card), ...s.allies.flat(), s.hands[0]![0]];
        const targets = [undefined, -1, ...Array.from({ length: players + 1 }, (_, t) => t)];
        for (const effect of Object.values(DECISIONS)) {
          const seat = s.version % players;
          const source = s.meeting.plays[0]?.card ?? DEFAULT_CARD_SET.characters[0]!.id;
          const offered = effect.choices(s, seatOf(seat), source);
          for (const target of targets) {
            for (const card of cards) {
              const choice: Choice = { ...(target === undefined ? {} : { target: seatOf(target) }), ...(card === undefined ? {} : { card }) };
              const expected = offered.some((c) => c.target === target && c.card === card);
              // Collected, not asserted one by one: an expect per candidate would take seconds.
              if (effect.offers(s, seatOf(seat), source, choice) !== expected) wrong.push(`${effect.decision} ${JSON.stringify(choice)}: should be ${expected}`);
              if (expected) accepted++;
              else refused++;
            }
          }
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });
});
