// Card numbers: every id of a set finds its place in the set, and nothing else finds one, also
// where two ids share the first letter, last letter and length the quick table goes by.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CARD_SET } from '../../../src/shared/rules';
import type { CardSet, CharacterDef } from '../../../src/shared/rules/card-set/types';
import { cardNumber, setFacts } from '../../../src/shared/rules/set-facts';
import { cardIdOf } from '../../../src/shared/ids';

/** The default set with its characters renamed. */
function renamed(ids: readonly string[]): CardSet {
  const characters: CharacterDef[] = DEFAULT_CARD_SET.characters.slice(0, ids.length).map((c, i) => ({ ...c, id: cardIdOf(ids[i]!) }));
  return { ...DEFAULT_CARD_SET, characters, characterById: new Map(characters.map((c) => [c.id, c])) };
}

describe('cardNumber', () => {
  it('gives each card of the default set its place in the set, and -1 to any other text', () => {
    const facts = setFacts(DEFAULT_CARD_SET);
    DEFAULT_CARD_SET.characters.forEach((c, n) => {
      expect(cardNumber(facts, c.id)).toBe(n);
      // The same text built anew (as a parsed record gives it), not the set's own string.
      expect(cardNumber(facts, cardIdOf([...c.id].join('')))).toBe(n);
    });
    for (const other of ['', 'king ', 'p', 'power-0', 'pqwer-1', 'love-11', 'KING', 'monster-attack']) expect(cardNumber(facts, cardIdOf(other))).toBe(-1);
  });

  it('finds ids that share their shape, and refuses text of the same shape', () => {
    const set = renamed(['ab1', 'ac1', 'ad1', 'zz', 'power-4']);
    const facts = setFacts(set);
    ['ab1', 'ac1', 'ad1', 'zz', 'power-4'].forEach((id, n) => expect(cardNumber(facts, cardIdOf(id))).toBe(n));
    for (const other of ['ae1', 'zy', 'pxxxx-4', 'ab2']) expect(cardNumber(facts, cardIdOf(other))).toBe(-1);
    // The facts of each set are its own, also when sets alternate.
    expect(cardNumber(setFacts(DEFAULT_CARD_SET), cardIdOf('ab1'))).toBe(-1);
    expect(cardNumber(setFacts(set), cardIdOf('power-4'))).toBe(4);
  });
});
