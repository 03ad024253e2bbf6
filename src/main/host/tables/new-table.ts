// What a new table is made from: its name, size and options, its PIN, and for a table that
// plays again what it carries over from the finished one (registry.ts makes it, rematch.ts asks).
import type { Standings } from '../../../shared/protocol/standings';
import type { GameOptions } from '../../../shared/rules/types';
import type { PinHash } from '../guards/tokens';
import type { TableId } from '../../../shared/ids';

export interface NewTable {
  readonly name: string;
  readonly players: number;
  readonly options?: Partial<GameOptions>;
  readonly pin?: string;
  /** Kept open even when its lobby empties (the host's default table). */
  readonly persistent?: boolean;
  /** Players may ask what the Master would play (default true). */
  readonly hints?: boolean;
  /** How long this table's bots wait before moving (the host's default when absent). */
  readonly botDelayMs?: number;
  /** The PIN as another table keeps it (a table that plays again keeps its PIN). */
  readonly pinHash?: PinHash | null;
  /** The evening so far, for a table that plays again. */
  readonly evening?: Standings | null;
  /** The finished table this one plays again after. */
  readonly from?: TableId;
  /** For a table that plays again: the address and device that created the finished one (it counts to them). */
  readonly by?: string;
  readonly device?: string;
}
