// Events as a screen receives them, for the renderer's tests of the story and the table.
import type { VisibleEvent } from '../../../src/shared/rules/view';
import { cardIdOf, seatOf } from '../../../src/shared/ids';

type EventOf<T extends VisibleEvent['type']> = Extract<VisibleEvent, { type: T }>;

/** A meeting of two plays, seat 0's Power 2 and seat 1's Power 9: seat 1 wins on the highest strength. */
export const meetingEnded: EventOf<'meetingEnded'> = {
  type: 'meetingEnded',
  meeting: {
    leader: seatOf(0),
    plays: [
      { seat: seatOf(0), card: cardIdOf('power-2'), faceDown: false, returned: false },
      { seat: seatOf(1), card: cardIdOf('power-9'), faceDown: false, returned: false },
    ],
    halted: false,
    winner: seatOf(1),
    demonTo: null,
    burned: false,
  },
  reason: 'highest',
};

/** The first round of four seats scored (Monster Attack in play, nobody with anything): `fame` gained by each. */
export function roundScored(fame: readonly number[]): EventOf<'roundScored'> {
  const seats = [0, 1, 2, 3].map(() => ({ power: 0, wisdom: 0, love: 0, total: 0, evil: 0, masked: 0, excluded: false, met: [] as string[], fameGained: 0 }));
  return {
    type: 'roundScored',
    score: { round: 0, history: ['monster-attack'], excluded: [], evilMonopoly: null, seats, counts: [[0, 0, 0, 0]], purge: null },
    fame: [...fame],
    purged: [],
  };
}
