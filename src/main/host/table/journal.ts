// A table's changes made durable: lines are appended to the table file and flushed, and only
// then applied to the model, so nobody ever sees an effect the disk does not hold. A write the
// disk refuses (full, failing) is cut off again (store.ts), refused as STORAGE_FAILED with
// nothing applied, and makes the host's disk "full" (disk-room.ts): the table waits, tells its
// players why, and goes on once the disk has room again.
import type { Refusal } from '../../../shared/protocol/events';
import type { Log } from '../log';
import type { DiskRoom } from '../table-file/disk-room';
import type { TableLine } from '../table-file/lines';
import { type TableFile, isStorageFailure } from '../table-file/store';
import { refuse } from '../wire/refusal';
import type { TableModel } from '../table-file/table-model';

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
