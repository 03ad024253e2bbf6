// The host's tables by id: those in memory and the games parked on disk (listed with the info
// they had, loaded back on the first resume), since when nobody has been at each, and the
// quotas: tables count to the device that created them while someone is at them, and
// unfinished ones whoever is at them, to the device and (more generously) to its address
// (table-limits.ts, devices.ts); a full host makes room before it says no.
import { type TableInfo, lobbyInfo } from '../../../shared/protocol/table-info';
import type { Clock } from '../clock';
import { type Creator, type LimitedTable, type ParkedGame, TooManyTables, TooManyTablesHere, roomFor, unfinishedRefusal } from '../guards/table-limits';
import type { Table } from '../table/table';

export interface DirectoryDeps {
  readonly clock: Clock;
  readonly maxTables: number;
  readonly maxTablesPerDevice: number;
  /** Unfinished tables (lobbies, games in play or parked) one device may have created, whoever is at them. */
  readonly maxUnfinishedPerDevice: number;
  /** The same for all the devices at one address together (a device holding fewer than MIN_SHARE is never refused). */
  readonly maxUnfinishedPerAddress: number;
  /** A parked game counts to its device and address for this long after everyone left, no longer. */
  readonly parkedCountsMs: number;
}

export class TableDirectory {
  private readonly tables = new Map<string, Table>();
  /** The tables in memory by id, to look one up (every request to a table does). */
  readonly byId: ReadonlyMap<string, Table> = this.tables;
  /** Since when nobody has been connected to a table (absent while someone is). */
  private readonly idle = new Map<string, number>();
  /** Games parked on disk, with the info they had, who created them and since when nobody is at them. */
  private readonly parked = new Map<string, { readonly info: TableInfo; readonly game: ParkedGame }>();
  /** Tables being created: their room is taken before they exist. */
  private creating = 0;
  /** The same, by the device and by the address creating them. */
  private readonly creatingBy = new Map<string, number>();

  constructor(private readonly deps: DirectoryDeps) {}

  get size(): number {
    return this.tables.size;
  }

  get(id: string): Table | undefined {
    return this.byId.get(id);
  }

  all(): Table[] {
    return [...this.tables.values()];
  }

  /** The tables in memory and the parked ones, as the lobby sees them (lobbyInfo), but `at`, the asker's own table, whole. */
  list(at?: string): TableInfo[] {
    return [...this.all().map((t) => t.info()), ...[...this.parked.values()].map((p) => p.info)].map((i) => (i.id === at ? i : lobbyInfo(i)));
  }

  get parkedIds(): string[] {
    return [...this.parked.keys()];
  }

  isParked(id: string): boolean {
    return this.parked.has(id);
  }

  /** The parked games as the bound on them sees them (parkedToRetire). */
  parkedGames(): ParkedGame[] {
    return [...this.parked.values()].map((p) => p.game);
  }

  /** A table now in memory, nobody at it yet. */
  add(table: Table): void {
    this.tables.set(table.id, table);
    this.idle.set(table.id, this.deps.clock.now());
  }

  remove(id: string): void {
    this.tables.delete(id);
    this.idle.delete(id);
  }

  /** A game leaves memory for the disk, listed with `info`; nobody has been at it since `since`. */
  park(table: Table, info: TableInfo): void {
    const since = this.idle.get(table.id) ?? this.deps.clock.now();
    this.remove(table.id);
    const { header, humanMoves } = table.model;
    const game = { id: table.id, by: header.by, device: header.device, since, createdAt: header.createdAt, humanMoves };
    this.parked.set(table.id, { info, game });
  }

  /** A parked game has been idle since `at` at the latest (its file's last write). */
  idleAtMost(id: string, at: number): void {
    const parked = this.parked.get(id);
    if (parked && at < parked.game.since) this.parked.set(id, { ...parked, game: { ...parked.game, since: at } });
  }

  unparked(id: string): void {
    this.parked.delete(id);
  }

  /** Someone came or went: the table is idle from now, or no longer. */
  seen(table: Table): void {
    if (table.hasConnections()) this.idle.delete(table.id);
    else if (!this.idle.has(table.id)) this.idle.set(table.id, this.deps.clock.now());
  }

  /** Since when nobody has been at the table; undefined while someone is (or when it is not here). */
  idleSince(id: string): number | undefined {
    return this.idle.get(id);
  }

  clear(): void {
    this.tables.clear();
  }

  /**
   * Creates a table for `by` (a device at an address; none for the host's own tables and for
   * Play again) once there is room: idle tables, then a heavy device's lobbies, give way
   * (`giveWay`; `leaving` tables no longer count). Throws TooManyTablesHere or TooManyTables
   * when there is none.
   */
  async withRoom<T>(by: Creator | undefined, leaving: (id: string) => boolean, giveWay: (t: Table) => Promise<void>, create: () => Promise<T>): Promise<T> {
    await this.makeRoom(by?.device, leaving, giveWay);
    // Checked and taken with no wait between: a thousand requests at once are counted one by one.
    const keys = by ? [`d ${by.device}`, `a ${by.address}`] : [];
    if (by) this.takeShare(by, leaving);
    for (const key of keys) this.creatingBy.set(key, (this.creatingBy.get(key) ?? 0) + 1);
    this.creating++;
    try {
      return await create();
    } finally {
      this.creating--;
      for (const key of keys) this.shareTaken(key);
    }
  }

  /** A table of this device or address is made (and in `tables`), or failed: it no longer counts as being made. */
  private shareTaken(key: string): void {
    const n = (this.creatingBy.get(key) ?? 1) - 1;
    if (n > 0) this.creatingBy.set(key, n);
    else this.creatingBy.delete(key);
  }

  /** Throws TooManyTablesHere when `by` holds its share of unfinished tables (in memory, parked lately, or on their way). */
  private takeShare(by: Creator, leaving: (id: string) => boolean): void {
    let device = this.creatingBy.get(`d ${by.device}`) ?? 0;
    let address = this.creatingBy.get(`a ${by.address}`) ?? 0;
    const count = (t: { by?: string | undefined; device?: string | undefined }): void => {
      if (t.device === by.device) device++;
      if (t.by === by.address) address++;
    };
    for (const t of this.tables.values()) if (t.model.phase !== 'over' && !t.isClosed && !leaving(t.id)) count(t.model.header);
    // A game everyone left long ago no longer counts: it waits on disk for its players, taking nobody's place.
    const now = this.deps.clock.now();
    for (const p of this.parked.values()) if (now - p.game.since < this.deps.parkedCountsMs) count(p.game);
    const refusal = unfinishedRefusal({ device, address }, { perDevice: this.deps.maxUnfinishedPerDevice, perAddress: this.deps.maxUnfinishedPerAddress });
    if (refusal) throw new TooManyTablesHere(refusal);
  }

  private async makeRoom(device: string | undefined, leaving: (id: string) => boolean, giveWay: (t: Table) => Promise<void>): Promise<void> {
    const { maxTables, maxTablesPerDevice } = this.deps;
    const limits = { total: maxTables - this.creating, perDevice: maxTablesPerDevice };
    // Each round removes one table; a table that fails to go (its archive cannot be written) is not asked twice.
    const failed = new Set<string>();
    for (let round = 0; round <= maxTables; round++) {
      const room = roomFor(
        device,
        this.limited(leaving).filter((t) => !failed.has(t.id)),
        limits,
      );
      if (room.kind === 'ok') return;
      if (room.kind === 'yours') throw new TooManyTablesHere(`this device may have ${limits.perDevice} tables open at a time`);
      if (room.kind === 'full') break;
      const table = this.tables.get(room.id)!;
      await giveWay(table);
      if (this.tables.get(room.id) === table) failed.add(room.id);
    }
    throw new TooManyTables(`this host has ${maxTables} tables open, each with someone at it`);
  }

  /** The tables in memory as the limits see them (those leaving already are gone). */
  private limited(leaving: (id: string) => boolean): LimitedTable[] {
    return this.all()
      .filter((t) => !t.isClosed && !leaving(t.id))
      .map((t) => {
        const { header } = t.model;
        const idle = this.idle.get(t.id);
        return {
          id: t.id,
          by: header.device ?? header.by,
          live: t.hasConnections(),
          lobby: t.model.phase === 'lobby',
          kept: header.persistent && t.model.phase === 'lobby',
          since: idle ?? header.createdAt,
        };
      });
  }
}
