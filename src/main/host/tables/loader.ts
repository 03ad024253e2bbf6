// Tables loaded back from the data directory: a damaged file goes on from its longest valid
// prefix (the damaged file kept beside it, the loss remembered to tell the table's owner once);
// a file with nothing usable (empty, damaged header, newer version) is reported and kept aside
// as `.broken`; a finished game goes to the archive instead of memory; a game nobody has played
// for `abandonAfterMs` (its file untouched that long) is retired instead (lifecycle.ts).
import { stat } from 'node:fs/promises';
import type { Clock } from '../clock';
import type { Log } from '../log';
import type { FinishedArchive } from '../replay/finished-archive';
import { type Recovery, recoverTable } from '../table-file/recover';
import { TableFile, isStorageFailure } from '../table-file/store';
import type { Table } from '../table/table';
import type { TableModel } from '../table-file/table-model';
import type { TableDirectory } from './directory';

/** A table resumed from the valid part of a damaged file. */
export interface TableRecovery extends Recovery {
  /** Where the damaged file is kept. */
  readonly damagedFile: string;
}

export interface LoaderDeps {
  readonly dataDir: string;
  readonly clock: Clock;
  readonly log: Log;
  readonly archive: FinishedArchive;
  readonly directory: TableDirectory;
  /** The table of a model read back, over its file open for appending. */
  readonly build: (model: TableModel, file: TableFile) => Table;
  /** A table is back in memory: announce it. */
  readonly loaded: (table: Table) => void;
  /** A game whose file has not changed for this long is retired at start, not loaded. */
  readonly abandonAfterMs: number;
  /** Moves a retired game's file aside (TableFile.retire). */
  readonly retire: (id: string) => Promise<void>;
}

export class TableLoader {
  private readonly recoveries = new Map<string, TableRecovery>();
  private readonly recoveryTold = new Set<string>();
  private readonly unreadable: { path: string; reason: string }[] = [];

  constructor(private readonly deps: LoaderDeps) {}

  /** Loads every table of the data directory whose game is not over. */
  async loadAll(): Promise<void> {
    for (const path of await TableFile.list(this.deps.dataDir)) {
      const table = await this.load(path, true);
      if (table) this.deps.log.info(`table ${table.id} loaded (${table.model.actions.length} actions)`);
    }
  }

  /** Loads the table `id` back (a parked game). */
  loadId(id: string): Promise<Table | undefined> {
    return this.load(TableFile.pathOf(this.deps.dataDir, id), false);
  }

  /** What was lost when the table's file was recovered at load, if it was damaged. */
  recoveryOf(id: string): TableRecovery | undefined {
    return this.recoveries.get(id);
  }

  /** The recovery to tell the table's owner about, once: later calls get nothing. */
  takeRecoveryNotice(id: string): TableRecovery | undefined {
    const r = this.recoveries.get(id);
    if (!r || this.recoveryTold.has(id)) return undefined;
    this.recoveryTold.add(id);
    return r;
  }

  /** Table files that could not be loaded at all (kept aside as `.broken`). */
  get unreadableFiles(): readonly { path: string; reason: string }[] {
    return this.unreadable;
  }

  /**
   * Loads one table file (recovering damage); a finished game goes to the archive instead, and
   * at start (`starting`) a game untouched for `abandonAfterMs` is retired.
   */
  private async load(path: string, starting: boolean): Promise<Table | undefined> {
    const { clock, log, directory } = this.deps;
    try {
      // Only a start asks how long ago the file last changed: a parked game comes back on a resume.
      const untouchedMs = starting ? clock.now() - (await stat(path)).mtimeMs : 0;
      const text = await TableFile.read(path);
      const { model, validLines, recovery } = recoverTable(text.lines);
      if (recovery) {
        const kept = await TableFile.replaceWithPrefix(path, text.lines.slice(0, validLines), clock.now());
        this.recoveries.set(model.id, { ...recovery, damagedFile: kept });
        log.error(`${path}: damaged (${recovery.problem}); resumed from line ${validLines}, ${recovery.lostActions} action(s) lost; the damaged file is kept as ${kept}`);
      } else if (text.tornLine) {
        await TableFile.dropTornLine(path, text.lines);
        log.warn(`${path}: dropped a torn last line`);
      }
      if (directory.get(model.id)) return undefined;
      if (model.phase === 'over') {
        await this.deps.archive.add(model, clock.now());
        return undefined;
      }
      if (model.phase === 'playing' && untouchedMs >= this.deps.abandonAfterMs) {
        await this.deps.retire(model.id);
        log.info(`table ${model.id}: nobody has played it for ${Math.round(untouchedMs / 86_400_000)} days; retired, its file kept in abandoned/`);
        return undefined;
      }
      const table = this.deps.build(model, await TableFile.openForAppend(path));
      directory.add(table);
      this.deps.loaded(table);
      return table;
    } catch (e) {
      if (isStorageFailure(e)) {
        // The disk is full (mending the file needs room): the file is fine, and stays where it is for the next start.
        log.error(`${path}: cannot load this table now, the disk refuses writes; it is loaded at the next start`, e);
        return undefined;
      }
      this.unreadable.push({ path, reason: e instanceof Error ? e.message : String(e) });
      log.error(`${path}: cannot load this table; it is kept aside as ${path}.broken`, e);
      await TableFile.setAside(path);
      return undefined;
    }
  }
}
