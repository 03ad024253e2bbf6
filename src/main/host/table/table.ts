// One table: the authority over its lobby and game. Every request runs in the table's queue,
// one at a time in arrival order (each sees the state the one before left, its write to disk
// included), and passes the game's checks (move-checks.ts, lobby.ts): who is asking comes from
// the connection (never the payload); each change is written to the table file and flushed
// before anyone sees its effect; then each seat gets its own view and spectators theirs, each
// with its events (view-sender.ts). The table never sees the socket library; who is away and
// since when is beside it (seats/presence.ts). This file holds the queue, the seams and the
// public surface; the requests' bodies are by concept beside it: moves.ts (a move's whole
// path), door.ts (who comes in, knocks), lobby-changes.ts (seats and settings), seating.ts
// (who sits where), each over the seams it uses (seams.ts).
import type { BotLevel } from '../../../shared/protocol/bot-level';
import type { Intent, Refusal, Reply, Resumed, Seated, WatchNext } from '../../../shared/protocol/events';
import type { TableInfo } from '../../../shared/protocol/table-info';
import type { Action } from '../../../shared/rules/actions';
import type { GameRecord } from '../../../shared/rules/record/record';
import type { Seat } from '../../../shared/rules/types';
import type { PlayerView } from '../../../shared/rules/view';
import { answerHint, hintRequest } from './hints';
import { SeatPresence } from '../seats/presence';
import { tableGraceMs } from '../seats/auto-bot';
import type { AutoBotAfter } from '../../../shared/protocol/auto-bot';
import { BotDriver } from '../seats/bot-seats';
import { TableKnocks } from './knocks';
import { TableJournal } from '../table-file/table-model';
import * as lobby from './lobby';
import type { TableFile } from '../table-file/store';
import { finishedRecordOf, gameRecordOf } from '../table-file/game-record';
import { refuse } from '../wire/refusal';
import type { TableModel } from '../table-file/table-model';
import { botSeedFor, inviteFor } from '../guards/tokens';
import type { ConnectionId, TableTransport } from '../wire/transport';
import { tableInfo } from './table-info';
import { ViewSender } from './view-sender';
import * as door from './door';
import * as changes from './lobby-changes';
import * as moves from './moves';
import * as seating from './seating';
import type { HostSeams } from './seams';
import { TableReactions } from './reactions';
import type { Reaction } from '../../../shared/protocol/reactions';
import type { TableId } from '../../../shared/ids';

export type { HintProvider } from './hints';

/** What the host hands each table (seams.ts). */
export type TableDeps = HostSeams<Table>;

/** The seams of one table, as each request module takes the part it uses (moves.ts `MoveTable`, door.ts `DoorTable`, lobby-changes.ts `LobbyTable`). */
type Seams = moves.MoveTable & door.DoorTable & changes.LobbyTable;

export class Table {
  /** The end of the queue: the last request's promise; each new one waits for it. */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly connections: TableTransport;
  private readonly seatPresence: SeatPresence;
  private readonly views: ViewSender;
  private readonly bots: BotDriver;
  private readonly journal: TableJournal;
  /** People asking the owner to let them in without the PIN (knocks.ts). */
  private readonly knocks: TableKnocks;
  private readonly seams: Seams;
  /** Quick reactions, told to everyone here and kept nowhere (reactions.ts). */
  private readonly reactions: TableReactions;
  private closed = false;
  /** Stops listening to the disk's state. */
  private readonly unwatchDisk: () => void;

  constructor(
    private readonly deps: TableDeps,
    readonly model: TableModel,
    file: TableFile,
  ) {
    this.journal = new TableJournal(model, file, deps.disk, deps.log);
    this.knocks = new TableKnocks(deps.clock, (knock) => door.turnAway(this.seams, [knock]));
    this.connections = deps.transport(model.id, model.seats.length, (seat) => this.dropped(seat));
    const { clock, secondMs } = deps;
    const connected = (seat: Seat) => this.connections.holds(seat);
    const [changed, handOver] = [() => deps.changed(this), (seat: Seat) => this.autoHandOver(seat)];
    this.seatPresence = new SeatPresence({ model, clock, graceMs: () => this.graceMs(), secondMs, connected, changed, handOver });
    this.views = new ViewSender(model, this.connections);
    this.reactions = new TableReactions(deps.clock, (r) => this.connections.toAll('table:reaction', r));
    this.bots = new BotDriver(
      {
        id: model.id,
        model,
        botSeed: (seat) => botSeedFor(this.model.header.seed, seat),
        submitBotAction: (seat, version, action) => this.submitBotAction(seat, version, action),
      },
      deps.botPolicy,
      model.header.botDelayMs ?? deps.botDelayMs,
      deps.log,
    );
    this.seams = {
      id: model.id,
      model,
      connections: this.connections,
      storage: this.journal,
      memory: moves.IntentMemory.of(model),
      presence: this.seatPresence,
      views: this.views,
      bots: this.bots,
      knocks: this.knocks,
      clock,
      settings: deps,
      info: () => this.info(),
      invite: () => this.invite(),
      graceMs: () => this.graceMs(),
      changed,
      abandoned: () => deps.abandoned(this),
    };
    this.bots.schedule();
    this.seatPresence.watch();
    this.unwatchDisk = deps.disk.watch((full) => this.diskChanged(full));
  }

  get id(): TableId {
    return this.model.id;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  info(): TableInfo {
    const info = tableInfo(this.model, {
      presence: (seat) => this.seatPresence.of(seat),
      spectators: this.connections.spectatorCount(),
      now: this.deps.clock.now(),
      graceMs: this.graceMs(),
    });
    return this.deps.disk.full ? { ...info, diskFull: true } : info;
  }

  /** How long a dropped player's seat waits: the owner's choice (auto-bot.ts), for the countdown, the hand-over and the bot alike. */
  private graceMs(): number {
    return tableGraceMs(this.model.autoBotAfterS, this.deps.secondMs, this.deps.graceMs);
  }

  /** The invite secret of a PIN table, for its seated players' links (never in `info()`, which anyone may see). */
  invite(): { invite?: string } {
    return this.model.header.pin === null ? {} : { invite: inviteFor(this.model.header.seed) };
  }

  /** Someone is seated here on a live connection, or watching. */
  hasConnections(): boolean {
    return this.connections.hasConnections();
  }

  /** The game record so far (record-format.md), or null before the start. */
  record(): GameRecord | null {
    return gameRecordOf(this.model);
  }

  /**
   * The record of a finished game, for the players seated here only (each came in by their seat's
   * token): it holds the seed and every hand, and the invite secret derives from the seed.
   * Spectators and boards have the final standings in their view.
   */
  finishedRecord(conn: ConnectionId): Reply<{ record: GameRecord }> {
    return this.seatOf(conn) === null ? refuse('NOT_SEATED') : (finishedRecordOf(this.model) ?? refuse('GAME_NOT_OVER'));
  }

  /** A table made to play again, started at once (lobby-changes.ts); the players in `away` are away from the start. */
  seatAndStart(seats: readonly lobby.AgainSeat[], owner: Seat | null, autoBot: AutoBotAfter, away: readonly Seat[] = []): Promise<Reply> {
    return this.run(changes.seatAndStart, this.seams, seats, owner, autoBot, away);
  }

  /** Tells the player at `seat` (if connected) their seat at the table that plays again. */
  tellRematch(seat: Seat, seated: Seated): void {
    this.connections.toSeat(seat, 'table:rematch', seated);
  }

  /** Tells whoever watches this table (a TV board) which table plays again, to watch it next. */
  tellWatchers(next: WatchNext): void {
    this.connections.toSpectators('table:next', next);
  }

  // ---- lobby (door.ts, lobby-changes.ts) -----------------------------------------------------

  join(conn: ConnectionId, req: lobby.Admission & { name: string; seat?: Seat }): Promise<Reply<Seated>> {
    return this.run(door.join, this.seams, conn, req);
  }

  /** Someone who knows the PIN of a locked table asks the owner to let them in (door.ts). */
  knock(conn: ConnectionId, who: { device: string; address: string }, name: string): Promise<Reply<{ code: string }>> {
    return this.run(door.knock, this.seams, conn, who, name);
  }

  /** The owner lets a knocker in or not (door.ts). */
  answerKnock(conn: ConnectionId, id: string, admit: boolean): Promise<Reply> {
    return this.run(door.answerKnock, this.seams, conn, id, admit);
  }

  resume(conn: ConnectionId, token: string): Promise<Reply<Resumed>> {
    return this.run(door.resume, this.seams, conn, token);
  }

  spectate(conn: ConnectionId, admission: lobby.Admission): Promise<Reply<{ table: TableInfo }>> {
    return this.run(door.spectate, this.seams, conn, admission);
  }

  leave(conn: ConnectionId): Promise<Reply> {
    return this.run(changes.leave, this.seams, conn);
  }

  addBot(conn: ConnectionId, seat: Seat, level?: BotLevel): Promise<Reply> {
    return this.run(changes.addBot, this.seams, conn, seat, level);
  }

  /** The owner chooses what happens to a dropped player's seat (the table file keeps it); nobody else, even while they are away. */
  setAutoBot(conn: ConnectionId, afterS: AutoBotAfter): Promise<Reply> {
    return this.run(changes.setAutoBot, this.seams, conn, afterS);
  }

  removeBot(conn: ConnectionId, seat: Seat): Promise<Reply> {
    return this.run(changes.removeBot, this.seams, conn, seat);
  }

  /** Before the start, the owner frees another player's seat; that player is told and leaves. */
  removePlayer(conn: ConnectionId, seat: Seat): Promise<Reply> {
    return this.run(changes.removePlayer, this.seams, conn, seat);
  }

  start(conn: ConnectionId): Promise<Reply> {
    return this.run(changes.start, this.seams, conn);
  }

  /** The owner (or a present player while the owner is away) hands an absent player's seat to a bot. */
  giveToBot(conn: ConnectionId, seat: Seat, level?: BotLevel): Promise<Reply> {
    return this.run(changes.giveToBot, this.seams, conn, seat, level);
  }

  takeBack(conn: ConnectionId): Promise<Reply> {
    return this.run(changes.takeBack, this.seams, conn);
  }

  /** A seated player's quick reaction, to everyone here (reactions.ts: outside the queue and the file). */
  react(conn: ConnectionId, reaction: Reaction): Reply {
    return this.closed ? refuse('TABLE_CLOSED') : this.reactions.react(this.seatOf(conn), reaction);
  }

  // ---- play (moves.ts) -----------------------------------------------------------------------

  /** What the Master would play now for the asking seat (hints.ts): only the checks wait in the queue. */
  async hint(conn: ConnectionId): Promise<Reply<{ action: Action }>> {
    const asked = await this.run(() => hintRequest(this.model, this.seatOf(conn), this.deps.hint));
    return answerHint(asked, (e) => this.deps.log.warn(`table ${this.id}: hint failed: ${e.message}`));
  }

  /** A seat's move, the one path of the host's authority (moves.ts). */
  act(conn: ConnectionId, intent: Intent): Promise<moves.Act | Refusal> {
    return this.run(moves.act, this.seams, conn, intent);
  }

  /** The connection's view now, in the reply; the events that led to it follow (view-sender.ts). */
  sync(conn: ConnectionId): Promise<Reply<{ view: PlayerView }>> {
    return this.run(() => this.views.sync(conn));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unwatchDisk();
    this.bots.stop();
    this.seatPresence.clear();
    door.turnAway(this.seams, this.knocks.takeAll());
    await this.idle();
    await this.journal.close();
    this.connections.close(this.id);
  }

  /** Resolves when every queued request has run. */
  async idle(): Promise<void> {
    await this.tail.then(
      () => undefined,
      () => undefined,
    );
  }

  // ---- the pipeline ---------------------------------------------------------------------------

  /** A connection of this table dropped (the transport says so): a seat it held is now away. */
  private dropped(seat: Seat | null): void {
    if (seat !== null) this.seatPresence.dropped(seat);
    this.seatPresence.watch();
    this.deps.changed(this);
  }

  /**
   * The disk filled or has room again: everyone here is told. With room, what the full disk
   * stopped goes on by itself: the bot to move tries again, and a hand-over that was due and
   * could not be written is due again.
   */
  private diskChanged(full: boolean): void {
    this.deps.changed(this);
    if (full) return;
    this.seatPresence.watch();
    this.bots.retry();
  }

  /** A dropped player's time is up: a bot plays their seat until they take it back. */
  private autoHandOver(seat: Seat): void {
    void this.run(changes.handOver, this.seams, seat);
  }

  /** A bot's move, if the game is still where the bot saw it; false when the move was refused. */
  private async submitBotAction(seat: Seat, version: number, action: Action): Promise<boolean> {
    const done = await this.run(moves.botMove, this.seams, seat, version, action);
    // A move the disk refused was legal: the bot tries again once the disk has room (diskChanged). A
    // closed table stops its bots; a bug is logged (run) and not retried.
    return done.ok || ['STORAGE_FAILED', 'TABLE_CLOSED', 'INTERNAL'].includes(done.code);
  }

  /**
   * Runs a request in the queue, after every request before it: `task(...args)` once its turn
   * comes; a bug inside is logged and answered INTERNAL.
   */
  private async run<A extends unknown[], T>(task: (...args: A) => T | Promise<T>, ...args: A): Promise<T | Refusal> {
    const before = this.tail;
    let done!: () => void;
    this.tail = new Promise<void>((resolve) => (done = resolve));
    await before;
    try {
      if (this.closed) return refuse('TABLE_CLOSED');
      return await task(...args);
    } catch (e) {
      this.deps.log.error(`table ${this.id}: request failed`, e);
      return refuse('INTERNAL');
    } finally {
      done();
    }
  }

  /** The seat this connection holds here (not spectators), or null (seating.ts). */
  seatOf(conn: ConnectionId): Seat | null {
    return seating.seatOf(this.seams, conn);
  }
}
