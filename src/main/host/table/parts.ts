// What one table is made of, as the modules acting for it see it (door.ts, seating.ts,
// lobby-changes.ts, moves.ts): its model and file, its connections, who is away, its views,
// its bots and its knocks. table.ts builds it once and runs each request in its queue.
import type { TableInfo } from '../../../shared/protocol/table-info';
import type { SeatPresence } from '../seats/presence';
import type { BotDriver } from '../seats/bot-seats';
import type { Clock } from '../clock';
import type { Log } from '../log';
import type { HintProvider } from './hints';
import type { TableKnocks } from './knocks';
import type { TableJournal } from './journal';
import type { TableModel } from '../table-file/table-model';
import type { TableTransport } from '../wire/transport';
import type { ViewSender } from './view-sender';
import type { TableId } from '../../../shared/ids';

/** The host's settings a table's requests read (table.ts's TableDeps has them all). */
export interface TableSettings {
  readonly clock: Clock;
  readonly log: Log;
  readonly graceMs: number;
  readonly secondMs: number;
  readonly hint?: HintProvider;
}

export interface TableParts {
  readonly id: TableId;
  readonly model: TableModel;
  readonly deps: TableSettings;
  readonly journal: TableJournal;
  readonly connections: TableTransport;
  readonly presence: SeatPresence;
  readonly views: ViewSender;
  readonly bots: BotDriver;
  /** People asking the owner to let them in without the PIN (knocks.ts). */
  readonly knocks: TableKnocks;
  /** The table's public info now (table-info.ts). */
  info(): TableInfo;
  /** The invite secret of a PIN table, for its seated players' links. */
  invite(): { invite?: string };
  /** The public info changed: tell the lobby and the LAN. */
  changed(): void;
  /** The lobby emptied: the registry may close and delete the table. */
  abandoned(): void;
  /** How long a dropped player's seat waits (auto-bot.ts). */
  graceMs(): number;
}
