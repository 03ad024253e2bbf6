// One table: the authority over its lobby and game. Every request runs in the table's serial
// queue and passes the guards (guards.ts, lobby.ts): who is asking comes from the connection
// (never the payload); each change is written to the table file and flushed before anyone
// sees its effect; then each seat gets its own view and spectators the spectator view, each
// with its events, through the table's transport (transport.ts, view-sender.ts). The table
// never sees the socket library; who is away and since when is beside it (seats/presence.ts).
import type { BotLevel } from '../../../shared/protocol/bot-level';
import type { ClientAction, Intent, Refusal, Reply, Resumed, Seated, WatchNext } from '../../../shared/protocol/events';
import type { TableInfo } from '../../../shared/protocol/table-info';
import type { Action } from '../../../shared/rules/actions';
import { applyAction } from '../../../shared/rules/engine';
import { recordedIntent } from '../../../shared/rules/place';
import type { GameRecord } from '../../../shared/rules/record/record';
import type { GameState } from '../../../shared/rules/state';
import type { Seat } from '../../../shared/rules/types';
import { type PlayerView, viewFor } from '../../../shared/rules/view';
import { type HintProvider, answerHint, hintRequest } from './hints';
import { SeatPresence } from '../seats/presence';
import { tableGraceMs } from '../seats/auto-bot';
import type { AutoBotAfter } from '../../../shared/protocol/auto-bot';
import { BotDriver, type BotPolicy } from '../seats/bot-seats';
import type { Clock } from '../clock';
import type { Log } from '../log';
import { inLobby, managerRefusal, moveCheck, ownerAwayMs, ownerRefusal } from './guards';
import { TableKnocks, type WaitingKnock } from './knocks';
import { TableJournal } from './journal';
import * as lobby from './lobby';
import type { TableFile } from '../table-file/store';
import { gameRecordOf } from '../table-file/game-record';
import { refuse } from '../wire/refusal';
import { SerialQueue } from './serial-queue';
import { type TableModel, intentKey, remember, seqCheck } from '../table-file/table-model';
import type { TableLine } from '../table-file/lines';
import { botSeedFor, hashToken, inviteFor, newToken } from '../guards/tokens';
import type { ConnectionId, TableTransport, TransportFactory } from '../wire/transport';
import { toAction } from './client-action';
import { tableInfo } from './table-info';
import { ViewSender } from './view-sender';
import { TableReactions } from './reactions';
import type { Reaction } from '../../../shared/protocol/reactions';

export type { HintProvider } from './hints';

export interface TableDeps {
  readonly clock: Clock;
  readonly log: Log;
  /** The host's grace period: how long a table that waits for its players lets the owner wait before handing a seat over. */
  readonly graceMs: number;
  /** How long one second of the table's "a bot after N seconds" lasts (tests shorten it). */
  readonly secondMs: number;
  readonly botDelayMs: number;
  readonly botPolicy: BotPolicy;
  /** What the Master would play from a view, for hints; absent when the host runs no Master. */
  readonly hint?: HintProvider;
  /** The transport of a new table (connections.ts over Socket.IO). */
  readonly transport: TransportFactory;
  /** The public info changed (seats, phase, presence): tell the lobby and the LAN. */
  readonly changed: (table: Table) => void;
  /** The lobby emptied: the registry may close and delete the table. */
  readonly abandoned: (table: Table) => void;
}

type Act = Reply<{ version: number }>;

export class Table {
  private readonly queue = new SerialQueue();
  private readonly connections: TableTransport;
  private readonly seatPresence: SeatPresence;
  private readonly views: ViewSender;
  private readonly bots: BotDriver;
  private readonly journal: TableJournal;
  /** People asking the owner to let them in without the PIN (knocks.ts). */
  private readonly knocks: TableKnocks;
  private readonly reactions: TableReactions;
  private closed = false;

  constructor(
    private readonly deps: TableDeps,
    readonly model: TableModel,
    file: TableFile,
  ) {
    this.journal = new TableJournal(model, file, deps.log);
    this.knocks = new TableKnocks(deps.clock, (knock) => this.turnAway([knock]));
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
        state: () => this.model.state,
        botPlays: (seat) => this.model.botPlays(seat),
        botLevel: (seat) => this.model.seat(seat).botLevel,
        botSeed: (seat) => botSeedFor(this.model.header.seed, seat),
        submitBotAction: (seat, version, action) => this.submitBotAction(seat, version, action),
      },
      deps.botPolicy,
      model.header.botDelayMs ?? deps.botDelayMs,
      deps.log,
    );
    this.bots.schedule();
    this.seatPresence.watch();
  }

  get id(): string {
    return this.model.id;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  info(): TableInfo {
    return tableInfo(this.model, {
      presence: (seat) => this.seatPresence.of(seat),
      spectators: this.connections.spectatorCount(),
      now: this.deps.clock.now(),
      graceMs: this.graceMs(),
    });
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
    if (this.seatOf(conn) === null) return refuse('NOT_SEATED');
    const record = this.record();
    if (!record || !this.model.state?.over) return refuse('GAME_NOT_OVER');
    // Saved with the players' names (a bot's as null), so a replay of the file names them.
    return { ok: true, record: { ...record, names: this.model.seats.map((s) => (s.kind === 'human' ? s.name : null)) } };
  }

  /**
   * A table made to play again: its seats as given (players, bots), the same owner, and the
   * game started at once. The players in `away` were not at the finished table: they are
   * away here too from the start (the table's wait runs for them, as for any drop).
   */
  seatAndStart(seats: readonly lobby.AgainSeat[], owner: Seat | null, autoBot: AutoBotAfter, away: readonly Seat[] = []): Promise<Reply> {
    return this.run(async () => {
      const failed = await this.journal.write(lobby.seatAndStart(this.model, seats, owner, autoBot));
      if (failed) return failed;
      for (const seat of away) {
        this.seatPresence.dropped(seat);
        if (this.model.botPlays(seat)) this.seatPresence.handedOver(seat);
      }
      this.seatPresence.watch();
      this.bots.schedule();
      this.deps.changed(this);
      return { ok: true };
    });
  }

  /** Tells the player at `seat` (if connected) their seat at the table that plays again. */
  tellRematch(seat: Seat, seated: Seated): void {
    this.connections.toSeat(seat, 'table:rematch', seated);
  }

  /** Tells whoever watches this table (a TV board) which table plays again, to watch it next. */
  tellWatchers(next: WatchNext): void {
    this.connections.toSpectators('table:next', next);
  }

  // ---- lobby -----------------------------------------------------------------------------

  join(conn: ConnectionId, req: lobby.Admission & { name: string; seat?: Seat }): Promise<Reply<Seated>> {
    return this.run(async () => {
      const token = newToken();
      const joined = lobby.join(this.model, req, hashToken(token));
      if ('ok' in joined) return joined;
      const failed = await this.journal.write(joined.lines);
      if (failed) return failed;
      this.takeSeat(conn, joined.seat);
      this.deps.changed(this);
      this.knocksStillOpen();
      return { ok: true, tableId: this.id, seat: joined.seat, token, table: this.info(), ...this.invite() };
    });
  }

  /**
   * Someone who knows the PIN asks the owner to let them in without typing it (the table's wrong
   * PINs have locked it): the owner is told at once (`table:knocks`); the answer comes later.
   */
  knock(conn: ConnectionId, address: string, name: string): Promise<Reply> {
    return this.run(() => {
      if (this.model.header.pin === null) return refuse('BAD_REQUEST', 'this table has no PIN: join it');
      const closed = inLobby(this.model) ?? (this.model.seats.some((s) => s.kind === 'free') ? null : refuse('TABLE_FULL'));
      if (closed) return closed;
      if (this.seatOf(conn) !== null) return refuse('BAD_REQUEST', 'you are seated here already');
      const added = this.knocks.add(conn, address, name);
      if (added === 'full') return { ...refuse('TOO_MANY_REQUESTS', 'the owner has people asking already: try again in a minute'), retryAfterMs: 60_000 };
      if (typeof added === 'number') return { ...refuse('NOT_LET_IN', `the owner said no: try again in ${Math.ceil(added / 60_000)} min`), retryAfterMs: added };
      this.tellKnocks();
      return { ok: true };
    });
  }

  /** The owner lets a knocker in (a free seat, their own token, told by `table:admitted`) or not. */
  answerKnock(conn: ConnectionId, id: string, admit: boolean): Promise<Reply> {
    return this.run(async () => {
      const denied = ownerRefusal(this.model, this.seatOf(conn));
      if (denied) return denied;
      const knock = this.knocks.take(id);
      if (!knock) return refuse('KNOCK_GONE');
      this.tellKnocks();
      if (!admit) this.knocks.refuse(knock);
      if (!admit || !this.connections.isOpen(knock.conn)) {
        this.turnAway([knock]);
        return admit ? refuse('KNOCK_GONE') : { ok: true };
      }
      const token = newToken();
      const sat = lobby.sit(this.model, { name: knock.name }, hashToken(token));
      if ('ok' in sat) {
        this.turnAway([knock]);
        return sat;
      }
      const failed = await this.journal.write(sat.lines);
      if (failed) {
        this.turnAway([knock]);
        return failed;
      }
      this.takeSeat(knock.conn, sat.seat);
      this.deps.changed(this);
      this.connections.toConnection(knock.conn, 'table:admitted', { tableId: this.id, seat: sat.seat, token, table: this.info(), ...this.invite() });
      this.knocksStillOpen();
      return { ok: true };
    });
  }

  resume(conn: ConnectionId, token: string): Promise<Reply<Resumed>> {
    return this.run(async () => {
      const seat = lobby.seatOfToken(this.model, token);
      if (typeof seat !== 'number') return seat;
      const back = lobby.comeBack(this.model, seat);
      const failed = back.length > 0 ? await this.journal.write(back) : null;
      if (failed) return failed;
      this.takeSeat(conn, seat);
      this.deps.changed(this);
      this.views.sendTo(seat);
      if (seat === this.model.owner && this.knocks.size > 0) this.tellKnocks();
      return { ok: true, tableId: this.id, seat, table: this.info(), lastSeq: this.model.seat(seat).lastSeq, ...this.invite() };
    });
  }

  spectate(conn: ConnectionId, admission: lobby.Admission): Promise<Reply<{ table: TableInfo }>> {
    return this.run(() => {
      const denied = lobby.spectate(this.model, admission);
      if (denied) return denied;
      this.connections.watch(conn);
      this.views.sendToWatcher(conn);
      this.deps.changed(this);
      return { ok: true, table: this.info() };
    });
  }

  leave(conn: ConnectionId): Promise<Reply> {
    return this.run(async () => {
      const seat = this.connections.seatOf(conn);
      if (seat === null) return refuse('NOT_SEATED');
      if (seat !== 'spectator') {
        const failed = await this.journal.write(lobby.leave(this.model, seat));
        if (failed) return failed;
      }
      this.connections.release(conn);
      if (seat !== 'spectator') this.seatPresence.left(seat);
      this.deps.changed(this);
      if (seat !== 'spectator' && lobby.abandoned(this.model)) this.deps.abandoned(this);
      this.bots.schedule();
      return { ok: true };
    });
  }

  addBot(conn: ConnectionId, seat: Seat, level?: BotLevel): Promise<Reply> {
    return this.manage(conn, () => lobby.addBot(this.model, seat, level));
  }

  /** The owner chooses what happens to a dropped player's seat (the table file keeps it); nobody else, even while they are away. */
  setAutoBot(conn: ConnectionId, afterS: AutoBotAfter): Promise<Reply> {
    return this.run(() => ownerRefusal(this.model, this.seatOf(conn)) ?? this.change(afterS === this.model.autoBotAfterS ? [] : [{ t: 'autoBot', afterS }]));
  }

  removeBot(conn: ConnectionId, seat: Seat): Promise<Reply> {
    return this.manage(conn, () => lobby.removeBot(this.model, seat));
  }

  /** Before the start, the owner frees another player's seat; that player is told and leaves. */
  removePlayer(conn: ConnectionId, seat: Seat): Promise<Reply> {
    return this.manage(
      conn,
      () => lobby.removePlayer(this.model, seat),
      () => {
        this.connections.evict(seat);
        this.seatPresence.removed(seat);
      },
    );
  }

  start(conn: ConnectionId): Promise<Reply> {
    return this.manage(
      conn,
      () => lobby.start(this.model),
      () => this.views.sendAll(),
    );
  }

  /** The owner (or a present player while the owner is away) hands an absent player's seat to a bot. */
  giveToBot(conn: ConnectionId, seat: Seat, level?: BotLevel): Promise<Reply> {
    const lines = () => lobby.giveToBot(this.model, seat, level, this.seatPresence.of(seat), this.deps.clock.now(), this.graceMs());
    return this.manage(conn, lines, () => this.seatPresence.handedOver(seat));
  }

  takeBack(conn: ConnectionId): Promise<Reply> {
    return this.run(async () => {
      const seat = this.seatOf(conn);
      if (seat === null) return refuse('NOT_SEATED');
      return this.change(lobby.takeBack(this.model, seat));
    });
  }

  /** A seated player's quick reaction, to everyone here (reactions.ts: outside the queue and the file). */
  react(conn: ConnectionId, reaction: Reaction): Reply {
    return this.closed ? refuse('TABLE_CLOSED') : this.reactions.react(this.seatOf(conn), reaction);
  }

  // ---- play --------------------------------------------------------------------------------

  /** What the Master would play now for the asking seat (hints.ts): only the checks wait in the queue. */
  async hint(conn: ConnectionId): Promise<Reply<{ action: Action }>> {
    const asked = await this.run(() => hintRequest(this.model, this.seatOf(conn), this.deps.hint));
    return answerHint(asked, (e) => this.deps.log.warn(`table ${this.id}: hint failed: ${e.message}`));
  }

  /**
   * A seat's move, the one path of the host's authority, top to bottom: the seat is the
   * connection's; the sequence number (a repeat gets its first answer); the guards
   * (guards.ts); the intent as the engine's action, made once; then `commit`: applied, written
   * and flushed (journal.ts), and only then the views sent. The answer is remembered for its
   * number here and only here.
   */
  act(conn: ConnectionId, intent: Intent): Promise<Act> {
    return this.run(async () => {
      const seat = this.seatOf(conn);
      if (seat === null) return refuse('NOT_SEATED');
      const action = toAction(seat, intent.action);
      const slot = this.model.seat(seat);
      const key = intentKey(intent.version, action);
      const answered = seqCheck(slot, intent.seq, key);
      if (answered) return answered;
      const state = moveCheck(this.model, seat, intent);
      const reply = 'ok' in state ? state : await this.commit(state, action, intent.seq);
      remember(slot, intent.seq, key, reply);
      const now = this.model.state;
      if (!reply.ok && now && intent.version !== now.version) this.views.sendTo(seat);
      return reply;
    });
  }

  sync(conn: ConnectionId): Promise<Reply<{ view: PlayerView }>> {
    return this.run(() => {
      const seat = this.connections.seatOf(conn);
      if (seat === null) return refuse('NOT_SEATED');
      if (!this.model.state) return refuse('NOT_STARTED');
      const view = viewFor(this.model.state, seat);
      this.views.eventsAfterReply(conn, seat, view.version);
      return { ok: true, view };
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.bots.stop();
    this.seatPresence.clear();
    this.turnAway(this.knocks.takeAll());
    await this.queue.idle();
    await this.journal.close();
    this.connections.close(this.id);
  }

  /** Resolves when every queued request has run. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  // ---- the pipeline ---------------------------------------------------------------------------

  /** A lobby change by whoever manages the table: checked, written, then `after`, then everyone told. */
  private manage(conn: ConnectionId, lines: () => Refusal | TableLine[], after?: () => void): Promise<Reply> {
    return this.run(() => {
      const { clock, graceMs, secondMs } = this.deps;
      const denied = managerRefusal(this.model, this.seatOf(conn), (owner) => this.awayFor(owner, clock.now()), ownerAwayMs(this.model, graceMs, secondMs));
      return denied ?? this.change(lines(), after);
    });
  }

  /** How long the seat's player has been away: 0 while connected, Infinity once they left on purpose. */
  private awayFor(seat: Seat, now: number): number {
    const p = this.seatPresence.of(seat);
    if (p.connected) return 0;
    if (p.left) return Infinity;
    return p.goneSince === null ? 0 : now - p.goneSince;
  }

  /** Writes a lobby change; no lines means nothing to do. */
  private async change(lines: Refusal | TableLine[], after?: () => void): Promise<Reply> {
    if ('ok' in lines) return lines;
    if (lines.length === 0) return { ok: true };
    const failed = await this.journal.write(lines);
    if (failed) return failed;
    after?.();
    this.bots.schedule();
    this.seatPresence.watch();
    this.deps.changed(this);
    this.knocksStillOpen();
    return { ok: true };
  }

  /** Tells the owner who is knocking now. */
  private tellKnocks(): void {
    const owner = this.model.owner;
    if (owner !== null) this.connections.toSeat(owner, 'table:knocks', { tableId: this.id, knocks: this.knocks.list() });
  }

  /** Knocks at a table that started or filled up can no longer be let in: their knockers are told. */
  private knocksStillOpen(): void {
    if (this.knocks.size === 0) return;
    if (this.model.phase === 'lobby' && this.model.seats.some((s) => s.kind === 'free')) return;
    this.turnAway(this.knocks.takeAll());
    this.tellKnocks();
  }

  private turnAway(knocks: readonly WaitingKnock[]): void {
    for (const k of knocks) this.connections.toConnection(k.conn, 'table:turnedAway', this.id);
    if (knocks.length > 0) this.tellKnocks();
  }

  /** A connection of this table dropped (the transport says so): a seat it held is now away. */
  private dropped(seat: Seat | null): void {
    if (seat !== null) this.seatPresence.dropped(seat);
    this.seatPresence.watch();
    this.deps.changed(this);
  }

  /** A dropped player's time is up: a bot plays their seat until they take it back. */
  private autoHandOver(seat: Seat): void {
    void this.run(() => {
      if (!this.seatPresence.due(seat)) return { ok: true };
      return this.change([{ t: 'control', seat, bot: true }], () => this.seatPresence.handedOver(seat));
    });
  }

  /** Apply, write and flush, then show everyone. The only place the game moves forward. */
  private async commit(before: GameState, answer: Action, seq: number | null): Promise<Act> {
    // Only one of the seat's answers as it sees them, in the record's form (which names cards, ruling 14).
    const action = recordedIntent(before, answer);
    if (!action.ok) return refuse(action.error.code, action.error.message);
    const step = applyAction(before, action.value);
    if (!step.ok) return refuse(step.error.code, step.error.message);
    const state = step.value.state;
    const written = this.journal.write([{ t: 'act', a: action.value, seq }], step.value);
    // The views are built and serialised while the disk flushes; none goes out before it has.
    const views = this.views.viewsOf(state, step.value.events);
    const failed = await written;
    if (failed) return failed;
    this.views.send(views);
    if (state.over) this.deps.changed(this);
    this.bots.schedule();
    return { ok: true, version: state.version };
  }

  /** A bot's move, if the game is still where the bot saw it; false when the move was refused. */
  private submitBotAction(seat: Seat, version: number, action: Action): Promise<boolean> {
    return this.queue.run(async () => {
      const state = this.model.state;
      if (this.closed || !state || state.version !== version || !this.model.botPlays(seat)) return true;
      // Only the fields of an action go into the record, whatever else a policy returned.
      return (await this.commit(state, toAction(seat, action), null)).ok;
    });
  }

  /** Runs a request in the queue; a bug inside is logged and answered INTERNAL. */
  private run<T>(task: () => T | Promise<T>): Promise<T | Refusal> {
    return this.queue.run(async () => {
      if (this.closed) return refuse('TABLE_CLOSED');
      try {
        return await task();
      } catch (e) {
        this.deps.log.error(`table ${this.id}: request failed`, e);
        return refuse('INTERNAL');
      }
    });
  }

  // ---- seats and views ------------------------------------------------------------------------

  private takeSeat(conn: ConnectionId, seat: Seat): void {
    // A connection that dropped while its request waited: the seat is held, its player away.
    if (this.connections.takeSeat(conn, seat)) this.seatPresence.arrived(seat);
    else this.seatPresence.dropped(seat);
    this.model.seat(seat).left = false;
    this.seatPresence.watch();
  }

  /** The seat this connection holds here (not spectators), or null. */
  seatOf(conn: ConnectionId): Seat | null {
    const seat = this.connections.seatOf(conn);
    return seat === 'spectator' ? null : seat;
  }
}
