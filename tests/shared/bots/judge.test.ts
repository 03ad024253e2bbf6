// The Adept's card values are cached in one table shared by every Judge: Judges alive at the
// same time must each get the values of their own table.
import { describe, expect, it } from 'vitest';
import { Judge } from '../../../src/shared/bots/adept-values';
import { boardFromState } from '../../../src/shared/bots/board';
import { botCards } from '../../../src/shared/bots/cards';
import { DEFAULT_CARD_SET } from '../../../src/shared/rules';
import { randomGame } from '../../kit/game/playout';
import { seatOf } from '../../../src/shared/ids';

const cards = botCards(DEFAULT_CARD_SET);

/** Every card's value to every seat, read in the given order of seats. */
function values(j: Judge, seats: readonly number[]): number[] {
  const out: number[] = [];
  for (const seat of seats) for (const c of cards.all) out.push(j.valueOf(seatOf(seat), c), j.valueOf(seatOf(seat), c, true));
  return out;
}

describe('Judge', () => {
  it('two Judges used in turns give the values each gives alone', () => {
    const states = [...randomGame(4, 'judge-a')];
    const late = states[Math.floor(states.length * 0.6)]!;
    const other = [...randomGame(5, 'judge-b')][40]!;
    const seatsA = [0, 1, 2, 3];
    const seatsB = [4, 3, 2, 1, 0];
    const alone = [values(new Judge(boardFromState(late, seatOf(0), cards, null)), seatsA), values(new Judge(boardFromState(other, seatOf(2), cards, null)), seatsB)];
    // Interleaved: B writes seats A reads later (seat 3 before A gets to it), and A reads each
    // seat twice (the second time from the cache).
    const a = new Judge(boardFromState(late, seatOf(0), cards, null));
    const b = new Judge(boardFromState(other, seatOf(2), cards, null));
    const [aFirst, aAgain, bAll] = [[] as number[], [] as number[], [] as number[]];
    for (let k = 0; k < seatsB.length; k++) {
      if (k < seatsA.length) aFirst.push(...values(a, [seatsA[k]!]));
      bAll.push(...values(b, [seatsB[k]!]));
      if (k < seatsA.length) aAgain.push(...values(a, [seatsA[k]!]));
    }
    expect(aFirst).toEqual(alone[0]);
    expect(aAgain).toEqual(alone[0]);
    expect(bAll).toEqual(alone[1]);
    // The two tables differ, so sharing entries would have shown.
    expect(alone[0]).not.toEqual(alone[1]!.slice(0, alone[0]!.length));
  });
});
