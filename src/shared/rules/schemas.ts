// The runtime shapes of what the game is made of, in one place: seats, card ids, game options,
// and actions in the record's form. The protocol (intents), the host's table file, the record
// file and the engine's own shape check all use these.
import { z } from 'zod';

/** A seat number of any table (3–6 players). */
export const seatSchema = z.int().min(0).max(5).brand<'Seat'>();
export const playersSchema = z.int().min(3).max(6);
export const cardIdSchema = z.string().min(1).max(64).brand<'CardId'>();

export const optionsSchema = z.strictObject({ themeCardOpens: z.boolean(), twoHistoryCards: z.boolean(), prolongedGame: z.boolean() });

export const playSchema = z.strictObject({ seat: seatSchema, play: cardIdSchema, faceDown: z.boolean().optional() });
export const choiceSchema = z.strictObject({ target: seatSchema.optional(), card: cardIdSchema.optional() });
export const chooseSchema = z.strictObject({ seat: seatSchema, choose: choiceSchema });
/** An action as records and table files keep it (actions.ts). */
export const actionSchema = z.union([playSchema, chooseSchema]);

/** The keys each part of an action may have, for the engine's quick shape check. */
export const ACTION_KEYS = {
  play: Object.keys(playSchema.shape),
  choose: Object.keys(chooseSchema.shape),
  choice: Object.keys(choiceSchema.shape),
} as const;
