// Ally stacks count the way the round end counts (cards.md ruling 9): a face-up 2 counts as
// three, a masked ally counts one in its own stack and is no longer Evil.
import { describe, expect, it } from 'vitest';
import { allyStacks } from '../../../src/renderer/src/lib/allies';
import { DEFAULT_BOOK } from '../../../src/renderer/src/lib/cards';

describe('ally stacks', () => {
  it('counts a 2 as three, marks a face-up Evil card, and keeps masked allies apart', () => {
    const stacks = allyStacks(DEFAULT_BOOK, ['power-2', 'power-7', 'wisdom-1', 'love-1', 'demon', 'sage'], ['love-1']);
    expect(stacks.map((s) => [s.suit, s.cards.length, s.counts, s.evil])).toEqual([
      ['power', 2, 4, false],
      ['wisdom', 1, 1, true],
      ['wild', 2, 2, true],
      ['masked', 1, 1, false],
    ]);
  });

  it('counts a masked 2 as one ally', () => {
    expect(allyStacks(DEFAULT_BOOK, ['love-2'], ['love-2'])).toEqual([{ suit: 'masked', cards: ['love-2'], counts: 1, evil: false }]);
  });
});
