// The public lobby information of a table: what anyone on the network may see. No tokens, no
// seed, no cards.
import type { GameOptions, Seat } from '../rules/types';
import type { AutoBotAfter } from './auto-bot';
import type { BotLevel } from './bot-level';
import type { Standings } from './standings';
import type { TableId } from '../ids';

export interface SeatInfo {
  readonly seat: Seat;
  readonly kind: 'free' | 'human' | 'bot';
  /** The cleaned display name of a human, a label for a bot, null for a free seat. */
  readonly name: string | null;
  /** A human whose connection is live (bots are always connected). */
  readonly connected: boolean;
  /** A human seat currently played by a bot. */
  readonly botPlaying: boolean;
  /** The owner may now hand this seat to a bot (its player is gone past the grace period). */
  readonly handoverAllowed: boolean;
  /**
   * For an absent player still within the table's wait (`graceMs`), in a game not over:
   * milliseconds, as of this message, until the seat goes to a bot (a countdown for everyone);
   * null otherwise.
   */
  readonly handoverInMs: number | null;
  /** How strong the bot plays, when a bot plays this seat. */
  readonly botLevel: BotLevel | null;
}

export type TablePhase = 'lobby' | 'playing' | 'over';

export interface TableInfo {
  readonly id: TableId;
  readonly name: string;
  readonly players: number;
  readonly options: GameOptions;
  readonly hasPin: boolean;
  /** Players may ask what the Master would play. */
  readonly hints: boolean;
  /** The finished table this one plays again after (its players away at Play again hold their seats here with that table's token). */
  readonly from?: TableId;
  /** The evening so far (this table's game once over, and the games before it that played again here); absent before any. */
  readonly standings?: Standings;
  readonly phase: TablePhase;
  /** The seat whose player manages the table (bots, start, hand-overs); null when none is seated. */
  readonly owner: Seat | null;
  readonly seats: readonly SeatInfo[];
  readonly spectators: number;
  /**
   * How long a player may be gone before their seat goes to a bot: the owner's "a bot after N
   * seconds" (the bot takes it then, and the countdown runs to it), or at a table that waits,
   * the host's grace period before the owner may hand it over.
   */
  readonly graceMs: number;
  /** A dropped player's seat goes to a bot after this many seconds; null: the table waits. */
  readonly autoBotAfterS: AutoBotAfter;
  /**
   * The host's disk refuses writes (full): nothing can be played or changed until it has room
   * again, when the game goes on by itself. Absent while the disk takes writes.
   */
  readonly diskFull?: true;
}

export const freeSeats = (t: TableInfo): number => t.seats.filter((s) => s.kind === 'free').length;

/**
 * A table's info as the lobby and every device on the LAN see it: a PIN table's evening standings
 * (names, Fame, wins) are for those who may see the table (its players and spectators, who typed
 * the PIN or hold its link), so they are left out here.
 */
export function lobbyInfo(info: TableInfo): TableInfo {
  if (!info.hasPin || info.standings === undefined) return info;
  const { standings: _hidden, ...rest } = info;
  return rest;
}
