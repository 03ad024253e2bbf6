// The tables of one host: created on request, loaded back from the data directory at start,
// announced to the lobby and the LAN when they change, closed at shutdown.
import { rm } from 'node:fs/promises';
import { freeSeats, type TableInfo } from '../../shared/protocol/table-info';
import { PROTOCOL_VERSION } from '../../shared/protocol/version';
import { DEFAULT_OPTIONS, type GameOptions } from '../../shared/rules/types';
import type { Advertiser } from './advertiser';
import { SocketConnections, tableRoom } from './connections';
import { TableFile } from './record-store';
import type { HostServer } from './socket-types';
import { Table, type TableDeps } from './table';
import { TABLE_FILE_VERSION, type TableHeader } from './table-log';
import { TableModel } from './table-model';
import { type Recovery, recoverTable } from './table-recovery';
import { type PinHash, hashPin, hashToken, newSeed, newTableId, newToken } from './tokens';
import type { Reply, Seated } from '../../shared/protocol/events';
import { refuse } from './refusal';

/** What every table gets, plus what the registry itself needs. */
export interface RegistryDeps extends Omit<TableDeps, 'connections' | 'changed' | 'abandoned'> {
  readonly io: HostServer;
  readonly dataDir: string;
  readonly advertiser: Advertiser;
  readonly maxTables: number;
  /** The HTTP port, for adverts. */
  readonly port: () => number;
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
}

export class TooManyTables extends Error {}

/** A table resumed from the valid part of a damaged file. */
export interface TableRecovery extends Recovery {
  /** Where the damaged file is kept. */
  readonly damagedFile: string;
}

export class TableRegistry {
  private readonly tables = new Map<string, Table>();
  /** The table each finished table plays again at, with the new seats' tokens. */
  private readonly rematches = new Map<string, { table: Table; tokens: (string | null)[] }>();
  /** What was last advertised per table, to call the advertiser only on real changes. */
  private readonly advertised = new Map<string, string>();
  private readonly tableDeps: TableDeps;
  private readonly recoveries = new Map<string, TableRecovery>();
  private readonly unreadable: { path: string; reason: string }[] = [];
  private readonly recoveryTold = new Set<string>();

  constructor(private readonly deps: RegistryDeps) {
    this.tableDeps = {
      clock: deps.clock,
      log: deps.log,
      graceMs: deps.graceMs,
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

  list(): TableInfo[] {
    return this.all().map((t) => t.info());
  }

  /** A new table; `announce: false` when its creator takes a seat first (the join announces it). */
  async create(req: NewTable, announce = true): Promise<Table> {
    if (this.tables.size >= this.deps.maxTables) await this.evictFinished();
    if (this.tables.size >= this.deps.maxTables) throw new TooManyTables(`at most ${this.deps.maxTables} tables`);
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
      seed: newSeed(),
      createdAt: this.deps.clock.now(),
      persistent: req.persistent ?? false,
    };
    const file = await TableFile.create(this.deps.dataDir, header);
    const table = new Table(this.tableDeps, new TableModel(header), file);
    this.tables.set(table.id, table);
    if (announce) this.changed(table);
    this.deps.log.info(`table ${table.id} created (${header.players} seats)`);
    return table;
  }

  /**
   * Play again: a new table with the same seats, started at once. Players still at the old
   * table keep their seats (each is told their new seat); a seat whose player has gone, or
   * that a bot was playing, goes to a bot. A second request joins the same new table.
   */
  async rematch(old: Table, conn: string): Promise<Reply<Seated>> {
    const seat = old.seatOf(conn);
    if (seat === null) return refuse('NOT_SEATED');
    if (old.model.phase !== 'over') return refuse('GAME_NOT_OVER');
    let again = this.rematches.get(old.id);
    if (!again || again.table.isClosed) {
      const { header, seats, owner } = old.model;
      const present = old.info().seats.map((s) => s.connected);
      const tokens = seats.map((s, i) => (s.kind === 'human' && !s.botControlled && (i === seat || present[i]) ? newToken() : null));
      const table = await this.create({ name: header.name, players: header.players, options: header.options, pinHash: header.pin, hints: header.hints, botDelayMs: header.botDelayMs }, false);
      const started = await table.seatAndStart(
        seats.map((s, i) => {
          const token = tokens[i];
          return token ? { name: s.name ?? '', tokenHash: hashToken(token) } : { level: s.botLevel };
        }),
        owner !== null && tokens[owner] ? owner : seat,
      );
      if (!started.ok) {
        await this.dispose(table, true);
        return started;
      }
      again = { table, tokens };
      this.rematches.set(old.id, again);
      const info = table.info();
      tokens.forEach((token, i) => {
        if (token && i !== seat) old.tellRematch(i, { tableId: table.id, seat: i, token, table: info });
      });
    }
    const token = again.tokens[seat];
    if (!token) return refuse('SEAT_TAKEN');
    const resumed = await again.table.resume(conn, token);
    if (!resumed.ok) return resumed;
    return { ok: true, tableId: resumed.tableId, seat, token, table: resumed.table };
  }

  /**
   * Loads every table of the data directory whose game is not over. A damaged file goes on
   * from its longest valid prefix (the damaged file kept beside it, the loss remembered for
   * the table's owner); a file with nothing usable (empty, damaged header, newer version) is
   * reported and kept aside as `.broken`.
   */
  async loadAll(): Promise<void> {
    for (const path of await TableFile.list(this.deps.dataDir)) {
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
        if (model.phase === 'over' || this.tables.has(model.id)) continue;
        const table = new Table(this.tableDeps, model, await TableFile.openForAppend(path));
        this.tables.set(table.id, table);
        this.changed(table);
        this.deps.log.info(`table ${table.id} loaded (${model.actions.length} actions)`);
      } catch (e) {
        this.unreadable.push({ path, reason: e instanceof Error ? e.message : String(e) });
        this.deps.log.error(`${path}: cannot load this table; it is kept aside as ${path}.broken`, e);
        await TableFile.setAside(path);
      }
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
    await Promise.all(this.all().map((t) => t.close()));
    this.tables.clear();
  }

  /** Closes a table; `forget` also deletes its file (an abandoned lobby holds nothing). */
  async dispose(table: Table, forget: boolean): Promise<void> {
    this.tables.delete(table.id);
    this.withdraw(table.id);
    this.deps.io.to('lobby').emit('table:closed', table.id);
    await table.close();
    if (forget) await rm(TableFile.pathOf(this.deps.dataDir, table.id), { force: true });
  }

  /** Makes room: finished games nobody is looking at leave memory (their files stay on disk). */
  private async evictFinished(): Promise<void> {
    const idle = this.all().filter((t) => t.model.phase === 'over' && !t.hasConnections());
    await Promise.all(idle.map((t) => this.dispose(t, false)));
  }

  private changed(table: Table): void {
    if (table.isClosed) return;
    const info = table.info();
    this.deps.io.to(['lobby', tableRoom(table.id)]).emit('table:updated', info);
    this.advertise(info);
  }

  private advertise(info: TableInfo): void {
    if (info.phase === 'over') return this.withdraw(info.id);
    const ad = {
      tableId: info.id,
      name: info.name,
      port: this.deps.port(),
      protocol: PROTOCOL_VERSION,
      seats: info.players,
      freeSeats: freeSeats(info),
      phase: info.phase,
      hasPin: info.hasPin,
      path: `/t/${info.id}`,
    };
    const key = JSON.stringify(ad);
    if (this.advertised.get(info.id) === key) return;
    this.advertised.set(info.id, key);
    try {
      this.deps.advertiser.advertise(ad);
    } catch (e) {
      this.deps.log.error(`table ${info.id}: advertising failed`, e);
    }
  }

  private withdraw(id: string): void {
    if (!this.advertised.delete(id)) return;
    try {
      this.deps.advertiser.withdraw(id);
    } catch (e) {
      this.deps.log.error(`table ${id}: withdrawing the advert failed`, e);
    }
  }
}
