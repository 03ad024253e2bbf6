// Where each table lives over time: a lobby nobody is connected to goes after a few minutes; a
// game nobody is connected to is parked (out of memory, its file on disk, back on the first
// resume); a finished game leaves memory for the finished-games archive once nobody looks at
// its end; a parked game nobody comes back to for weeks, or one too many, is retired (listed no
// more, its file kept in `abandoned/`). A sweep looks for them every `sweepMs`; a full host asks
// one to give way at once.
import type { Clock } from '../clock';
import { type ParkedGame, parkedToRetire } from '../guards/table-limits';
import type { Log } from '../log';
import type { FinishedArchive } from '../replay/finished-archive';
import type { Table } from '../table/table';
import type { TableDirectory } from './directory';
import type { Lifecycle } from './lifecycle';

export interface SweeperDeps {
  readonly directory: TableDirectory;
  readonly archive: FinishedArchive;
  readonly clock: Clock;
  readonly log: Log;
  readonly lifecycle: Lifecycle;
  /** Loads a parked game back from its file. */
  readonly load: (id: string) => Promise<Table | undefined>;
  /** Closes a table; `forget` also deletes its file. */
  readonly dispose: (table: Table, forget: boolean) => Promise<void>;
  /** A game was parked (no longer advertised). */
  readonly parked: (id: string) => void;
  /** A parked game is retired: no longer listed, its file moved aside. */
  readonly retire: (id: string) => Promise<void>;
  /** When the table's file was last written (its last move), or Infinity when it cannot be told. */
  readonly lastWritten: (id: string) => Promise<number>;
}

export class TableSweeper {
  private readonly unparking = new Map<string, Promise<Table | undefined>>();
  /** Finished games on their way to the archive, by id. */
  private readonly finishing = new Map<string, Promise<void>>();
  /** Every piece of work under way (sweeps, moves to the archive, loads): close waits for them. */
  private readonly working = new Set<Promise<unknown>>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: SweeperDeps) {
    this.timer = setInterval(() => void this.sweep(), deps.lifecycle.sweepMs);
    this.timer.unref();
  }

  /** A table by id, loading it back first when it was parked. */
  async open(id: string): Promise<Table | undefined> {
    const { directory } = this.deps;
    const live = directory.get(id);
    if (live || !directory.isParked(id)) return live;
    let loading = this.unparking.get(id);
    if (!loading) {
      loading = this.track(this.unpark(id).finally(() => this.unparking.delete(id)));
      this.unparking.set(id, loading);
    }
    return loading;
  }

  /** Removes lobbies and parks games nobody has been connected to for long enough. */
  sweep(): Promise<void> {
    return this.track(this.sweepOnce());
  }

  private async sweepOnce(): Promise<void> {
    const { directory, lifecycle, clock, log } = this.deps;
    const now = clock.now();
    for (const table of directory.all()) {
      const since = directory.idleSince(table.id);
      if (since === undefined || table.isClosed) continue;
      const phase = table.model.phase;
      if (phase === 'lobby' && !table.model.header.persistent && now - since >= lifecycle.lobbyIdleMs) {
        log.info(`table ${table.id}: nobody in its lobby for ${Math.round((now - since) / 1000)} s, removed`);
        await this.deps.dispose(table, true);
      } else if (phase === 'over') {
        await this.finish(table);
      } else if (phase === 'playing' && now - since >= lifecycle.parkAfterMs) {
        await this.park(table);
      }
    }
    for (const game of this.parkedGames()) {
      if (now - game.since < lifecycle.abandonAfterMs) continue;
      await this.retire(game.id, `nobody has been at it for ${Math.round((now - game.since) / 86_400_000)} days`);
    }
  }

  /** A table leaves memory to make room: a lobby goes, a game is parked, a finished game archived. */
  async giveWay(table: Table): Promise<void> {
    const phase = table.model.phase;
    this.deps.log.info(`table ${table.id}: gives way to a new table (${phase})`);
    if (phase === 'lobby') await this.deps.dispose(table, true);
    else if (phase === 'playing') await this.park(table);
    else await this.finish(table);
  }

  /** The table is on its way to the archive. */
  leaving(id: string): boolean {
    return this.finishing.has(id);
  }

  /** A finished game nobody is at leaves memory; its file goes to the archive. */
  finish(table: Table): Promise<void> {
    let moving = this.finishing.get(table.id);
    if (!moving) {
      moving = this.track(this.archive(table).finally(() => this.finishing.delete(table.id)));
      this.finishing.set(table.id, moving);
    }
    return moving;
  }

  private async archive(table: Table): Promise<void> {
    try {
      await table.idle();
      await table.close(); // its file flushed and closed, before it moves
      await this.deps.archive.add(table.model, this.deps.clock.now());
      await this.deps.dispose(table, false);
      this.deps.log.info(`table ${table.id}: game over, archived`);
    } catch (e) {
      this.deps.log.error(`table ${table.id}: archiving the finished game failed`, e);
    }
  }

  /** Stops sweeping and waits for the work under way, so nothing touches the disk after it. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    while (this.working.size > 0) await Promise.allSettled([...this.working]);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.working.add(work);
    const done = () => this.working.delete(work);
    work.then(done, done);
    return work;
  }

  /** A game nobody is connected to leaves memory; its file stays, and any seat token brings it back. */
  private async park(table: Table): Promise<void> {
    const info = table.info();
    this.deps.directory.park(table, { ...info, spectators: 0, seats: info.seats.map((s) => ({ ...s, connected: s.kind === 'bot' })) });
    this.deps.parked(table.id);
    await table.close();
    // Loaded back at a restart, a game looks idle only since then: its file says since when nothing moved.
    this.deps.directory.idleAtMost(table.id, await this.deps.lastWritten(table.id));
    this.deps.log.info(`table ${table.id}: nobody connected, parked to disk`);
    const { maxParked } = this.deps.lifecycle;
    let over: string | undefined;
    while ((over = parkedToRetire(this.parkedGames(), maxParked)) !== undefined) {
      await this.retire(over, `more than ${maxParked} games are parked`);
    }
  }

  /** The parked games that may be retired: not those on their way back to memory. */
  private parkedGames(): ParkedGame[] {
    return this.deps.directory.parkedGames().filter((g) => !this.unparking.has(g.id));
  }

  private async retire(id: string, why: string): Promise<void> {
    this.deps.directory.unparked(id);
    await this.deps.retire(id);
    this.deps.log.info(`table ${id}: retired (${why}); its file is kept in abandoned/`);
  }

  private async unpark(id: string): Promise<Table | undefined> {
    const table = await this.deps.load(id);
    this.deps.directory.unparked(id);
    if (table) this.deps.log.info(`table ${id} is back from the disk`);
    return table;
  }
}
