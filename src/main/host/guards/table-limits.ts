// Fair limits per device (guards/devices.ts tells devices behind one address apart). Of the
// tables a device created, so many may have someone connected to them at a time; the host
// holds so many tables in memory. A table nobody is connected to never blocks a new one: when
// the host is full, the oldest idle table gives way (a lobby goes, a game is parked to disk, a
// finished game is archived). When every table has someone at it, the device holding the most
// lobbies gives up its oldest one to a newcomer holding fewer, so a few devices holding their
// full share cannot lock out the next one.
// Unfinished tables (lobbies, games in play, games parked lately) count to their device whatever
// their state, up to a device's share: a device cannot heap up games it started and left. All
// the devices of one address together have a larger share, so that a flood making up device ids
// stops too; a device holding fewer than MIN_SHARE is never refused by it, so that one device
// filling its address's share does not lock out the others behind the same router.
// Play again is no new table: it takes the finished game's place, counted to the same device.
// Games parked on disk are bounded too: past the host's number, the one a flood would have made
// is retired (parkedToRetire).

import type { Refusal } from '../../../shared/protocol/events';
import { refuse } from '../wire/refusal';

/** Every table has someone at it: no room for another. */
export class TooManyTables extends Error {}
/** One client address has as many tables open as it may. */
export class TooManyTablesHere extends Error {}

/** The refusal for a table that could not be made for lack of room; null for any other error. */
export function limitRefusal(e: unknown): Refusal | null {
  if (e instanceof TooManyTables) return refuse('TOO_MANY_TABLES', e.message);
  if (e instanceof TooManyTablesHere) return refuse('TOO_MANY_TABLES_HERE', e.message);
  return null;
}

/** Who asks for a new table: a device at a client address (devices.ts). */
export interface Creator {
  readonly address: string;
  readonly device: string;
}

/** Unfinished tables any device may create, whatever the other devices at its address hold. */
export const MIN_SHARE = 2;

/** Why `held` unfinished tables leave no room for one more, or null when they do. */
export function unfinishedRefusal(held: { device: number; address: number }, max: { perDevice: number; perAddress: number }): string | null {
  if (held.device >= max.perDevice) return `this device has ${held.device} unfinished tables at this host, the most it may: finish or leave one first`;
  if (held.address >= max.perAddress && held.device >= MIN_SHARE)
    return `the devices at this address have ${held.address} unfinished tables at this host, the most they may: finish or leave one first`;
  return null;
}

/** A table as the limits see it. */
export interface LimitedTable {
  readonly id: string;
  /** The device that created it (none for the host's own tables). */
  readonly by: string | undefined;
  /** Someone (a player or a spectator) is connected to it. */
  readonly live: boolean;
  /** Not started yet. */
  readonly lobby: boolean;
  /** The host's default table: it never gives way. */
  readonly kept: boolean;
  /** For "oldest": since when it has been idle, or when it was created when live. */
  readonly since: number;
}

export interface Limits {
  /** Tables in memory at most (idle ones included: they give way). */
  readonly total: number;
  /** Live tables one device may have created. */
  readonly perDevice: number;
}

export type Room =
  | { readonly kind: 'ok' }
  /** This table must go first (then ask again). */
  | { readonly kind: 'giveWay'; readonly id: string }
  /** The asking device holds its share already. */
  | { readonly kind: 'yours' }
  /** Every table has someone at it, and no address holds more than its fair share. */
  | { readonly kind: 'full' };

const oldest = (tables: readonly LimitedTable[]): LimitedTable | undefined =>
  tables.reduce<LimitedTable | undefined>((a, t) => (a === undefined || t.since < a.since ? t : a), undefined);

/** Live tables created by `device`. */
export const liveTablesOf = (tables: readonly LimitedTable[], device: string): number => tables.filter((t) => t.live && t.by === device).length;

/** Whether a new table from `device` fits, or what must give way first. */
export function roomFor(device: string | undefined, tables: readonly LimitedTable[], limits: Limits): Room {
  const mine = device === undefined ? 0 : liveTablesOf(tables, device);
  if (device !== undefined && mine >= limits.perDevice) return { kind: 'yours' };
  if (tables.length < limits.total) return { kind: 'ok' };
  const idle = oldest(tables.filter((t) => !t.live && !t.kept));
  if (idle) return { kind: 'giveWay', id: idle.id };
  // A lobby costs nothing to give up (no game is lost) and is all a flood of tables needs.
  const lobbies = tables.filter((t) => t.live && t.lobby && !t.kept && t.by !== undefined && t.by !== device);
  let heaviest: { by: string; count: number } | undefined;
  for (const by of new Set(lobbies.map((t) => t.by!))) {
    const count = liveTablesOf(tables, by);
    if (!heaviest || count > heaviest.count) heaviest = { by, count };
  }
  // Only when the newcomer would still hold no more than the heaviest after the move.
  if (!heaviest || heaviest.count < mine + 2) return { kind: 'full' };
  return { kind: 'giveWay', id: oldest(lobbies.filter((t) => t.by === heaviest.by))!.id };
}

/** A game parked on disk, as the bound on parked games sees it. */
export interface ParkedGame {
  readonly id: string;
  /** The client address that created it (none for the host's own tables). */
  readonly by: string | undefined;
  /** The device that created it (none for the host's own tables and older files). */
  readonly device?: string | undefined;
  /** Since when nobody has been at it. */
  readonly since: number;
  /** When it was created: `since - createdAt` is how long it was played before everyone left. */
  readonly createdAt: number;
  /** Moves people made in it (a bot's move is not counted). */
  readonly humanMoves: number;
}

const MINUTE = 60_000;

/**
 * The parked game to retire when more than `max` are parked, else undefined. A flood costs its
 * sender nothing but addresses, so what decides is what a flood cannot fake cheaply: first a
 * game nobody ever made a move in, then the game played for the shortest time (whole minutes,
 * from its creation to when everyone left: a flood's games last seconds, and the host holds
 * only so many tables at once, so faking an evening's game for a hundred games takes hours);
 * among equals, the game of the address that parked the most, and its newest. A family's
 * paused game, played for a while and parked before the flood, is the last to go.
 */
export function parkedToRetire(parked: readonly ParkedGame[], max: number): string | undefined {
  if (parked.length <= max) return undefined;
  const byAddress = new Map<string | undefined, number>();
  for (const game of parked) byAddress.set(game.by, (byAddress.get(game.by) ?? 0) + 1);
  const rank = (g: ParkedGame): number[] => [g.humanMoves > 0 ? 1 : 0, Math.floor(Math.max(0, g.since - g.createdAt) / MINUTE), -(byAddress.get(g.by) ?? 0), -g.since];
  const before = (a: number[], b: number[]): boolean => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
  };
  let first = parked[0]!;
  let firstRank = rank(first);
  for (const g of parked.slice(1)) {
    const r = rank(g);
    if (before(r, firstRank)) [first, firstRank] = [g, r];
  }
  return first.id;
}
