// The seams of a table, each as narrow as its users need: the transport (wire/transport.ts,
// over Socket.IO in connections.ts), the storage (journal.ts: the table file), the clock
// (clock.ts), the bots (seats/bot-seats.ts), and the rest of the host (the lobby and the LAN,
// through the registry). table.ts builds them once; each module acting for a table (moves.ts,
// door.ts, lobby-changes.ts, seating.ts) declares the part of them it uses.
import type { Refusal } from '../../../shared/protocol/events';
import type { Applied } from '../../../shared/rules/engine';
import type { TableLine } from '../table-file/lines';

/** The table file: lines written and flushed, then applied to the model; a refusal, with nothing applied, if the disk refused. */
export interface Storage {
  write(lines: TableLine[], step?: Applied): Promise<Refusal | null>;
}

/** The bot-played seats: told after every change, the bot whose turn it is starts thinking. */
export interface Bots {
  schedule(): void;
}

/** The rest of the host, told about this table. */
export interface Announce {
  /** The public info changed (seats, phase, presence): tell the lobby and the LAN. */
  changed(): void;
  /** The lobby emptied: the registry may close and delete the table. */
  abandoned(): void;
}
