// The seams of a table, each as narrow as its users need: the transport (wire/transport.ts, over
// Socket.IO in connections.ts), the storage (the table file's journal, table-file/table-model.ts),
// the clock (clock.ts), the bots (seats/bot-seats.ts), and the rest of the host (the lobby and the
// LAN, through the registry). table.ts builds them once; each module acting for a table (moves.ts,
// door.ts, lobby-changes.ts, seating.ts) declares the part of them it uses.
import type { Refusal } from '../../../shared/protocol/events';
import type { Applied } from '../../../shared/rules/engine';
import type { Clock } from '../clock';
import type { Log } from '../log';
import type { BotPolicy } from '../seats/bot-seats';
import type { DiskRoom } from '../table-file/disk-room';
import type { TableLine } from '../table-file/lines';
import type { TransportFactory } from '../wire/transport';
import type { HintProvider } from './hints';

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

/** What the host hands each of its tables (`T`, table.ts's Table): its settings and the host-wide seams. */
export interface HostSeams<T> {
  readonly clock: Clock;
  readonly log: Log;
  /** The host's grace period: how long a table that waits for its players lets the owner wait before handing a seat over. */
  readonly graceMs: number;
  /** How long one second of the table's "a bot after N seconds" lasts (tests shorten it). */
  readonly secondMs: number;
  readonly botDelayMs: number;
  readonly botPolicy: BotPolicy;
  /** What the Master would play from a view, for hints; absent when the host runs no Master. */
  readonly hint?: HintProvider;
  /** The transport of a new table (connections.ts over Socket.IO). */
  readonly transport: TransportFactory;
  /** The public info changed (seats, phase, presence): tell the lobby and the LAN. */
  readonly changed: (table: T) => void;
  /** The lobby emptied: the registry may close and delete the table. */
  readonly abandoned: (table: T) => void;
  /** Whether the host's disk takes writes (disk-room.ts): every table waits while it does not. */
  readonly disk: DiskRoom;
}
