// A seat's move at one table: the one path of the host's authority, top to bottom. Who asks (the
// connection's seat, never the message's); the intent number (a repeat gets its first answer: the
// memory below); the game's checks (move-checks.ts); the intent as the engine's action, in the
// record's form, and the engine's step; the step written to the table file and flushed, then
// applied (the journal, table-file/table-model.ts); and only then everyone's views
// (view-sender.ts), the lobby told if the game ended, and the bots (seats/bot-seats.ts). Runs inside the
// table's queue (table.ts); a bot's move joins the path at `commit`.
import type { ClientAction, Intent, Reply } from '../../../shared/protocol/events';
import type { Action } from '../../../shared/rules/actions';
import { applyAction } from '../../../shared/rules/engine';
import { recordedIntent } from '../../../shared/rules/place';
import type { GameState } from '../../../shared/rules/state';
import type { CardId, Seat } from '../../../shared/rules/types';
import type { TableModel } from '../table-file/table-model';
import { refuse } from '../wire/refusal';
import type { ConnectionId, TableTransport } from '../wire/transport';
import { moveCheck } from './move-checks';
import type { Bots, Storage } from './seams';
import type { ViewSender } from './view-sender';
import { botPlays } from '../seats/bot-seats';

export type Act = Reply<{ version: number }>;

/** What a move uses of its table. */
export interface MoveTable {
  readonly model: TableModel;
  readonly connections: Pick<TableTransport, 'seatOf'>;
  readonly memory: IntentMemory;
  readonly storage: Storage;
  readonly views: Pick<ViewSender, 'send' | 'sendTo'>;
  readonly bots: Bots;
  /** The game ended: the lobby and the LAN are told. */
  changed(): void;
}

/** A seat's move; its answer is remembered under its number here and only here. */
export async function act(t: MoveTable, conn: ConnectionId, intent: Intent): Promise<Act> {
  const seat = t.connections.seatOf(conn);
  if (seat === null || seat === 'spectator') return refuse('NOT_SEATED');
  const action = toAction(seat, intent.action);
  const key = intentKey(intent.version, action);
  const answered = t.memory.check(seat, intent.seq, key);
  if (answered) return answered;
  const state = moveCheck(t.model, seat, intent);
  const reply = 'ok' in state ? state : await commit(t, state, action, intent.seq);
  t.memory.remember(seat, intent.seq, key, reply);
  const now = t.model.state;
  if (!reply.ok && now && intent.version !== now.version) t.views.sendTo(seat);
  return reply;
}

/** The engine's step, written and flushed, then everyone's views. The only place the game moves forward. */
export async function commit(t: Omit<MoveTable, 'connections' | 'memory'>, before: GameState, answer: Action, seq: number | null): Promise<Act> {
  // Only one of the seat's answers as it sees them, in the record's form (which names cards, ruling 14).
  const action = recordedIntent(before, answer);
  if (!action.ok) return refuse(action.error.code, action.error.message);
  const step = applyAction(before, action.value);
  if (!step.ok) return refuse(step.error.code, step.error.message);
  const failed = await t.storage.write([{ t: 'act', a: action.value, seq }], step.value);
  if (failed) return failed;
  const { state } = step.value;
  t.views.send(state);
  if (state.over) t.changed();
  t.bots.schedule();
  return { ok: true, version: state.version };
}

/** A bot's move, if the game is still where the bot saw it and a bot still plays the seat (else nothing to do). */
export function botMove(t: Omit<MoveTable, 'connections' | 'memory'>, seat: Seat, version: number, action: ClientAction | Action): Act | Promise<Act> {
  const state = t.model.state;
  if (!state || state.version !== version || !botPlays(t.model, seat)) return { ok: true, version };
  // Only the fields of an action go into the record, whatever else a policy returned.
  return commit(t, state, toAction(seat, action), null);
}

/** The engine action for a client's intent (or a bot's answer), with the seat of the connection; only the fields the protocol allows. */
export function toAction(seat: Seat, a: ClientAction): Action {
  if ('play' in a) return a.faceDown === undefined ? { seat, play: a.play } : { seat, play: a.play, faceDown: a.faceDown };
  const choose: { target?: Seat; card?: CardId; place?: Seat } = {};
  if (a.choose.target !== undefined) choose.target = a.choose.target;
  if (a.choose.card !== undefined) choose.card = a.choose.card;
  if (a.choose.place !== undefined) choose.place = a.choose.place;
  return { seat, choose };
}

// ---- the intent numbers ----------------------------------------------------------------------

/** How many recent intent results each seat keeps to answer repeats. */
export const KEPT_RESULTS = 32;

/** What makes two intents the same: the action (with its seat) and the version it was made against. */
export const intentKey = (version: number, action: Action): string => `${version}:${JSON.stringify(action)}`;

interface SeatMemory {
  /** Whose numbers these are: the token hash of the seat's player when they were kept. */
  readonly holder: string | null;
  /** The highest intent number seen from this seat. */
  lastSeq: number;
  /** Recent answers by intent number, with the intent they answered (see `intentKey`). */
  readonly results: Map<number, { key: string; reply: Act }>;
}

/**
 * Each seat's intent numbers: a repeat (same number, same intent) gets the first answer, a
 * number used before is refused, a new one becomes the seat's latest. A seat's numbers are its
 * player's: a new player in the seat (another token, in the lobby) starts from none.
 */
export class IntentMemory {
  private readonly seats = new Map<Seat, SeatMemory>();

  constructor(private readonly model: TableModel) {}

  /** The memory of a table read back from its file: the numbered moves the file holds, answered as they were. */
  static of(model: TableModel): IntentMemory {
    const memory = new IntentMemory(model);
    for (const { seq, seen, version, after } of model.readIntents) {
      const seat = memory.of(seen.seat);
      seat.lastSeq = Math.max(seat.lastSeq, seq);
      memory.remember(seen.seat, seq, intentKey(version, seen), { ok: true, version: after });
    }
    return memory;
  }

  /** The highest intent number seen from the seat's player (0 before any): a player coming back goes on from it. */
  lastSeq(seat: Seat): number {
    return this.of(seat).lastSeq;
  }

  /** The first answer to a repeat, or a refusal of a number used before; null for a new number (now the seat's latest). */
  check(seat: Seat, seq: number, key: string): Act | null {
    const memory = this.of(seat);
    const earlier = memory.results.get(seq);
    if (earlier) return earlier.key === key ? earlier.reply : refuse('SEQ_REUSED');
    if (seq <= memory.lastSeq) return refuse('SEQ_REUSED');
    memory.lastSeq = seq;
    return null;
  }

  /** Keeps a seat's answer for `seq`, forgetting the oldest beyond KEPT_RESULTS. */
  remember(seat: Seat, seq: number, key: string, reply: Act): void {
    const { results } = this.of(seat);
    results.set(seq, { key, reply });
    if (results.size > KEPT_RESULTS) results.delete(results.keys().next().value!);
  }

  /** The seat's memory for its player now. */
  private of(seat: Seat): SeatMemory {
    const holder = this.model.seats[seat]?.tokenHash ?? null;
    let memory = this.seats.get(seat);
    if (memory?.holder !== holder) this.seats.set(seat, (memory = { holder, lastSeq: 0, results: new Map() }));
    return memory;
  }
}
