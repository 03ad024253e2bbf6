// The runtime schema of every client event's payload. Anything that does not parse is refused
// with BAD_REQUEST before it reaches a table. Strict objects: unknown keys are refused too.
import { MAX_BOT_DELAY_MS } from './events';
import { z } from 'zod';
import { choiceSchema, chooseSchema, optionsSchema, playSchema, playersSchema, seatSchema } from '../rules/schemas';
import { AUTO_BOT_SECONDS } from './auto-bot';
import { BOT_LEVELS } from './bot-level';
import { REACTIONS } from './reactions';
import type { ClientEvent, PayloadOf } from './events';
import { MAX_PLAYER_NAME, MAX_TABLE_NAME, cleanText } from './text';

export const TABLE_ID = /^[A-Za-z0-9_-]{8,32}$/;
export const TOKEN = /^[A-Za-z0-9_-]{43}$/; // 32 random bytes, base64url
export const KNOCK_ID = /^[A-Za-z0-9_-]{8,32}$/;

const seat = seatSchema;
const tableId = z.string().regex(TABLE_ID).brand<'TableId'>();
const token = z.string().regex(TOKEN).brand<'SeatToken'>();
const pin = z.string().min(1).max(32);
const invite = z.string().regex(TOKEN); // like a token: 32 bytes, base64url
const cleaned = (max: number) =>
  z
    .string()
    .max(max * 8)
    .transform((s) => cleanText(s, max))
    .pipe(z.string().min(1));
const empty = z.strictObject({}).nullish(); // an omitted payload arrives as null
/** Seat tokens one `archive:list` may show (a device's games: it keeps one token per table). */
export const MAX_ARCHIVE_TOKENS = 200;

const options = optionsSchema.partial();

// An intent's action: the record's form, where a seat, if sent, must be yours (the host checks)
// and a choice may name a face-down card by its place (ruling 14).
const action = z.union([playSchema.extend({ seat: seat.optional() }), chooseSchema.extend({ seat: seat.optional(), choose: choiceSchema.extend({ place: seat.optional() }) })]);

const replayViewer = z.union([seat, z.literal('spectator'), z.literal('all')]);

export const SCHEMAS = {
  'table:list': empty,
  'table:create': z.strictObject({
    name: cleaned(MAX_TABLE_NAME),
    players: playersSchema,
    options: options.optional(),
    pin: pin.optional(),
    playerName: cleaned(MAX_PLAYER_NAME),
    hints: z.boolean().optional(),
    botDelayMs: z.int().min(0).max(MAX_BOT_DELAY_MS).optional(),
  }),
  'table:join': z.strictObject({ tableId, name: cleaned(MAX_PLAYER_NAME), pin: pin.optional(), invite: invite.optional(), seat: seat.optional() }),
  'table:resume': z.strictObject({ tableId, token }),
  'table:leave': empty,
  'table:spectate': z.strictObject({ tableId, pin: pin.optional(), invite: invite.optional() }),
  'table:knock': z.strictObject({ tableId, name: cleaned(MAX_PLAYER_NAME) }),
  'table:answerKnock': z.strictObject({ id: z.string().regex(KNOCK_ID), admit: z.boolean() }),
  'table:addBot': z.strictObject({ seat, level: z.enum(BOT_LEVELS).optional() }),
  'table:removeBot': z.strictObject({ seat }),
  'table:removePlayer': z.strictObject({ seat }),
  'table:start': empty,
  'table:autoBot': z.strictObject({ afterS: z.literal(AUTO_BOT_SECONDS).nullable() }),
  'seat:giveToBot': z.strictObject({ seat, level: z.enum(BOT_LEVELS).optional() }),
  'seat:takeBack': empty,
  'game:act': z.strictObject({
    action,
    seq: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
    version: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  }),
  'game:sync': empty,
  'table:react': z.strictObject({ reaction: z.enum(REACTIONS) }),
  'game:hint': empty,
  'host:addresses': empty,
  'game:record': empty,
  'table:rematch': empty,
  'replay:open': z.strictObject({ record: z.unknown() }),
  'replay:step': z.strictObject({ version: z.number().int().min(0), viewer: replayViewer }),
  'replay:log': z.strictObject({ viewer: replayViewer }),
  'replay:analyse': z.strictObject({ version: z.number().int().min(0) }),
  'archive:list': z.strictObject({ tokens: z.array(token).max(MAX_ARCHIVE_TOKENS).optional() }).nullish(),
  'archive:export': z.strictObject({ tableId, token: token.optional() }),
} satisfies { [E in ClientEvent]: z.ZodType<PayloadOf<E>> };

export type ParsedPayload<E extends ClientEvent> = z.output<(typeof SCHEMAS)[E]>;
