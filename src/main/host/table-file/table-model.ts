// A table as data: its header, seats, owner, and the game once started; and its journal, which
// writes a change to the table file before the model takes it. Live changes and a table file being
// loaded go through the same `applyLine`, so a restarted host rebuilds exactly the table it wrote
// down.
import type { Action } from '../../../shared/rules/actions';
import { type Applied, applyAction, newGame } from '../../../shared/rules/engine';
import { answersAsSeen } from '../../../shared/rules/place';
import type { GameState } from '../../../shared/rules/state';
import type { Seat } from '../../../shared/rules/types';
import { type AutoBotAfter, DEFAULT_AUTO_BOT } from '../../../shared/protocol/auto-bot';
import { type BotLevel, DEFAULT_BOT_LEVEL } from '../../../shared/protocol/bot-level';
import type { GameEventBatch } from '../../../shared/protocol/event-log';
import type { Refusal } from '../../../shared/protocol/events';
import type { Log } from '../log';
import { refuse } from '../wire/refusal';
import type { DiskRoom } from './disk-room';
import { TableFileError, type TableHeader, type TableLine } from './lines';
import { type TableFile, isStorageFailure } from './store';
import type { TableId } from '../../../shared/ids';

export interface SeatSlot {
  kind: 'free' | 'human' | 'bot';
  name: string | null;
  /** SHA-256 of the seat token (humans only). */
  tokenHash: string | null;
  /** A human seat handed to a bot. */
  botControlled: boolean;
  /** How strong the seat's bot plays (bots and handed-over seats). */
  botLevel: BotLevel;
  /** The player left during the game (they may still come back with their token). */
  left: boolean;
}

/**
 * A move the table file holds with its seat's intent number, as its seat saw and sent it (the
 * file names a card its seat answered by place, ruling 14): what the move memory of a table
 * read back from its file starts from (table/moves.ts).
 */
export interface RecordedIntent {
  readonly seq: number;
  /** The action as its seat sent it, the version it was sent against, and the version it made. */
  readonly seen: Action;
  readonly version: number;
  readonly after: number;
}

const freeSlot = (): SeatSlot => ({
  kind: 'free',
  name: null,
  tokenHash: null,
  botControlled: false,
  botLevel: DEFAULT_BOT_LEVEL,
  left: false,
});

export class TableModel {
  readonly seats: SeatSlot[];
  owner: Seat | null = null;
  /** A dropped player's seat goes to a bot after this many seconds (null: the table waits). */
  autoBotAfterS: AutoBotAfter = DEFAULT_AUTO_BOT;
  state: GameState | null = null;
  readonly actions: Action[] = [];
  /** The engine's events of every version so far, for the players' game logs. */
  readonly log: GameEventBatch[] = [];
  /** The moves people made (the intents with a number the file holds): for the archive's bounds. */
  humanMoves = 0;
  /** The numbered intents read back from the table file, in order (live ones are not kept here). */
  readonly readIntents: RecordedIntent[] = [];

  constructor(readonly header: TableHeader) {
    this.seats = Array.from({ length: header.players }, freeSlot);
  }

  get id(): TableId {
    return this.header.id;
  }

  get phase(): 'lobby' | 'playing' | 'over' {
    return this.state === null ? 'lobby' : this.state.over ? 'over' : 'playing';
  }

  /** A seat of this table (the guards have checked it exists). */
  seat(seat: Seat): SeatSlot {
    const slot = this.seats[seat];
    if (!slot) throw new RangeError(`no seat ${seat} at table ${this.id}`);
    return slot;
  }

  /** Applies one line; `applied` is the engine's result when the caller has it already. */
  applyLine(line: TableLine, applied?: Applied): void {
    switch (line.t) {
      case 'seat':
        Object.assign(this.seats[line.seat]!, freeSlot(), { kind: 'human', name: line.name, tokenHash: line.token });
        return;
      case 'bot':
        Object.assign(this.seats[line.seat]!, freeSlot(), { kind: 'bot', botLevel: line.level ?? DEFAULT_BOT_LEVEL });
        return;
      case 'free':
        Object.assign(this.seats[line.seat]!, freeSlot());
        return;
      case 'owner':
        this.owner = line.seat;
        return;
      case 'start': {
        const game = newGame({ players: this.header.players, options: this.header.options, seed: this.header.seed });
        if (!game.ok) throw new TableFileError(`cannot start: ${game.error.message}`);
        this.state = game.value.state;
        this.log.push({ version: this.state.version, events: game.value.events });
        return;
      }
      case 'act': {
        if (!this.state) throw new TableFileError('an action before the start');
        const step = applied ?? this.applyOrThrow(line.a);
        const prior = this.state;
        this.state = step.state;
        this.actions.push(line.a);
        this.log.push({ version: step.state.version, events: step.events });
        if (line.seq === null) return;
        this.humanMoves++;
        // A live move's answer is remembered by the move path (table/moves.ts); a move read back
        // from the file is kept as its seat saw it, for the memory of the table built from it.
        if (!applied) this.readIntents.push({ seq: line.seq, seen: answersAsSeen(prior, line.a.seat, [line.a])[0]!, version: prior.version, after: step.state.version });
        return;
      }
      case 'control':
        this.seats[line.seat]!.botControlled = line.bot;
        if (line.bot) this.seats[line.seat]!.botLevel = line.level ?? DEFAULT_BOT_LEVEL;
        return;
      case 'left':
        this.seats[line.seat]!.left = true;
        return;
      case 'autoBot':
        this.autoBotAfterS = line.afterS;
        return;
    }
  }

  private applyOrThrow(action: Action): Applied {
    const r = applyAction(this.state!, action);
    if (!r.ok) throw new TableFileError(`action ${this.actions.length + 1} refused: ${r.error.code}`);
    return r.value;
  }
}

// ---- the journal -----------------------------------------------------------------------------

/**
 * A table's changes made durable: lines are appended to the table file and flushed, and only
 * then applied to the model, so nobody ever sees an effect the disk does not hold. A write the
 * disk refuses (full, failing) is cut off again (store.ts), refused as STORAGE_FAILED with
 * nothing applied, and makes the host's disk "full" (disk-room.ts): the table waits, tells its
 * players why, and goes on once the disk has room again.
 */
export class TableJournal {
  /** The disk's state as last told (disk-room.ts): only a write that goes through while it is full has news for the disk room. */
  private diskFull: boolean;
  private readonly unwatchDisk: () => void;

  constructor(
    private readonly model: TableModel,
    private readonly file: TableFile,
    private readonly disk: DiskRoom,
    private readonly log: Log,
  ) {
    this.diskFull = disk.full;
    this.unwatchDisk = disk.watch((full) => (this.diskFull = full));
  }

  /** Writes lines and flushes them, then applies them to the model (an action's step as already computed). A refusal if the disk refused. */
  async write(lines: TableLine[], applied?: Parameters<TableModel['applyLine']>[1]): Promise<Refusal | null> {
    try {
      await this.file.append(...lines);
    } catch (e) {
      if (isStorageFailure(e)) this.disk.refused(e);
      else this.log.error(`table ${this.model.id}: cannot write its file`, e);
      return refuse('STORAGE_FAILED', "the host's disk is full: nothing was applied, and the game waits until it has room");
    }
    if (this.diskFull) this.disk.wrote();
    for (const line of lines) this.model.applyLine(line, line.t === 'act' ? applied : undefined);
    return null;
  }

  close(): Promise<void> {
    this.unwatchDisk();
    return this.file.close();
  }
}
