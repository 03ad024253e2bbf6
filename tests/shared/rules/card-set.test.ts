// The card set as data (docs/rules.md): the shipped set, a corrected set, and broken files.
import { describe, it, expect } from 'vitest';
import data from '../../../src/shared/rules/card-set/default-set.json';
import { DEFAULT_CARD_SET } from '../../../src/shared/rules/card-set/default-set';
import { DEFAULT_BOOK } from '../../../src/shared/card-book';
import { loadCardSet, parseCardSetJson, type CardSetError } from '../../../src/shared/rules/card-set/load';
import type { CardSetFile } from '../../../src/shared/rules/card-set/types';
import { type CardId, LANGUAGES } from '../../../src/shared/rules/types';
import { ALL_CARDS, ALL_HISTORY } from '../../kit/game/ids';
import { cardIdOf } from '../../../src/shared/ids';

// A card id is plain text in the file the test edits.
type DeepMutable<T> = T extends CardId ? string : T extends readonly (infer U)[] ? DeepMutable<U>[] : T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
type EditableFile = DeepMutable<CardSetFile>;

/** A fresh, editable copy of the shipped file. */
const copy = (): EditableFile => structuredClone(data) as EditableFile;
const character = (file: EditableFile, id: string) => {
  const found = file.characters.find((c) => c.id === id);
  if (!found) throw new Error(`no ${id} in the file`);
  return found;
};

/** Loads a file that must be refused, and returns its error. */
function rejected(input: unknown): CardSetError {
  const result = loadCardSet(input);
  expect(result.ok).toBe(false);
  if (result.ok) throw new Error('unreachable');
  expect(result.error.code).toBe('CARD_SET_INVALID');
  expect(result.error.problems.length).toBeGreaterThan(0);
  return result.error;
}

describe('the default card set', () => {
  it('loads with 36 characters and 12 history cards', () => {
    expect(DEFAULT_CARD_SET.id).toBe('default');
    expect(DEFAULT_CARD_SET.characters).toHaveLength(36);
    expect(DEFAULT_CARD_SET.history).toHaveLength(12);
    expect(DEFAULT_CARD_SET.characterById.size).toBe(36);
    expect(DEFAULT_CARD_SET.historyById.size).toBe(12);
  });

  it('uses the ids of record-format.md', () => {
    // The ids as record-format.md lists them, written out in the kit apart from the set's data.
    const ids = DEFAULT_CARD_SET.characters.map((c) => c.id);
    for (const id of ALL_CARDS) expect(ids).toContain(id);
    expect(DEFAULT_CARD_SET.history.map((h) => h.id)).toEqual(ALL_HISTORY);
  });

  it('gives the statuses of docs/rules.md', () => {
    const { characterById: c, historyById: h } = DEFAULT_CARD_SET;
    expect(c.get(cardIdOf('king'))!.status).toBe('reconstructed');
    expect(c.get(cardIdOf('king'))!.statusNote).toBe('timing printed; effect reconstructed');
    expect(c.get(cardIdOf('angel'))!.status).toBe('printed');
    expect(c.get(cardIdOf('power-4'))!.status).toBe('printed');
    expect(c.get(cardIdOf('love-2'))!.status).toBe('printed');
    expect(c.get(cardIdOf('wisdom-3'))!.status).toBe('reported'); // "timing printed; effect reported": the weakest part
    expect(c.get(cardIdOf('power-1'))!.status).toBe('reconstructed');
    expect(c.get(cardIdOf('power-1'))!.statusNote).toBe('ability printed; names reconstructed');
    expect(c.get(cardIdOf('love-8'))!.status).toBe('reported');
    expect(c.get(cardIdOf('wisdom-9'))!.status).toBe('reconstructed');
    expect(h.get('monster-attack')!.status).toBe('reported');
    expect(h.get('the-revolt')!.status).toBe('reconstructed');
    expect(h.get('the-revolt')!.statusNote).toBe('reported (condition); title reconstructed');
  });

  it('has the effects, timings and Evil cards of docs/rules.md', () => {
    const { characterById: c, historyById: h } = DEFAULT_CARD_SET;
    expect(c.get(cardIdOf('power-5'))!.effect.kind).toBe('halt');
    expect(c.get(cardIdOf('wisdom-2'))!.effect).toEqual({ kind: 'countsAs', count: 3 });
    expect(c.get(cardIdOf('love-3'))!).toMatchObject({ effect: { kind: 'reversal' }, timing: 'meetingEnd' });
    expect(c.get(cardIdOf('sage'))!).toMatchObject({ effect: { kind: 'steal' }, timing: 'played', strength: null, suit: 'wild' });
    expect(c.get(cardIdOf('angel'))!).toMatchObject({ effect: { kind: 'purgeEvil' }, timing: 'roundEnd' });
    const evil = DEFAULT_CARD_SET.characters.filter((card) => card.evil).map((card) => card.id);
    expect(evil.sort()).toEqual(['demon', 'love-1', 'power-1', 'wisdom-1']);
    expect(h.get('monster-attack')!).toMatchObject({ theme: 'power-4', condition: { kind: 'mostSuit', suit: 'power' } });
    expect(h.get('the-succession')!.condition).toEqual({ kind: 'mostOf', cards: ['power-2', 'wisdom-2', 'love-2'] });
    expect(h.get('a-time-of-darkness')!).toMatchObject({ theme: 'demon', effect: { kind: 'evilAllowed' } });
    expect(h.get('conversation-with-a-dragon')!.effect.kind).toBe('recallPrevious');
    expect(h.get('the-coronation-of-a-king')!.effect.kind).toBe('revealAnother');
  });

  it('names and describes every card in every language', () => {
    const cards = [...DEFAULT_CARD_SET.characters, ...DEFAULT_CARD_SET.history];
    for (const card of cards) {
      for (const lang of LANGUAGES) {
        expect(card.name[lang].trim(), `${card.id} name.${lang}`).not.toBe('');
        expect(card.text[lang].trim(), `${card.id} text.${lang}`).not.toBe('');
      }
    }
    expect(DEFAULT_CARD_SET.characterById.get(cardIdOf('wisdom-4'))!.name.fr).toBe('Diseuse de bonne aventure');
    expect(DEFAULT_CARD_SET.characterById.get(cardIdOf('love-3'))!.name.hu).toBe('Szolgáló');
  });

  it('is deeply frozen, and loading leaves the input untouched', () => {
    expect(Object.isFrozen(DEFAULT_CARD_SET)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CARD_SET.characterById.get(cardIdOf('king'))!.effect)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CARD_SET.historyById.get('the-succession')!.name)).toBe(true);
    expect(Object.isFrozen(data.characters[0])).toBe(false);
  });
});

describe("the screens' copy of the default set", () => {
  // The page builds the shipped file without the schema check (no zod in the page): it must be
  // the set the engine checked, card for card.
  it('is the checked set, card for card', () => {
    expect(DEFAULT_BOOK.id).toBe(DEFAULT_CARD_SET.id);
    expect(DEFAULT_BOOK.characters).toEqual(DEFAULT_CARD_SET.characters);
    expect(DEFAULT_BOOK.historyCards).toEqual(DEFAULT_CARD_SET.history);
    expect(Object.isFrozen(DEFAULT_BOOK.characters[0]!.name)).toBe(true);
  });
});

describe('loading another card set', () => {
  it('accepts a corrected text and shows it', () => {
    const file = copy();
    character(file, 'power-9').text.en = 'Insight: look at the hand of an opponent of your choice.';
    file.id = 'corrected';
    const result = loadCardSet(file);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.id).toBe('corrected');
    expect(result.value.characterById.get(cardIdOf('power-9'))!.text.en).toBe('Insight: look at the hand of an opponent of your choice.');
    expect(DEFAULT_CARD_SET.characterById.get(cardIdOf('power-9'))!.text.en).not.toBe(result.value.characterById.get(cardIdOf('power-9'))!.text.en);
  });

  it('reads a file from its JSON text', () => {
    const result = parseCardSetJson(JSON.stringify(data));
    expect(result.ok).toBe(true);
  });
});

describe('a broken card set is refused whole', () => {
  it('a missing card', () => {
    const file = copy();
    file.characters = file.characters.filter((c) => c.id !== 'love-6');
    const error = rejected(file);
    expect(error.problems).toContain('characters: expected 36 cards, found 35');
    expect(error.message).toContain('no love card of strength 6');
  });

  it('a duplicate id', () => {
    const file = copy();
    character(file, 'wisdom-7').id = 'wisdom-6';
    const error = rejected(file);
    expect(error.problems.some((p) => /\(wisdom-6\): duplicate id/.test(p))).toBe(true);
  });

  it('a duplicate history id', () => {
    const file = copy();
    file.history[1]!.id = 'monster-attack';
    expect(rejected(file).message).toContain('history[1] (monster-attack): duplicate id');
  });

  it('a wrong strength', () => {
    const file = copy();
    character(file, 'power-7').strength = 11;
    const error = rejected(file);
    expect(error.message).toContain('(power-7): a power card needs a strength from 1 to 10, not 11');
    expect(error.problems).toContain('characters: no power card of strength 7');
  });

  it('a Wild card with a strength', () => {
    const file = copy();
    character(file, 'fool').strength = 5;
    expect(rejected(file).message).toContain('(fool): a wild card has strength null, not 5');
  });

  it('a timing that does not fit the effect', () => {
    const file = copy();
    character(file, 'power-3').timing = 'played';
    expect(rejected(file).message).toContain('characters[2] (power-3): effect reversal requires timing meetingEnd, not played');
  });

  it('an Evil card that does not act at round end', () => {
    const file = copy();
    character(file, 'love-1').timing = 'played';
    expect(rejected(file).message).toContain('(love-1): an Evil card with effect none requires timing roundEnd');
  });

  it('5 Evil cards', () => {
    const file = copy();
    character(file, 'dragon').evil = true;
    expect(rejected(file).message).toContain('expected 4 Evil cards, found 5');
  });

  it('an unknown theme card', () => {
    const file = copy();
    file.history[0]!.theme = 'power-11';
    expect(rejected(file).message).toContain('history[0] (monster-attack): theme power-11 is not a character card id');
  });

  it('two history cards with one theme', () => {
    const file = copy();
    file.history[1]!.theme = 'power-4';
    expect(rejected(file).message).toContain('theme power-4 is already the theme of history[0] (monster-attack)');
  });

  it('an unknown card in a mostOf condition', () => {
    const file = copy();
    file.history[8]!.condition = { kind: 'mostOf', cards: ['power-2', 'jester'] };
    expect(rejected(file).message).toContain('(the-succession): condition mostOf lists jester');
  });

  it('two history cards that reveal another', () => {
    const file = copy();
    file.history[0]!.effect = { kind: 'revealAnother' };
    expect(rejected(file).message).toContain('at most one card may have effect revealAnother');
  });

  it('an unknown key', () => {
    const file = copy();
    Object.assign(character(file, 'king'), { colour: 'grey' });
    expect(rejected(file).message).toContain('(king): Unrecognized key: "colour"');
  });

  it('an unknown effect kind', () => {
    const file = copy();
    Object.assign(character(file, 'sage'), { effect: { kind: 'teleport' } });
    expect(rejected(file).message).toContain('(sage).effect.kind');
  });

  it('an empty translation', () => {
    const file = copy();
    character(file, 'wisdom-4').text.hu = '  ';
    file.history[2]!.name.fr = '';
    const error = rejected(file);
    expect(error.problems).toEqual(['characters[13] (wisdom-4): text.hu is empty', 'history[2] (the-great-reform): name.fr is empty']);
    expect(error.message).toContain('2 problems');
  });

  it('a missing language', () => {
    const file = copy();
    const name: Partial<Record<string, string>> = character(file, 'demon').name;
    delete name['fr'];
    expect(rejected(file).message).toContain('(demon).name.fr');
  });

  it('another format or version', () => {
    expect(rejected({ ...copy(), version: 2 }).message).toContain('version');
    expect(rejected({ ...copy(), format: 'chronicle-record' }).message).toContain('format');
    expect(rejected(null).message).toContain('expected object');
  });

  it('text that is not JSON', () => {
    const result = parseCardSetJson('{ "format": "chronicle-card-set", ');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('CARD_SET_INVALID');
    expect(result.error.message).toMatch(/not valid JSON/);
  });
});
