// The finished-games archive as clients see it: a summary per game (no seed, no hands) and,
// on request, the game's record (record-format.md), which holds everything once it is over.
import type { GameRecord } from '../rules/record/record';
import type { TableId } from '../ids';
import type { Seat } from '../rules/types';

export interface FinishedGame {
  readonly id: TableId;
  readonly name: string;
  readonly players: number;
  /** Who sat where: players by name, bots (and seats never taken) without. */
  readonly seats: readonly { readonly kind: 'free' | 'human' | 'bot'; readonly name: string | null }[];
  /** Final fame per seat. */
  readonly fame: readonly number[];
  readonly winners: readonly Seat[];
  /** Host clock, ms since the epoch. */
  readonly createdAt: number;
  readonly finishedAt: number;
  /** Actions in the record. */
  readonly actions: number;
}

export interface ArchiveExport {
  readonly record: GameRecord;
}
