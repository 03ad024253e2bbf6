// The tables of one host, put together from their parts: the directory and its quotas
// (directory.ts), where each table lives over time (sweeper.ts), loading back from the data
// directory with its recovery notices (loader.ts), playing again (rematch.ts) and the lobby and
// LAN told of every change (announcer.ts). Tables are created on request and closed at shutdown.
import { rm, stat } from 'node:fs/promises';
import type { TableInfo } from '../../../shared/protocol/table-info';
import { DEFAULT_OPTIONS } from '../../../shared/rules/types';
import type { Advertiser } from './advertiser';
import { TableAdverts } from './adverts';
import { type Asker, FinishedArchive, mayViewModel, seatHashes, summaryOf } from '../replay/finished-archive';
import type { FinishedGame } from '../../../shared/protocol/archive';
import type { GameRecord } from '../../../shared/rules/record/record';
import { TableFile, isStorageFailure } from '../table-file/store';
import { type AbandonedBound, pruneAbandoned } from '../table-file/abandoned';
import { Table, type TableDeps } from '../table/table';
import { TABLE_FILE_VERSION, type TableHeader } from '../table-file/lines';
import { TableModel } from '../table-file/table-model';
import { hashPin, newTableId } from '../guards/tokens';
import type { LobbyTransport } from '../wire/transport';
import { Rematches } from './rematch';
import type { NewTable } from './new-table';
import { DEFAULT_LIFECYCLE, type Lifecycle } from './lifecycle';
import { TableDirectory } from './directory';
import { TableSweeper } from './sweeper';
import { TableLoader, type TableRecovery } from './loader';
import { LobbyAnnouncer } from './announcer';
import type { Creator } from '../guards/table-limits';

export type { TableRecovery } from './loader';
export type { NewTable };

/** What every table gets, plus what the registry itself needs. */
export interface RegistryDeps extends Omit<TableDeps, 'changed' | 'abandoned'> {
  /** Where the lobby hears of the tables (connections.ts over Socket.IO). */
  readonly lobby: LobbyTransport;
  readonly dataDir: string;
  /** A new table's secret seed. */
  readonly newSeed: () => string;
  readonly advertiser: Advertiser;
  readonly maxTables: number;
  /** The HTTP port, for adverts. */
  readonly port: () => number;
  readonly lifecycle?: Partial<Lifecycle>;
  /** Called after any table changed (seats, connections, phase) or went. */
  readonly onChange?: () => void;
}

export class TableRegistry {
  private readonly directory: TableDirectory;
  private readonly sweeper: TableSweeper;
  private readonly loader: TableLoader;
  private readonly announcer: LobbyAnnouncer;
  /** Play again (rematch.ts): the table each finished table plays again at, and where a seat token plays now. */
  readonly rematches: Rematches;
  private readonly tableDeps: TableDeps;
  readonly archive: FinishedArchive;
  /** How long, and how many, retired files `abandoned/` keeps. */
  private readonly abandonedBound: AbandonedBound;

  constructor(private readonly deps: RegistryDeps) {
    const lifecycle = { ...DEFAULT_LIFECYCLE, ...deps.lifecycle };
    const { clock, log, dataDir } = deps;
    this.abandonedBound = { keepMs: lifecycle.abandonedKeepMs, maxFiles: lifecycle.maxAbandoned };
    this.archive = new FinishedArchive(dataDir, lifecycle.maxFinished);
    const archive = this.archive;
    this.directory = new TableDirectory({
      clock,
      maxTables: deps.maxTables,
      maxTablesPerDevice: lifecycle.maxTablesPerDevice,
      maxUnfinishedPerDevice: lifecycle.maxUnfinishedPerDevice,
      maxUnfinishedPerAddress: lifecycle.maxUnfinishedPerAddress,
      parkedCountsMs: lifecycle.parkedCountsMs,
    });
    const directory = this.directory;
    this.announcer = new LobbyAnnouncer(deps.lobby, new TableAdverts(deps.advertiser, log, deps.port), deps.onChange);
    this.rematches = new Rematches({
      create: (req) => this.create(req, false),
      dispose: (t) => this.dispose(t, true),
      list: () => this.directory.list(),
      all: () => this.directory.all(),
      open: (id) => this.open(id),
    });
    this.tableDeps = {
      clock,
      log,
      graceMs: deps.graceMs,
      secondMs: deps.secondMs,
      botDelayMs: deps.botDelayMs,
      botPolicy: deps.botPolicy,
      hint: deps.hint,
      transport: deps.transport,
      changed: (t) => this.changed(t),
      abandoned: (t) => void this.dispose(t, true),
      disk: deps.disk,
    };
    const build = (model: TableModel, file: TableFile) => new Table(this.tableDeps, model, file);
    this.loader = new TableLoader({
      dataDir,
      clock,
      log,
      archive,
      directory,
      build,
      loaded: (t) => this.changed(t),
      abandonAfterMs: lifecycle.abandonAfterMs,
      retire: (id) => this.moveToAbandoned(id),
    });
    this.sweeper = new TableSweeper({
      directory,
      archive,
      clock,
      log,
      lifecycle,
      load: (id) => this.loader.loadId(id),
      dispose: (t, forget) => this.dispose(t, forget),
      parked: (id) => this.announcer.parked(id),
      retire: (id) => this.retire(id),
      lastWritten: (id) =>
        stat(TableFile.pathOf(dataDir, id)).then(
          (s) => s.mtimeMs,
          () => Infinity,
        ),
    });
  }

  get size(): number {
    return this.directory.size;
  }

  get(id: string): Table | undefined {
    return this.directory.byId.get(id);
  }

  /** The tables in memory by id (one map for the host's life): a connection's requests look their table up in it. */
  get byId(): ReadonlyMap<string, Table> {
    return this.directory.byId;
  }

  all(): Table[] {
    return this.directory.all();
  }

  /** The tables in memory and the parked ones, as the lobby sees them; `at`, the asker's own table, whole. */
  list(at?: string): TableInfo[] {
    return this.directory.list(at);
  }

  /** Games parked on disk (ids). */
  get parkedIds(): string[] {
    return this.directory.parkedIds;
  }

  /** A table by id, loading it back first when it was parked. */
  open(id: string): Promise<Table | undefined> {
    return this.sweeper.open(id);
  }

  /**
   * A new table; `announce: false` when its creator takes a seat first (the join announces it).
   * `by`, the device asking, within its share (table-limits.ts); none for the host's own tables
   * and for Play again (`req.by` and `req.device` then name who it counts to).
   */
  create(req: NewTable, announce = true, by?: Creator): Promise<Table> {
    return this.directory.withRoom(
      by,
      (id) => this.sweeper.leaving(id),
      (t) => this.sweeper.giveWay(t),
      () => this.createTable(req, announce, by),
    );
  }

  private async createTable(req: NewTable, announce: boolean, by: Creator | undefined): Promise<Table> {
    const address = by?.address ?? req.by;
    const device = by?.device ?? req.device;
    const header: TableHeader = {
      t: 'table',
      v: TABLE_FILE_VERSION,
      id: newTableId(),
      name: req.name,
      players: req.players,
      options: { ...DEFAULT_OPTIONS, ...req.options },
      pin: req.pinHash !== undefined ? req.pinHash : req.pin === undefined ? null : hashPin(req.pin),
      hints: req.hints ?? true,
      ...(req.botDelayMs === undefined ? {} : { botDelayMs: req.botDelayMs }),
      ...(req.evening ? { evening: req.evening } : {}),
      ...(req.from === undefined ? {} : { from: req.from }),
      seed: this.deps.newSeed(),
      createdAt: this.deps.clock.now(),
      persistent: req.persistent ?? false,
      ...(address === undefined ? {} : { by: address }),
      ...(device === undefined ? {} : { device }),
    };
    const file = await TableFile.create(this.deps.dataDir, header).catch((e: unknown) => {
      if (isStorageFailure(e)) this.deps.disk.refused(e); // the tables wait with it, and the owner hears
      throw e;
    });
    const table = new Table(this.tableDeps, new TableModel(header), file);
    this.directory.add(table);
    if (announce) this.changed(table);
    this.deps.log.info(`table ${table.id} created (${header.players} seats)`);
    return table;
  }

  /** Loads every table of the data directory whose game is not over (loader.ts); retired files past their time go. */
  async loadAll(): Promise<void> {
    await this.loader.loadAll();
    await pruneAbandoned(this.deps.dataDir, this.deps.clock.now(), this.abandonedBound).catch((e: unknown) => this.deps.log.error('abandoned/: deleting old files failed', e));
  }

  /** Looks for idle tables (sweeper.ts). Runs every `sweepMs`; tests call it directly. */
  sweep(): Promise<void> {
    return this.sweeper.sweep();
  }

  /** The finished games `asker` may see: those still open at their end, then the archive's. */
  async finishedGames(asker: Asker): Promise<FinishedGame[]> {
    const hashes = seatHashes(asker);
    const open = this.all().filter((t) => t.model.phase === 'over' && mayViewModel(t.model, asker, hashes));
    const now = this.deps.clock.now();
    return [...open.map((t) => summaryOf(t.model, now)), ...(await this.archive.list(asker)).filter((g) => !this.directory.get(g.id))];
  }

  /** A finished game's record, from memory or the archive, if `asker` may see it; null otherwise. */
  async finishedRecord(id: string, asker: Asker): Promise<GameRecord | null> {
    const open = this.directory.get(id);
    if (open) return open.model.phase === 'over' && mayViewModel(open.model, asker) ? open.record() : null;
    return (await this.archive.mayView(id, asker)) ? this.archive.record(id) : null;
  }

  /** What was lost when the table's file was recovered at load, if it was damaged. */
  recoveryOf(id: string): TableRecovery | undefined {
    return this.loader.recoveryOf(id);
  }

  /** The recovery to tell the table's owner about, once: later calls get nothing. */
  takeRecoveryNotice(id: string): TableRecovery | undefined {
    return this.loader.takeRecoveryNotice(id);
  }

  /** Table files that could not be loaded at all (kept aside as `.broken`). */
  get unreadableFiles(): readonly { path: string; reason: string }[] {
    return this.loader.unreadableFiles;
  }

  async close(): Promise<void> {
    await this.sweeper.close();
    await Promise.all(this.all().map((t) => t.close()));
    this.directory.clear();
  }

  /** Closes a table; `forget` also deletes its file (an abandoned lobby holds nothing). */
  async dispose(table: Table, forget: boolean): Promise<void> {
    this.directory.remove(table.id);
    this.rematches.forget(table.id);
    this.announcer.closed(table.id);
    await table.close();
    if (forget) await rm(TableFile.pathOf(this.deps.dataDir, table.id), { force: true });
  }

  /** A parked game is listed no more; its file moves to `abandoned/`. */
  private async retire(id: string): Promise<void> {
    this.rematches.forget(id);
    this.announcer.closed(id);
    await this.moveToAbandoned(id);
  }

  /** A file that cannot move stays where it is, to be retired again at the next start. */
  private async moveToAbandoned(id: string): Promise<void> {
    const { dataDir, clock, log } = this.deps;
    try {
      await TableFile.retire(dataDir, id, clock.now());
      const deleted = await pruneAbandoned(dataDir, clock.now(), this.abandonedBound);
      if (deleted > 0)
        log.info(`abandoned/: ${deleted} retired files deleted (kept ${Math.round(this.abandonedBound.keepMs / 86_400_000)} days, ${this.abandonedBound.maxFiles} at most)`);
    } catch (e) {
      log.error(`table ${id}: moving its file to abandoned/ failed`, e);
    }
  }

  private changed(table: Table): void {
    if (table.isClosed) return;
    this.directory.seen(table);
    // A finished game stays while its players look at the end (and may play again), then goes.
    if (table.model.phase === 'over' && !table.hasConnections()) void this.sweeper.finish(table);
    this.announcer.updated(table.info());
  }
}
