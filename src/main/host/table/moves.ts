// A seat's move at one table, the one path of the host's authority, top to bottom: the seat is
// the connection's; the sequence number (a repeat gets its first answer); the guards
// (guards.ts); the intent as the engine's action, made once; then `commit`: applied, written
// and flushed (journal.ts), and only then the views sent. Runs inside the table's queue (table.ts).
import type { Intent, Reply } from '../../../shared/protocol/events';
import type { Action } from '../../../shared/rules/actions';
import { applyAction } from '../../../shared/rules/engine';
import { recordedIntent } from '../../../shared/rules/place';
import type { GameState } from '../../../shared/rules/state';
import { moveCheck } from './guards';
import { refuse } from '../wire/refusal';
import { intentKey, remember, seqCheck } from '../table-file/table-model';
import type { ConnectionId } from '../wire/transport';
import { toAction } from './client-action';
import type { TableParts } from './parts';
import { seatOf } from './seating';

export type Act = Reply<{ version: number }>;

/** A seat's move; the answer is remembered for its number here and only here. */
export async function act(t: TableParts, conn: ConnectionId, intent: Intent): Promise<Act> {
  const seat = seatOf(t, conn);
  if (seat === null) return refuse('NOT_SEATED');
  const action = toAction(seat, intent.action);
  const slot = t.model.seat(seat);
  const key = intentKey(intent.version, action);
  const answered = seqCheck(slot, intent.seq, key);
  if (answered) return answered;
  const state = moveCheck(t.model, seat, intent);
  const reply = 'ok' in state ? state : await commit(t, state, action, intent.seq);
  remember(slot, intent.seq, key, reply);
  const now = t.model.state;
  if (!reply.ok && now && intent.version !== now.version) t.views.sendTo(seat);
  return reply;
}

/** Apply, write and flush, then show everyone. The only place the game moves forward. */
export async function commit(t: TableParts, before: GameState, answer: Action, seq: number | null): Promise<Act> {
  // Only one of the seat's answers as it sees them, in the record's form (which names cards, ruling 14).
  const action = recordedIntent(before, answer);
  if (!action.ok) return refuse(action.error.code, action.error.message);
  const step = applyAction(before, action.value);
  if (!step.ok) return refuse(step.error.code, step.error.message);
  const state = step.value.state;
  const written = t.journal.write([{ t: 'act', a: action.value, seq }], step.value);
  // The views are built and serialised while the disk flushes; none goes out before it has.
  const views = t.views.viewsOf(state, step.value.events);
  const failed = await written;
  if (failed) return failed;
  t.views.send(views);
  if (state.over) t.changed();
  t.bots.schedule();
  return { ok: true, version: state.version };
}
