// Play again: a new table with the same seats, started at once, and every player of the old table
// in their seat there. Players still at the old table get fresh tokens (each is told their new
// seat); a player away at that moment keeps their old token's seat: coming back to the finished
// table with it (a reload, the lobby's "Take your seat back") lands in the new game (`playingAgain`
// below follows `from`). Their seat waits for them as any dropped seat does, or a bot plays it from
// the start when one played it at the end. Whoever watched the old table (a TV board) is told the
// new one. A second request joins the same new table.
//
// The owner stays the owner: an owner away at that moment (a blip as the game ends) keeps the
// new table as theirs, so whoever taps Play again gets no right the owner had (its settings
// stay the owner's, table/move-checks.ts). A player who left the finished game on purpose is not taken
// along: a bot takes their seat, and their old token no longer leads anywhere. Only when the
// owner left does the one who asked own the new table.
//
// The new table counts to the device that created the finished one, whoever asked (it takes
// the finished game's place: Play again is never refused as one table too many for a device or
// an address; the host's room for tables still bounds it, table-limits.ts).
import type { Reply, Seated } from '../../../shared/protocol/events';
import { refuse } from '../wire/refusal';
import { eveningOf } from '../table/evening';
import type { NewTable } from './new-table';
import type { Table } from '../table/table';
import { type AgainSeat, seatOfToken } from '../table/lobby';
import type { TableInfo } from '../../../shared/protocol/table-info';
import { limitRefusal } from '../guards/table-limits';
import { hashToken, newToken } from '../guards/tokens';
import { type SeatToken, type TableId, seatOf } from '../../../shared/ids';

export interface RematchDeps {
  /** A new table in the place of a finished one (throws TooManyTables when the host has no room). */
  create(req: NewTable): Promise<Table>;
  /** Closes a table that could not start, deleting its file. */
  dispose(table: Table): Promise<void>;
  /** The tables in memory and the parked ones, as the lobby sees them (each with the table it played again after, `from`). */
  list(): TableInfo[];
  /** The tables in memory. */
  all(): Table[];
  /** A table by id, loaded back first when it was parked. */
  open(id: string): Promise<Table | undefined>;
}

/** An evening's games followed at most, from a finished table to the one that plays now. */
const MAX_PLAY_AGAIN_HOPS = 50;

export class Rematches {
  /** The table each finished table plays again at, with the new seats' tokens. */
  private readonly made = new Map<string, { table: Table; tokens: (SeatToken | null)[] }>();

  constructor(private readonly deps: RematchDeps) {}

  /**
   * Where a seat token of the finished (or gone) table `id` plays now: the table that played
   * again after it (`from`), and the one after that while those are over too, as long as the
   * token holds a seat there (its player was away at Play again). Undefined when none does.
   */
  async playingAgain(id: TableId, token: SeatToken): Promise<Table | undefined> {
    let found: Table | undefined;
    let at = id;
    for (let hops = 0; hops < MAX_PLAY_AGAIN_HOPS; hops++) {
      const next = this.deps.list().find((t) => t.from === at);
      const table = next && (await this.deps.open(next.id));
      if (!table || typeof seatOfToken(table.model, token) !== 'number') break;
      found = table;
      if (table.model.phase !== 'over') break;
      at = table.id;
    }
    return found;
  }

  /** The table that played again after finished table `id`, while it is in memory. */
  playedAgainAt(id: string): Table | undefined {
    return this.deps.all().find((t) => t.model.header.from === id);
  }

  /** The finished table `id` closed: its new table is no longer found through it. */
  forget(id: string): void {
    this.made.delete(id);
  }

  /**
   * Play again: a new table with the same seats, started at once, every player of the old
   * table in their seat (see the top of this file). A second request joins the same new table.
   */
  async play(old: Table, conn: string): Promise<Reply<Seated>> {
    const seat = old.seatOf(conn);
    if (seat === null) return refuse('NOT_SEATED');
    if (old.model.phase !== 'over') return refuse('GAME_NOT_OVER');
    let again = this.made.get(old.id);
    if (!again || again.table.isClosed) {
      const { header, seats, owner } = old.model;
      const present = old.info().seats.map((s, i) => s.connected || i === seat);
      // Left on purpose and not back: a bot plays the seat in the new game, for nobody.
      const gone = seats.map((s, i) => s.kind === 'human' && s.left && !present[i]);
      const tokens = seats.map((s, i) => (s.kind === 'human' && present[i] ? newToken() : null));
      const away = seats.flatMap((s, i) => (s.kind === 'human' && !present[i] && !gone[i] ? [seatOf(i)] : []));
      let table: Table;
      try {
        table = await this.deps.create({
          name: header.name,
          players: header.players,
          options: header.options,
          pinHash: header.pin,
          hints: header.hints,
          botDelayMs: header.botDelayMs,
          evening: eveningOf(old.model),
          from: old.id,
          ...(header.by === undefined ? {} : { by: header.by }),
          ...(header.device === undefined ? {} : { device: header.device }),
        });
      } catch (e) {
        const refusal = limitRefusal(e);
        if (refusal) return refusal;
        throw e;
      }
      const started = await table.seatAndStart(
        seats.map((s, i): AgainSeat => {
          const token = tokens[i];
          if (token) return { name: s.name ?? '', tokenHash: hashToken(token) };
          if (s.kind !== 'human' || s.tokenHash === null || gone[i]) return { level: s.botLevel };
          // Away: the same token holds the seat here; the bot that played it at the end plays on.
          return { name: s.name ?? '', tokenHash: s.tokenHash, ...(s.botControlled ? { botLevel: s.botLevel } : {}) };
        }),
        owner !== null && seats[owner]?.kind === 'human' && !gone[owner] ? owner : seat,
        old.model.autoBotAfterS,
        away,
      );
      if (!started.ok) {
        await this.deps.dispose(table);
        return started;
      }
      again = { table, tokens };
      this.made.set(old.id, again);
      const info = table.info();
      tokens.forEach((token, i) => {
        if (token && i !== seat) old.tellRematch(seatOf(i), { tableId: table.id, seat: seatOf(i), token, table: info, ...table.invite() });
      });
      old.tellWatchers({ tableId: table.id, ...table.invite() });
    }
    const token = again.tokens[seat];
    if (!token) return refuse('SEAT_TAKEN');
    const resumed = await again.table.resume(conn, token);
    if (!resumed.ok) return resumed;
    return { ok: true, tableId: resumed.tableId, seat, token, table: resumed.table, ...again.table.invite() };
  }
}
