// A table's changes made durable: lines are appended to the table file and flushed, and only
// then applied to the model, so nobody ever sees an effect the disk does not hold. A write that
// fails leaves the table read-only: it refuses every change from then on.
import type { Refusal } from '../../../shared/protocol/events';
import type { Log } from '../log';
import type { TableLine } from '../table-file/lines';
import type { TableFile } from '../table-file/store';
import { refuse } from '../wire/refusal';
import type { TableModel } from '../table-file/table-model';

export class TableJournal {
  private broken = false;

  constructor(
    private readonly model: TableModel,
    private readonly file: TableFile,
    private readonly log: Log,
  ) {}

  /** Writes lines and flushes them, then applies them to the model (an action's step as already computed). A refusal if the disk failed. */
  async write(lines: TableLine[], applied?: Parameters<TableModel['applyLine']>[1]): Promise<Refusal | null> {
    if (this.broken) return refuse('STORAGE_FAILED');
    try {
      await this.file.append(...lines);
    } catch (e) {
      this.broken = true;
      this.log.error(`table ${this.model.id}: cannot write its file; the table is now read-only`, e);
      return refuse('STORAGE_FAILED');
    }
    for (const line of lines) this.model.applyLine(line, line.t === 'act' ? applied : undefined);
    return null;
  }

  close(): Promise<void> {
    return this.file.close();
  }
}
