// A table as data: its header, seats, owner, and the game once started. Live changes and a
// table file being loaded go through the same `applyLine`, so a restarted host rebuilds exactly
// the table it wrote down.
import type { Action } from '../../../shared/rules/actions';
import { type Applied, applyAction, newGame } from '../../../shared/rules/engine';
import { answersAsSeen } from '../../../shared/rules/place';
import type { GameState } from '../../../shared/rules/state';
import type { Seat } from '../../../shared/rules/types';
import { type AutoBotAfter, DEFAULT_AUTO_BOT } from '../../../shared/protocol/auto-bot';
import { type BotLevel, DEFAULT_BOT_LEVEL } from '../../../shared/protocol/bot-level';
import type { Reply } from '../../../shared/protocol/events';
import type { GameEventBatch } from '../../../shared/protocol/event-log';
import { refuse } from '../wire/refusal';
import { TableFileError, type TableHeader, type TableLine } from './lines';
import type { TableId } from '../../../shared/ids';

/** How many recent intent results each seat keeps to answer repeats. */
export const KEPT_RESULTS = 32;

export interface SeatSlot {
  kind: 'free' | 'human' | 'bot';
  name: string | null;
  /** SHA-256 of the seat token (humans only). */
  tokenHash: string | null;
  /** A human seat handed to a bot. */
  botControlled: boolean;
  /** How strong the seat's bot plays (bot seats and handed-over seats). */
  botLevel: BotLevel;
  /** The player left during the game (they may still come back with their token). */
  left: boolean;
  /** Highest intent sequence number seen from this seat. */
  lastSeq: number;
  /** Recent results by sequence number, with the intent they answered (see `intentKey`). */
  results: Map<number, { key: string; reply: Reply<{ version: number }> }>;
}

/** What makes two intents the same: the action (with its seat) and the version it was made against. */
export const intentKey = (version: number, action: Action): string => `${version}:${JSON.stringify(action)}`;

/** The key of a recorded action, as its seat saw and sent it before it was applied to `before`. */
const seenKey = (before: GameState, action: Action): string => intentKey(before.version, answersAsSeen(before, action.seat, [action])[0]!);

const freeSlot = (): SeatSlot => ({
  kind: 'free',
  name: null,
  tokenHash: null,
  botControlled: false,
  botLevel: DEFAULT_BOT_LEVEL,
  left: false,
  lastSeq: 0,
  results: new Map(),
});

export class TableModel {
  readonly seats: SeatSlot[];
  owner: Seat | null = null;
  /** A dropped player's seat goes to a bot after this many seconds (null: the table waits). */
  autoBotAfterS: AutoBotAfter = DEFAULT_AUTO_BOT;
  state: GameState | null = null;
  readonly actions: Action[] = [];
  /** The engine's events of every version so far, for the players' game logs. */
  readonly log: GameEventBatch[] = [];

  constructor(readonly header: TableHeader) {
    this.seats = Array.from({ length: header.players }, freeSlot);
  }

  get id(): TableId {
    return this.header.id;
  }

  get phase(): 'lobby' | 'playing' | 'over' {
    return this.state === null ? 'lobby' : this.state.over ? 'over' : 'playing';
  }

  /** A seat of this table (the guards have checked it exists). */
  seat(seat: Seat): SeatSlot {
    const slot = this.seats[seat];
    if (!slot) throw new RangeError(`no seat ${seat} at table ${this.id}`);
    return slot;
  }

  /** The seat's moves are made by a bot (a bot seat, or a human seat handed over). */
  botPlays(seat: Seat): boolean {
    const s = this.seats[seat]!;
    return s.kind === 'bot' || (s.kind === 'human' && s.botControlled);
  }

  /** Applies one line; `applied` is the engine's result when the caller has it already. */
  applyLine(line: TableLine, applied?: Applied): void {
    switch (line.t) {
      case 'seat':
        Object.assign(this.seats[line.seat]!, freeSlot(), { kind: 'human', name: line.name, tokenHash: line.token });
        return;
      case 'bot':
        Object.assign(this.seats[line.seat]!, freeSlot(), { kind: 'bot', botLevel: line.level ?? DEFAULT_BOT_LEVEL });
        return;
      case 'free':
        Object.assign(this.seats[line.seat]!, freeSlot());
        return;
      case 'owner':
        this.owner = line.seat;
        return;
      case 'start': {
        const game = newGame({ players: this.header.players, options: this.header.options, seed: this.header.seed });
        if (!game.ok) throw new TableFileError(`cannot start: ${game.error.message}`);
        this.state = game.value.state;
        this.log.push({ version: this.state.version, events: game.value.events });
        return;
      }
      case 'act': {
        if (!this.state) throw new TableFileError('an action before the start');
        const step = applied ?? this.applyOrThrow(line.a);
        const prior = this.state;
        this.state = step.state;
        this.actions.push(line.a);
        this.log.push({ version: step.state.version, events: step.events });
        const slot = this.seats[line.a.seat]!;
        // A live move's answer is remembered by the table's move path (table.ts `act`); a move
        // read back from the file is remembered here. Both under the one key: the intent as
        // its seat saw it (the file names a card its seat answered by place, ruling 14).
        if (line.seq !== null && !applied) {
          slot.lastSeq = Math.max(slot.lastSeq, line.seq);
          remember(slot, line.seq, seenKey(prior, line.a), { ok: true, version: step.state.version });
        }
        return;
      }
      case 'control':
        this.seats[line.seat]!.botControlled = line.bot;
        if (line.bot) this.seats[line.seat]!.botLevel = line.level ?? DEFAULT_BOT_LEVEL;
        return;
      case 'left':
        this.seats[line.seat]!.left = true;
        return;
      case 'autoBot':
        this.autoBotAfterS = line.afterS;
        return;
    }
  }

  private applyOrThrow(action: Action): Applied {
    const r = applyAction(this.state!, action);
    if (!r.ok) throw new TableFileError(`action ${this.actions.length + 1} refused: ${r.error.code}`);
    return r.value;
  }
}

/**
 * The sequence check of a seat's intent: a repeat (same number, same intent) gets the first
 * answer, a number used before is refused, a new one becomes the seat's latest. Null: go on.
 */
export function seqCheck(slot: SeatSlot, seq: number, key: string): Reply<{ version: number }> | null {
  const earlier = slot.results.get(seq);
  if (earlier) return earlier.key === key ? earlier.reply : refuse('SEQ_REUSED');
  if (seq <= slot.lastSeq) return refuse('SEQ_REUSED');
  slot.lastSeq = seq;
  return null;
}

/** Keeps a seat's result for `seq`, forgetting the oldest beyond KEPT_RESULTS. */
export function remember(slot: SeatSlot, seq: number, key: string, reply: Reply<{ version: number }>): void {
  slot.results.set(seq, { key, reply });
  if (slot.results.size > KEPT_RESULTS) slot.results.delete(slot.results.keys().next().value!);
}
