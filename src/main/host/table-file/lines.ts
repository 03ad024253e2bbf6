// The lines of a table file: a header (the table's config, options and secret seed), then one
// line per change: seats taken and freed, bots, the start, every applied action, hand-overs.
// The game record is the header's setup plus the `act` lines. Files of an older version are
// upgraded on load; a newer version is refused with a clear message.
import { MAX_BOT_DELAY_MS } from '../../../shared/protocol/events';
import { z } from 'zod';
import type { Action } from '../../../shared/rules/actions';
import { AUTO_BOT_SECONDS, type AutoBotAfter } from '../../../shared/protocol/auto-bot';
import { BOT_LEVELS, type BotLevel } from '../../../shared/protocol/bot-level';
import { actionSchema, optionsSchema, playersSchema, seatSchema } from '../../../shared/rules/schemas';
import { DEFAULT_OPTIONS, type GameOptions, type Seat } from '../../../shared/rules/types';
import type { PinHash } from '../guards/tokens';
import type { Standings } from '../../../shared/protocol/standings';
import type { TableId } from '../../../shared/ids';

const count = z.int().min(0).max(1_000_000);
const standingsSchema = z.strictObject({
  games: count,
  players: z.array(z.strictObject({ seat: seatSchema, name: z.string().max(400).nullable(), games: count, wins: count, fame: z.int().min(-1_000_000).max(1_000_000) })).max(64),
});

export const TABLE_FILE_VERSION = 2;

export interface TableHeader {
  readonly t: 'table';
  readonly v: typeof TABLE_FILE_VERSION;
  readonly id: TableId;
  readonly name: string;
  readonly players: number;
  readonly options: GameOptions;
  readonly pin: PinHash | null;
  /** Players may ask what the Master would play (absent in files written before hints: allowed). */
  readonly hints?: boolean;
  /** How long this table's bots wait before moving; the host's default when absent. */
  readonly botDelayMs?: number;
  /** The evening before this table: the games of the tables that played again up to it. */
  readonly evening?: Standings;
  /** The finished table this one plays again after: a player away at Play again finds their seat here with the same token. */
  readonly from?: TableId;
  readonly seed: string;
  readonly createdAt: number;
  /** The host's default table: kept even when everyone leaves its lobby. */
  readonly persistent: boolean;
  /** The client address that created the table (absent for the host's own), for the bounds per address. */
  readonly by?: string;
  /** The device that created it (guards/devices.ts: a digest, never the device's own id), for the limits per device. */
  readonly device?: string;
}

export type TableLine =
  | { readonly t: 'seat'; readonly seat: Seat; readonly name: string; readonly token: string } // token: its hash
  | { readonly t: 'bot'; readonly seat: Seat; readonly level?: BotLevel }
  | { readonly t: 'free'; readonly seat: Seat }
  | { readonly t: 'owner'; readonly seat: Seat | null }
  | { readonly t: 'start' }
  | { readonly t: 'act'; readonly a: Action; readonly seq: number | null }
  | { readonly t: 'control'; readonly seat: Seat; readonly bot: boolean; readonly level?: BotLevel }
  | { readonly t: 'left'; readonly seat: Seat }
  | { readonly t: 'autoBot'; readonly afterS: AutoBotAfter };

const seat = seatSchema;
const text = z.string().max(400);
const hex = z.string().regex(/^[0-9a-f]{64}$/);
const action = actionSchema;
const options = optionsSchema;

const header = z.strictObject({
  t: z.literal('table'),
  v: z.literal(TABLE_FILE_VERSION),
  id: z.string().max(64).brand<'TableId'>(),
  name: text,
  players: playersSchema,
  options,
  pin: z.strictObject({ salt: z.string().max(64), hash: hex }).nullable(),
  hints: z.boolean().optional(),
  botDelayMs: z.int().min(0).max(MAX_BOT_DELAY_MS).optional(),
  evening: standingsSchema.optional(),
  from: z.string().max(64).brand<'TableId'>().optional(),
  seed: z.string().min(1).max(1024),
  createdAt: z.number(),
  persistent: z.boolean(),
  by: z.string().max(64).optional(),
  device: z.string().max(80).optional(),
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
  z.strictObject({ t: z.literal('autoBot'), afterS: z.literal(AUTO_BOT_SECONDS).nullable() }),
]);

// Version 1, the first shape of the file: no PIN, no owner lines (the first seated player
// owned the table), and `act` lines holding the action under `action`, without a sequence number.
const headerV1 = z.strictObject({
  t: z.literal('table'),
  v: z.literal(1),
  id: z.string().max(64).brand<'TableId'>(),
  name: text,
  players: playersSchema,
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

/** Checks and upgrades the parsed lines of a table file (header first); throws at the first bad line. */
export function readTableLines(json: readonly unknown[]): { header: TableHeader; lines: TableLine[] } {
  const read = readTablePrefix(json);
  if (read.problem !== null) throw new TableFileError(read.problem);
  return read;
}

export interface TablePrefix {
  readonly header: TableHeader;
  /** The lines up to the first bad one, upgraded to the current version. */
  readonly lines: TableLine[];
  /** For each of `lines`, the index in the file of the line it came from (the header is 0). */
  readonly sources: number[];
  /** How many of the given lines (header included) were read. */
  readonly read: number;
  /** What is wrong with the first line not read; null when all were. */
  readonly problem: string | null;
}

/**
 * Reads the lines of a table file up to the first one that does not fit its schema. A header
 * that cannot be read (or a newer version) throws: then there is nothing to go on from.
 */
export function readTablePrefix(json: readonly unknown[]): TablePrefix {
  if (json.length === 0) throw new TableFileError('no header');
  const [first, ...rest] = json;
  const version = (first as { v?: unknown } | null)?.v;
  if (typeof version === 'number' && version > TABLE_FILE_VERSION) {
    throw new TableFileError(`table file version ${version} is newer than this app (${TABLE_FILE_VERSION})`);
  }
  const v1 = version === 1;
  const h = v1 ? upgradeV1Header(first) : header.safeParse(first);
  if (!h.success) throw new TableFileError(`bad ${v1 ? 'version 1 ' : ''}header: ${h.error.issues[0]?.message}`);
  const lines: TableLine[] = [];
  const sources: number[] = [];
  const push = (l: TableLine, source: number) => {
    lines.push(l);
    sources.push(source);
  };
  let owner: Seat | null = null;
  for (const [i, raw] of rest.entries()) {
    const r = v1 ? lineV1.safeParse(raw) : line.safeParse(raw);
    if (!r.success) return { header: h.data, lines, sources, read: i + 1, problem: `line ${i + 2}: ${r.error.issues[0]?.message}` };
    const l = r.data;
    if (!v1) {
      push(l as TableLine, i + 1);
      continue;
    }
    // Version 1: `action` without a sequence number; the first seated player owned the table.
    if (l.t === 'act') push({ t: 'act', a: (l as { action: Action }).action, seq: null }, i + 1);
    else push(l, i + 1);
    if (l.t === 'seat' && owner === null) {
      owner = l.seat;
      push({ t: 'owner', seat: owner }, i + 1);
    }
  }
  return { header: h.data, lines, sources, read: json.length, problem: null };
}

function upgradeV1Header(first: unknown): { success: true; data: TableHeader } | { success: false; error: z.ZodError } {
  const h = headerV1.safeParse(first);
  if (!h.success) return h;
  const old = h.data;
  return {
    success: true,
    data: { ...old, v: TABLE_FILE_VERSION, options: { ...DEFAULT_OPTIONS, ...old.options }, pin: null, createdAt: 0, persistent: false },
  };
}
