// The one schema module (src/shared/rules/schemas.ts) as the protocol, the record and the
// table file see it: an intent's action is the record's action with an optional seat and a
// choice that may name a place; nothing else gets through anywhere.
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS as botsLevels } from '../../../src/shared/bots/bot';
import { BOT_LEVELS } from '../../../src/shared/protocol/bot-level';
import { SCHEMAS } from '../../../src/shared/protocol/schemas';
import { actionSchema, optionsSchema, playersSchema } from '../../../src/shared/rules/schemas';
import { readTableLines } from '../../../src/main/host/table-file/lines';

const intent = (action: unknown) => SCHEMAS['game:act'].safeParse({ action, seq: 1, version: 0 }).success;

describe('one schema for actions, options and seats', () => {
  it('takes an intent in the record’s form, without a seat or with a place, and nothing more', () => {
    expect(intent({ play: 'power-4' })).toBe(true);
    expect(intent({ seat: 2, play: 'power-4', faceDown: true })).toBe(true);
    expect(intent({ choose: { place: 3 } })).toBe(true);
    expect(intent({ play: 'power-4', extra: 1 })).toBe(false);
    expect(intent({ choose: { target: 6 } })).toBe(false);
    expect(intent({ play: '' })).toBe(false);
  });

  it('keeps records and table files to the engine’s form: a seat always, never a place', () => {
    expect(actionSchema.safeParse({ seat: 1, play: 'power-4' }).success).toBe(true);
    expect(actionSchema.safeParse({ play: 'power-4' }).success).toBe(false);
    expect(actionSchema.safeParse({ seat: 1, choose: { place: 2 } }).success).toBe(false);
    const header = {
      t: 'table',
      v: 2,
      id: 'tbl',
      name: 'T',
      players: 3,
      options: { themeCardOpens: true, twoHistoryCards: false, prolongedGame: false },
      pin: null,
      seed: 's',
      createdAt: 0,
      persistent: false,
    };
    expect(() => readTableLines([header, { t: 'act', a: { seat: 1, choose: { place: 2 } }, seq: null }])).toThrow(/line 2/);
    expect(readTableLines([header, { t: 'act', a: { seat: 1, play: 'power-4' }, seq: 1 }]).lines).toHaveLength(1);
  });

  it('has one set of options, player counts and bot levels', () => {
    expect(optionsSchema.partial().safeParse({ prolongedGame: true }).success).toBe(true);
    expect(optionsSchema.safeParse({ prolongedGame: true }).success).toBe(false);
    expect([2, 3, 6, 7].map((n) => playersSchema.safeParse(n).success)).toEqual([false, true, true, false]);
    expect(botsLevels).toBe(BOT_LEVELS);
  });
});
