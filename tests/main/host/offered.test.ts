// A move the engine offers is written before the engine works it out (table.ts), so "offered"
// must mean exactly one of the legal actions: every one of them in every state of random games,
// and nothing that differs from them in any field.
import { describe, expect, it } from 'vitest';
import { isOffered } from '../../../src/main/host/offered';
import { BotRng } from '../../../src/shared/bots/prng';
import { type Action, isPlay } from '../../../src/shared/rules/actions';
import { applyAction, currentDecider, legalActions } from '../../../src/shared/rules/engine';
import { playout } from '../../helpers/playout';

/** Actions one field away from `a`. */
function near(a: Action, players: number): Action[] {
  const other = (a.seat + 1) % players;
  if (isPlay(a)) {
    return [
      { ...a, seat: other },
      { ...a, play: `${a.play}x` },
      { ...a, faceDown: !a.faceDown },
      ...(a.faceDown === undefined ? [] : [{ seat: a.seat, play: a.play }]),
      { ...a, extra: 1 } as Action,
    ];
  }
  const { choose } = a;
  return [
    { ...a, seat: other },
    { seat: a.seat, choose: { ...choose, target: (choose.target ?? 0) + 7 } },
    { seat: a.seat, choose: { ...choose, card: `${choose.card ?? 'none'}x` } },
    { seat: a.seat, choose: { ...choose, place: 0 } },
    { seat: a.seat, choose: {} },
    { ...a, extra: 1 } as Action,
  ];
}

describe('a move the engine offers', () => {
  it('is every legal action, which the engine then applies, and nothing one field away', () => {
    let offers = 0;
    for (const players of [3, 4, 5, 6]) {
      for (const { state } of playout({ players, seed: `offered-${players}` }, new BotRng(players))) {
        const seat = currentDecider(state);
        if (seat === null) continue;
        for (const a of legalActions(state, seat)) {
          expect(isOffered(state, a)).toBe(true);
          expect(isOffered(state, JSON.parse(JSON.stringify(a)) as Action)).toBe(true); // as it comes from a client
          expect(applyAction(state, a).ok).toBe(true);
          for (const b of near(a, players)) {
            if (!legalActions(state, seat).some((l) => JSON.stringify(l) === JSON.stringify(b))) expect(isOffered(state, b)).toBe(false);
          }
          offers++;
        }
      }
    }
    expect(offers).toBeGreaterThan(1000);
  });
});
