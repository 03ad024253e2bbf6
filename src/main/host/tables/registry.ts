// The tables of one host: created on request, loaded back from the data directory at start,
// announced to the lobby and the LAN when they change, closed at shutdown. Their lifecycle:
// a lobby nobody is connected to goes after a few minutes; a game nobody is connected to is
// parked (out of memory, its file on disk, back on the first resume); a finished game leaves
// memory at once for the finished-games archive. Tables count to the address that created them
// while someone is at them (table-limits.ts), and a full host makes room before it says no.
import { rm } from 'node:fs/promises';
import type { TableInfo } from '../../../shared/protocol/table-info';
import { DEFAULT_OPTIONS, type GameOptions } from '../../../shared/rules/types';
import type { Advertiser } from './advertiser';
import { TableAdverts } from './adverts';
import { type Asker, FinishedArchive, mayViewModel, seatHashes, summaryOf } from '../replay/finished-archive';
import type { FinishedGame } from '../../../shared/protocol/archive';
import type { GameRecord } from '../../../shared/rules/record/record';
import { SocketConnections, tableRoom } from '../transport/connections';
import { TableFile } from '../table-file/store';
import type { HostServer } from '../transport/socket-types';
import { Table, type TableDeps } from '../table/table';
import { TABLE_FILE_VERSION, type TableHeader } from '../table-file/lines';
import { TableModel } from '../table/table-model';
import { type Recovery, recoverTable } from '../table-file/recover';
import { type PinHash, hashPin, newSeed, newTableId } from '../guards/tokens';
import type { Reply, Seated } from '../../../shared/protocol/events';
import type { Standings } from '../../../shared/protocol/standings';
import { type LimitedTable, TooManyTables, TooManyTablesHere, roomFor } from '../guards/table-limits';
import { Rematches } from './rematch';
import { DEFAULT_LIFECYCLE, type Lifecycle } from './lifecycle';

/** What every table gets, plus what the registry itself needs. */
export interface RegistryDeps extends Omit<TableDeps, 'connections' | 'changed' | 'abandoned'> {
  readonly io: HostServer;
  readonly dataDir: string;
  readonly advertiser: Advertiser;
  readonly maxTables: number;
  /** The HTTP port, for adverts. */
  readonly port: () => number;
  readonly lifecycle?: Partial<Lifecycle>;
  /** Called after any table changed (seats, connections, phase) or went. */
  readonly onChange?: () => void;
}

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
}

/** A table resumed from the valid part of a damaged file. */
export interface TableRecovery extends Recovery {
  /** Where the damaged file is kept. */
  readonly damagedFile: string;
}

export class TableRegistry {
  private readonly tables = new Map<string, Table>();
  /** The table each finished table plays again at, with the new seats' tokens. */
  private readonly rematches: Rematches;
  private readonly adverts: TableAdverts;
  private readonly tableDeps: TableDeps;
  private readonly recoveries = new Map<string, TableRecovery>();
  private readonly unreadable: { path: string; reason: string }[] = [];
  private readonly recoveryTold = new Set<string>();
  private readonly lifecycle: Lifecycle;
  /** Since when nobody has been connected to a table (absent while someone is). */
  private readonly idleSince = new Map<string, number>();
  /** Tables being created: their room is taken before they exist. */
  private creating = 0;
  /** Games parked on disk, with the info they had: listed, and loaded back on resume. */
  private readonly parked = new Map<string, TableInfo>();
  private readonly unparking = new Map<string, Promise<Table | undefined>>();
  private readonly finishing = new Set<string>();
  private readonly sweeper: NodeJS.Timeout;
  readonly archive: FinishedArchive;

  constructor(private readonly deps: RegistryDeps) {
    this.lifecycle = { ...DEFAULT_LIFECYCLE, ...deps.lifecycle };
    this.archive = new FinishedArchive(deps.dataDir);
    this.adverts = new TableAdverts(deps.advertiser, deps.log, deps.port);
    this.rematches = new Rematches({ create: (req, address) => this.create(req, false, address), dispose: (t) => this.dispose(t, true) });
    this.sweeper = setInterval(() => void this.sweep(), this.lifecycle.sweepMs);
    this.sweeper.unref();
    this.tableDeps = {
      clock: deps.clock,
      log: deps.log,
      graceMs: deps.graceMs,
      secondMs: deps.secondMs,
      botDelayMs: deps.botDelayMs,
      botPolicy: deps.botPolicy,
      hint: deps.hint,
      connections: (tableId, humans, changed, story) =>
        new SocketConnections({ io: deps.io, tableId, clock: deps.clock, graceMs: deps.graceMs, changed, story }, humans),
      changed: (t) => this.changed(t),
      abandoned: (t) => void this.dispose(t, true),
    };
  }

  get size(): number {
    return this.tables.size;
  }

  get(id: string): Table | undefined {
    return this.tables.get(id);
  }

  all(): Table[] {
    return [...this.tables.values()];
  }

  /** The tables in memory and the parked ones. */
  list(): TableInfo[] {
    return [...this.all().map((t) => t.info()), ...this.parked.values()];
  }

  /** Games parked on disk (ids). */
  get parkedIds(): string[] {
    return [...this.parked.keys()];
  }

  /** A table by id, loading it back first when it was parked. */
  async open(id: string): Promise<Table | undefined> {
    const live = this.tables.get(id);
    if (live || !this.parked.has(id)) return live;
    let loading = this.unparking.get(id);
    if (!loading) {
      loading = this.unpark(id).finally(() => this.unparking.delete(id));
      this.unparking.set(id, loading);
    }
    return loading;
  }

  /** A new table; `announce: false` when its creator takes a seat first (the join announces it). */
  async create(req: NewTable, announce = true, address?: string): Promise<Table> {
    await this.makeRoom(address);
    this.creating++;
    try {
      return await this.createTable(req, announce, address);
    } finally {
      this.creating--;
    }
  }

  private async createTable(req: NewTable, announce: boolean, address: string | undefined): Promise<Table> {
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
      seed: newSeed(),
      createdAt: this.deps.clock.now(),
      persistent: req.persistent ?? false,
      ...(address === undefined ? {} : { by: address }),
    };
    const file = await TableFile.create(this.deps.dataDir, header);
    const table = new Table(this.tableDeps, new TableModel(header), file);
    this.tables.set(table.id, table);
    this.idleSince.set(table.id, this.deps.clock.now());
    if (announce) this.changed(table);
    this.deps.log.info(`table ${table.id} created (${header.players} seats)`);
    return table;
  }

  /** Makes room for a new table from `address`: idle tables, then a heavy address's lobbies, give way. */
  private async makeRoom(address: string | undefined): Promise<void> {
    const limits = { total: this.deps.maxTables - this.creating, perAddress: this.lifecycle.maxTablesPerAddress };
    // Each round removes one table; a table that fails to go (its archive cannot be written) is not asked twice.
    const failed = new Set<string>();
    for (let round = 0; round <= this.deps.maxTables; round++) {
      const room = roomFor(address, this.limited().filter((t) => !failed.has(t.id)), limits);
      if (room.kind === 'ok') return;
      if (room.kind === 'yours') throw new TooManyTablesHere(`this device may have ${limits.perAddress} tables open at a time`);
      if (room.kind === 'full') break;
      const table = this.tables.get(room.id)!;
      await this.giveWay(table);
      if (this.tables.get(room.id) === table) failed.add(room.id);
    }
    throw new TooManyTables(`this host has ${this.deps.maxTables} tables open, each with someone at it`);
  }

  /** The tables in memory as the limits see them (those leaving already are gone). */
  private limited(): LimitedTable[] {
    return this.all()
      .filter((t) => !t.isClosed && !this.finishing.has(t.id))
      .map((t) => {
        const { header } = t.model;
        const idle = this.idleSince.get(t.id);
        return { id: t.id, by: header.by, live: t.hasConnections(), lobby: t.model.phase === 'lobby', kept: header.persistent && t.model.phase === 'lobby', since: idle ?? header.createdAt };
      });
  }

  /** A table leaves memory to make room: a lobby goes, a game is parked, a finished game archived. */
  private async giveWay(table: Table): Promise<void> {
    const phase = table.model.phase;
    this.deps.log.info(`table ${table.id}: gives way to a new table (${phase})`);
    if (phase === 'lobby') await this.dispose(table, true);
    else if (phase === 'playing') await this.park(table);
    else await this.finish(table);
  }

  /** Play again (rematch.ts): a new table with the same seats, started at once. */
  rematch(old: Table, conn: string, address?: string): Promise<Reply<Seated>> {
    return this.rematches.play(old, conn, address);
  }

  /**
   * Loads every table of the data directory whose game is not over. A damaged file goes on
   * from its longest valid prefix (the damaged file kept beside it, the loss remembered for
   * the table's owner); a file with nothing usable (empty, damaged header, newer version) is
   * reported and kept aside as `.broken`.
   */
  async loadAll(): Promise<void> {
    for (const path of await TableFile.list(this.deps.dataDir)) {
      const table = await this.loadFile(path);
      if (table) this.deps.log.info(`table ${table.id} loaded (${table.model.actions.length} actions)`);
    }
  }

  /** Loads one table file (recovering damage); a finished game goes to the archive instead. */
  private async loadFile(path: string): Promise<Table | undefined> {
    try {
      const text = await TableFile.read(path);
      const { model, validLines, recovery } = recoverTable(text.lines);
      if (recovery) {
        const kept = await TableFile.replaceWithPrefix(path, text.lines.slice(0, validLines), this.deps.clock.now());
        this.recoveries.set(model.id, { ...recovery, damagedFile: kept });
        this.deps.log.error(
          `${path}: damaged (${recovery.problem}); resumed from line ${validLines}, ${recovery.lostActions} action(s) lost; the damaged file is kept as ${kept}`,
        );
      } else if (text.tornLine) {
        await TableFile.dropTornLine(path, text.lines);
        this.deps.log.warn(`${path}: dropped a torn last line`);
      }
      if (this.tables.has(model.id)) return undefined;
      if (model.phase === 'over') {
        await this.archive.add(model, this.deps.clock.now());
        return undefined;
      }
      const table = new Table(this.tableDeps, model, await TableFile.openForAppend(path));
      this.tables.set(table.id, table);
      this.idleSince.set(table.id, this.deps.clock.now());
      this.changed(table);
      return table;
    } catch (e) {
      this.unreadable.push({ path, reason: e instanceof Error ? e.message : String(e) });
      this.deps.log.error(`${path}: cannot load this table; it is kept aside as ${path}.broken`, e);
      await TableFile.setAside(path);
      return undefined;
    }
  }

  private async unpark(id: string): Promise<Table | undefined> {
    const table = await this.loadFile(TableFile.pathOf(this.deps.dataDir, id));
    this.parked.delete(id);
    if (table) this.deps.log.info(`table ${id} is back from the disk`);
    return table;
  }

  /**
   * Looks for idle tables: removes lobbies and parks games nobody has been connected to for
   * long enough. Runs every `sweepMs`; tests call it directly.
   */
  async sweep(): Promise<void> {
    const now = this.deps.clock.now();
    for (const table of this.all()) {
      const since = this.idleSince.get(table.id);
      if (since === undefined || table.isClosed) continue;
      const phase = table.model.phase;
      if (phase === 'lobby' && !table.model.header.persistent && now - since >= this.lifecycle.lobbyIdleMs) {
        this.deps.log.info(`table ${table.id}: nobody in its lobby for ${Math.round((now - since) / 1000)} s, removed`);
        await this.dispose(table, true);
      } else if (phase === 'over') {
        await this.finish(table);
      } else if (phase === 'playing' && now - since >= this.lifecycle.parkAfterMs) {
        await this.park(table);
      }
    }
  }

  /** A game nobody is connected to leaves memory; its file stays, and any seat token brings it back. */
  private async park(table: Table): Promise<void> {
    const info = table.info();
    this.tables.delete(table.id);
    this.idleSince.delete(table.id);
    this.adverts.withdraw(table.id);
    this.parked.set(table.id, { ...info, spectators: 0, seats: info.seats.map((s) => ({ ...s, connected: s.kind === 'bot' })) });
    await table.close();
    this.deps.log.info(`table ${table.id}: nobody connected, parked to disk`);
  }

  /** The finished games `asker` may see: those still open at their end, then the archive's. */
  async finishedGames(asker: Asker): Promise<FinishedGame[]> {
    const hashes = seatHashes(asker);
    const open = this.all().filter((t) => t.model.phase === 'over' && mayViewModel(t.model, asker, hashes));
    const now = this.deps.clock.now();
    return [...open.map((t) => summaryOf(t.model, now)), ...(await this.archive.list(asker)).filter((g) => !this.tables.has(g.id))];
  }

  /** A finished game's record, from memory or the archive, if `asker` may see it; null otherwise. */
  async finishedRecord(id: string, asker: Asker): Promise<GameRecord | null> {
    const open = this.tables.get(id);
    if (open) return open.model.phase === 'over' && mayViewModel(open.model, asker) ? open.record() : null;
    return (await this.archive.mayView(id, asker)) ? this.archive.record(id) : null;
  }

  /** A finished game nobody is at leaves memory; its file goes to the archive. */
  private async finish(table: Table): Promise<void> {
    if (this.finishing.has(table.id)) return;
    this.finishing.add(table.id);
    try {
      await table.idle();
      await table.close(); // its file flushed and closed, before it moves
      await this.archive.add(table.model, this.deps.clock.now());
      await this.dispose(table, false);
      this.deps.log.info(`table ${table.id}: game over, archived`);
    } catch (e) {
      this.deps.log.error(`table ${table.id}: archiving the finished game failed`, e);
    } finally {
      this.finishing.delete(table.id);
    }
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

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.unparking.values()]);
    await Promise.all(this.all().map((t) => t.close()));
    this.tables.clear();
  }

  /** Closes a table; `forget` also deletes its file (an abandoned lobby holds nothing). */
  async dispose(table: Table, forget: boolean): Promise<void> {
    this.tables.delete(table.id);
    this.idleSince.delete(table.id);
    this.rematches.forget(table.id);
    this.adverts.withdraw(table.id);
    this.deps.io.to('lobby').emit('table:closed', table.id);
    this.deps.onChange?.();
    await table.close();
    if (forget) await rm(TableFile.pathOf(this.deps.dataDir, table.id), { force: true });
  }

  private changed(table: Table): void {
    if (table.isClosed) return;
    if (table.hasConnections()) this.idleSince.delete(table.id);
    else if (!this.idleSince.has(table.id)) this.idleSince.set(table.id, this.deps.clock.now());
    // A finished game stays while its players look at the end (and may play again), then goes.
    if (table.model.phase === 'over' && !table.hasConnections()) void this.finish(table);
    const info = table.info();
    this.deps.io.to(['lobby', tableRoom(table.id)]).emit('table:updated', info);
    this.adverts.show(info);
    this.deps.onChange?.();
  }
}
