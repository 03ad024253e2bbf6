// Play again: a new table with the same seats, started at once. Players still at the old table
// keep their seats (each is told their new seat); a seat whose player has gone, or that a bot
// was playing, goes to a bot. A second request joins the same new table. The new table counts
// to the address that asked for it, as any new table does (table-limits.ts).
import type { Reply, Seated } from '../../../shared/protocol/events';
import { refuse } from '../wire/refusal';
import { eveningOf } from '../table/evening';
import type { NewTable } from './registry';
import type { Table } from '../table/table';
import { limitRefusal } from '../guards/table-limits';
import { hashToken, newToken } from '../guards/tokens';

export interface RematchDeps {
  /** A new table asked for by `address` (throws TooManyTables / TooManyTablesHere when there is no room). */
  create(req: NewTable, address: string | undefined): Promise<Table>;
  /** Closes a table that could not start, deleting its file. */
  dispose(table: Table): Promise<void>;
}

export class Rematches {
  /** The table each finished table plays again at, with the new seats' tokens. */
  private readonly made = new Map<string, { table: Table; tokens: (string | null)[] }>();

  constructor(private readonly deps: RematchDeps) {}

  /** The finished table `id` closed: its new table is no longer found through it. */
  forget(id: string): void {
    this.made.delete(id);
  }

  /**
   * Play again: a new table with the same seats, started at once. Players still at the old
   * table keep their seats (each is told their new seat); a seat whose player has gone, or
   * that a bot was playing, goes to a bot. A second request joins the same new table.
   */
  async play(old: Table, conn: string, address?: string): Promise<Reply<Seated>> {
    const seat = old.seatOf(conn);
    if (seat === null) return refuse('NOT_SEATED');
    if (old.model.phase !== 'over') return refuse('GAME_NOT_OVER');
    let again = this.made.get(old.id);
    if (!again || again.table.isClosed) {
      const { header, seats, owner } = old.model;
      const present = old.info().seats.map((s) => s.connected);
      const tokens = seats.map((s, i) => (s.kind === 'human' && !s.botControlled && (i === seat || present[i]) ? newToken() : null));
      let table: Table;
      try {
        table = await this.deps.create({ name: header.name, players: header.players, options: header.options, pinHash: header.pin, hints: header.hints, botDelayMs: header.botDelayMs, evening: eveningOf(old.model) }, address);
      } catch (e) {
        const refusal = limitRefusal(e);
        if (refusal) return refusal;
        throw e;
      }
      const started = await table.seatAndStart(
        seats.map((s, i) => {
          const token = tokens[i];
          return token ? { name: s.name ?? '', tokenHash: hashToken(token) } : { level: s.botLevel };
        }),
        owner !== null && tokens[owner] ? owner : seat,
        old.model.autoBotAfterS,
      );
      if (!started.ok) {
        await this.deps.dispose(table);
        return started;
      }
      again = { table, tokens };
      this.made.set(old.id, again);
      const info = table.info();
      tokens.forEach((token, i) => {
        if (token && i !== seat) old.tellRematch(i, { tableId: table.id, seat: i, token, table: info, ...table.invite() });
      });
    }
    const token = again.tokens[seat];
    if (!token) return refuse('SEAT_TAKEN');
    const resumed = await again.table.resume(conn, token);
    if (!resumed.ok) return resumed;
    return { ok: true, tableId: resumed.tableId, seat, token, table: resumed.table, ...again.table.invite() };
  }
}
