// Zod schema of the card-set file (types.ts `CardSetFile`): the shape only. The cross-checks that
// make a set playable (36 cards, strengths 1–10, timing per effect…) live in load.ts.
import { z } from 'zod';
import { STRENGTH_SUITS } from '../types';
import type { CardSetFile, CharacterDef, CharacterEffect, FameCondition, HistoryDef, HistoryEffect } from './types';

// Strict objects everywhere: a misspelt key in a hand-edited file is an error, not silently ignored.
// Empty strings pass here on purpose: load.ts reports them with the card's id.
const localized = z.strictObject({ en: z.string(), hu: z.string(), fr: z.string() });
const id = z.string().min(1);
/** A character's id: a card id from here on (src/shared/ids.ts). */
const cardId = id.brand<'CardId'>();
const status = z.enum(['printed', 'reported', 'reconstructed']);

const characterEffect = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('countsAs'), count: z.number().int().positive() }),
  z.strictObject({ kind: z.literal('reversal') }),
  z.strictObject({ kind: z.literal('steal') }),
  z.strictObject({ kind: z.literal('halt') }),
  z.strictObject({ kind: z.literal('recall') }),
  z.strictObject({ kind: z.literal('return') }),
  z.strictObject({ kind: z.literal('discardAlly') }),
  z.strictObject({ kind: z.literal('insight') }),
  z.strictObject({ kind: z.literal('gift') }),
  z.strictObject({ kind: z.literal('winMeeting') }),
  z.strictObject({ kind: z.literal('demonChoice') }),
  z.strictObject({ kind: z.literal('burn') }),
  z.strictObject({ kind: z.literal('mask') }),
  z.strictObject({ kind: z.literal('purgeEvil') }),
]);

const character = z.strictObject({
  id: cardId,
  suit: z.enum(['power', 'wisdom', 'love', 'wild']),
  // Any integer here; load.ts checks 1–10 / null against the suit with a clearer message.
  strength: z.number().int().nullable(),
  timing: z.enum(['played', 'meetingEnd', 'roundEnd']),
  effect: characterEffect,
  evil: z.boolean(),
  name: localized,
  text: localized,
  status,
  statusNote: z.string().optional(),
});

const fameCondition = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('mostSuit'), suit: z.enum(STRENGTH_SUITS) }),
  z.strictObject({ kind: z.literal('fewestSuit'), suit: z.enum(STRENGTH_SUITS) }),
  z.strictObject({ kind: z.literal('mostTotal') }),
  z.strictObject({ kind: z.literal('fewestTotal') }),
  z.strictObject({ kind: z.literal('mostOf'), cards: z.array(cardId).min(1).readonly() }),
  z.strictObject({ kind: z.literal('mostEvil') }),
  z.strictObject({ kind: z.literal('none') }),
]);

const historyEffect = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('evilAllowed') }),
  z.strictObject({ kind: z.literal('recallPrevious') }),
  z.strictObject({ kind: z.literal('revealAnother') }),
]);

const historyCard = z.strictObject({
  id,
  theme: cardId,
  condition: fameCondition,
  effect: historyEffect,
  name: localized,
  text: localized,
  status,
  statusNote: z.string().optional(),
});

export const cardSetFileSchema = z.strictObject({
  format: z.literal('chronicle-card-set'),
  version: z.literal(1),
  id,
  name: localized,
  characters: z.array(character).readonly(),
  history: z.array(historyCard).readonly(),
});

// Compile-time guards against drift between this schema and types.ts, in both directions:
// a field or effect kind added to one and not the other fails `tsc`. (Arrays are `.readonly()`
// above so that the readonly TS types are assignable back to the parsed type.) The key checks
// catch an optional field present on one side only, which assignability alone lets through.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AssertTrue<T extends true> = T;
export type SchemaMatchesTypes = [
  AssertTrue<Same<z.infer<typeof cardSetFileSchema>, CardSetFile>>,
  AssertTrue<Same<z.infer<typeof characterEffect>, CharacterEffect>>,
  AssertTrue<Same<z.infer<typeof fameCondition>, FameCondition>>,
  AssertTrue<Same<z.infer<typeof historyEffect>, HistoryEffect>>,
  AssertTrue<Same<keyof z.infer<typeof cardSetFileSchema>, keyof CardSetFile>>,
  AssertTrue<Same<keyof z.infer<typeof character>, keyof CharacterDef>>,
  AssertTrue<Same<keyof z.infer<typeof historyCard>, keyof HistoryDef>>,
];
