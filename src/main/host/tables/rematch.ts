// Play again: a new table with the same seats, started at once, and every player of the old
// table in their seat there. Players still at the old table get fresh tokens (each is told
// their new seat); a player away at that moment keeps their old token's seat: coming back to
// the finished table with it (a reload, the lobby's "Take your seat back") lands in the new
// game (registry.ts follows `from`). Their seat waits for them as any dropped seat does, or a
// bot plays it from the start when one played it at the end. Whoever watched the old table (a
// TV board) is told the new one. A second request joins the same new table. The new table
// counts to the address that asked for it, as any new table does (table-limits.ts).
import type { Reply, Seated } from '../../../shared/protocol/events';
import { refuse } from '../wire/refusal';
import { eveningOf } from '../table/evening';
import type { NewTable } from './registry';
import type { Table } from '../table/table';
import type { AgainSeat } from '../table/lobby';
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
   * Play again: a new table with the same seats, started at once, every player of the old
   * table in their seat (see the top of this file). A second request joins the same new table.
   */
  async play(old: Table, conn: string, address?: string): Promise<Reply<Seated>> {
    const seat = old.seatOf(conn);
    if (seat === null) return refuse('NOT_SEATED');
    if (old.model.phase !== 'over') return refuse('GAME_NOT_OVER');
    let again = this.made.get(old.id);
    if (!again || again.table.isClosed) {
      const { header, seats, owner } = old.model;
      const present = old.info().seats.map((s, i) => s.connected || i === seat);
      const tokens = seats.map((s, i) => (s.kind === 'human' && present[i] ? newToken() : null));
      const away = seats.flatMap((s, i) => (s.kind === 'human' && !present[i] ? [i] : []));
      let table: Table;
      try {
        table = await this.deps.create(
          {
            name: header.name,
            players: header.players,
            options: header.options,
            pinHash: header.pin,
            hints: header.hints,
            botDelayMs: header.botDelayMs,
            evening: eveningOf(old.model),
            from: old.id,
          },
          address,
        );
      } catch (e) {
        const refusal = limitRefusal(e);
        if (refusal) return refusal;
        throw e;
      }
      const started = await table.seatAndStart(
        seats.map((s, i): AgainSeat => {
          const token = tokens[i];
          if (token) return { name: s.name ?? '', tokenHash: hashToken(token) };
          if (s.kind !== 'human' || s.tokenHash === null) return { level: s.botLevel };
          // Away: the same token holds the seat here; the bot that played it at the end plays on.
          return { name: s.name ?? '', tokenHash: s.tokenHash, ...(s.botControlled ? { botLevel: s.botLevel } : {}) };
        }),
        owner !== null && present[owner] && seats[owner]?.kind === 'human' ? owner : seat,
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
        if (token && i !== seat) old.tellRematch(i, { tableId: table.id, seat: i, token, table: info, ...table.invite() });
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
