// A table's evening: the standings its header carries from the tables that played again up to
// it, with its own game added once over. Kept in the table file's header, so a restarted host
// (and the next Play again) has them.
import { type Standings, withGame } from '../../../shared/protocol/standings';
import type { TableModel } from '../table-file/table-model';

export function eveningOf(model: TableModel): Standings | null {
  const before = model.header.evening ?? null;
  const state = model.state;
  if (!state?.over) return before;
  return withGame(
    before,
    model.seats.map((s) => (s.kind === 'human' ? s.name : null)),
    state.fame,
    state.winners,
  );
}
