// The lines of a table file: a header (the table's config, options and secret seed), then one
// line per change: seats taken and freed, bots, the start, every applied action, hand-overs.
// The game record is the header's setup plus the `act` lines. Files of an older version are
// upgraded on load; a newer version is refused with a clear message.
import { z } from 'zod';
import type { Action } from '../../shared/rules/actions';
import { BOT_LEVELS, type BotLevel } from '../../shared/protocol/bot-level';
import { DEFAULT_OPTIONS, type GameOptions, type Seat } from '../../shared/rules/types';
import type { PinHash } from './tokens';

export const TABLE_FILE_VERSION = 2;

export interface TableHeader {
  readonly t: 'table';
  readonly v: typeof TABLE_FILE_VERSION;
  readonly id: string;
  readonly name: string;
  readonly players: number;
  readonly options: GameOptions;
  readonly pin: PinHash | null;
  /** Players may ask what the Master would play (absent in files written before hints: allowed). */
  readonly hints?: boolean;
  readonly seed: string;
  readonly createdAt: number;
  /** The host's default table: kept even when everyone leaves its lobby. */
  readonly persistent: boolean;
}

export type TableLine =
  | { readonly t: 'seat'; readonly seat: Seat; readonly name: string; readonly token: string } // token: its hash
  | { readonly t: 'bot'; readonly seat: Seat; readonly level?: BotLevel }
  | { readonly t: 'free'; readonly seat: Seat }
  | { readonly t: 'owner'; readonly seat: Seat | null }
  | { readonly t: 'start' }
  | { readonly t: 'act'; readonly a: Action; readonly seq: number | null }
  | { readonly t: 'control'; readonly seat: Seat; readonly bot: boolean; readonly level?: BotLevel }
  | { readonly t: 'left'; readonly seat: Seat };

const seat = z.int().min(0).max(5);
const text = z.string().max(400);
const hex = z.string().regex(/^[0-9a-f]{64}$/);
const action = z.union([
  z.strictObject({ seat, play: z.string().max(64), faceDown: z.boolean().optional() }),
  z.strictObject({ seat, choose: z.strictObject({ target: seat.optional(), card: z.string().max(64).optional() }) }),
]);
const options = z.strictObject({ themeCardOpens: z.boolean(), twoHistoryCards: z.boolean(), prolongedGame: z.boolean() });

const header = z.strictObject({
  t: z.literal('table'),
  v: z.literal(TABLE_FILE_VERSION),
  id: z.string().max(64),
  name: text,
  players: z.int().min(3).max(6),
  options,
  pin: z.strictObject({ salt: z.string().max(64), hash: hex }).nullable(),
  hints: z.boolean().optional(),
  seed: z.string().min(1).max(1024),
  createdAt: z.number(),
  persistent: z.boolean(),
});

const level = z.enum(BOT_LEVELS).optional();
const line = z.discriminatedUnion('t', [
  z.strictObject({ t: z.literal('seat'), seat, name: text, token: hex }),
  z.strictObject({ t: z.literal('bot'), seat, level }),
  z.strictObject({ t: z.literal('free'), seat }),
  z.strictObject({ t: z.literal('owner'), seat: seat.nullable() }),
  z.strictObject({ t: z.literal('start') }),
  z.strictObject({ t: z.literal('act'), a: action, seq: z.int().min(1).nullable() }),
  z.strictObject({ t: z.literal('control'), seat, bot: z.boolean(), level }),
  z.strictObject({ t: z.literal('left'), seat }),
]);

// Version 1, the first shape of the file: no PIN, no owner lines (the first seated player
// owned the table), and `act` lines holding the action under `action`, without a sequence number.
const headerV1 = z.strictObject({
  t: z.literal('table'),
  v: z.literal(1),
  id: z.string().max(64),
  name: text,
  players: z.int().min(3).max(6),
  options: options.partial(),
  seed: z.string().min(1).max(1024),
});
const lineV1 = z.discriminatedUnion('t', [
  z.strictObject({ t: z.literal('seat'), seat, name: text, token: hex }),
  z.strictObject({ t: z.literal('bot'), seat }),
  z.strictObject({ t: z.literal('free'), seat }),
  z.strictObject({ t: z.literal('start') }),
  z.strictObject({ t: z.literal('act'), action }),
]);

export class TableFileError extends Error {}

/** Checks and upgrades the parsed lines of a table file (header first). */
export function readTableLines(json: readonly unknown[]): { header: TableHeader; lines: TableLine[] } {
  const [first, ...rest] = json;
  const version = (first as { v?: unknown } | null)?.v;
  if (typeof version === 'number' && version > TABLE_FILE_VERSION) {
    throw new TableFileError(`table file version ${version} is newer than this app (${TABLE_FILE_VERSION})`);
  }
  if (version === 1) return upgradeV1(first, rest);
  const h = header.safeParse(first);
  if (!h.success) throw new TableFileError(`bad header: ${h.error.issues[0]?.message}`);
  return { header: h.data, lines: rest.map((l, i) => parseLine(line, l, i + 2)) };
}

function upgradeV1(first: unknown, rest: readonly unknown[]): { header: TableHeader; lines: TableLine[] } {
  const h = headerV1.safeParse(first);
  if (!h.success) throw new TableFileError(`bad version 1 header: ${h.error.issues[0]?.message}`);
  const old = h.data;
  const upgraded: TableHeader = {
    ...old,
    v: TABLE_FILE_VERSION,
    options: { ...DEFAULT_OPTIONS, ...old.options },
    pin: null,
    createdAt: 0,
    persistent: false,
  };
  const lines: TableLine[] = [];
  let owner: Seat | null = null;
  rest.forEach((raw, i) => {
    const l = parseLine(lineV1, raw, i + 2);
    if (l.t === 'act') lines.push({ t: 'act', a: l.action, seq: null });
    else lines.push(l);
    if (l.t === 'seat' && owner === null) {
      owner = l.seat;
      lines.push({ t: 'owner', seat: owner });
    }
  });
  return { header: upgraded, lines };
}

function parseLine<T>(schema: z.ZodType<T>, raw: unknown, lineNo: number): T {
  const r = schema.safeParse(raw);
  if (!r.success) throw new TableFileError(`line ${lineNo}: ${r.error.issues[0]?.message}`);
  return r.data;
}
