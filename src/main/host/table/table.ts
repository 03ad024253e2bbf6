// One table: the authority over its lobby and game. Every request runs in the table's serial
// queue and passes the guards (guards.ts, lobby.ts): who is asking comes from the connection
// (never the payload); each change is written to the table file and flushed before anyone
// sees its effect; then each seat gets its own view and spectators the spectator view, through
// the table's connections (transport.ts). The table never sees the socket library.
import type { BotLevel } from '../../../shared/protocol/bot-level';
import type { ClientAction, Intent, Refusal, Reply, Resumed, Seated } from '../../../shared/protocol/events';
import type { SeatInfo, TableInfo } from '../../../shared/protocol/table-info';
import type { Action } from '../../../shared/rules/actions';
import { applyAction } from '../../../shared/rules/engine';
import { recordedIntent } from '../../../shared/rules/place';
import type { GameRecord } from '../../../shared/rules/record/record';
import type { GameState } from '../../../shared/rules/state';
import type { Seat } from '../../../shared/rules/types';
import { type PlayerView, viewFor } from '../../../shared/rules/view';
import { type Presence, graceLeft, handoverCheck } from '../seats/absence';
import type { AutoBotAfter } from '../../../shared/protocol/auto-bot';
import { AutoBotWatch } from '../seats/auto-bot';
import { BotDriver, type BotPolicy } from '../seats/bot-seats';
import type { Clock } from '../clock';
import type { Log } from '../log';
import { hintCheck, managerRefusal, moveCheck } from './guards';
import * as lobby from './lobby';
import type { TableFile } from '../table-file/store';
import { gameRecordOf } from '../table-file/game-record';
import { refuse } from './refusal';
import { SerialQueue } from './serial-queue';
import { type TableModel, intentKey, remember, seqCheck } from './table-model';
import type { TableLine } from '../table-file/lines';
import { hashToken, inviteFor, newToken, tokenMatches } from '../guards/tokens';
import { type ConnectionId, type GameStory, type ReadyView, type TableConnections } from '../transport/transport';
import { batchesFor } from '../../../shared/protocol/event-log';
import type { GameEvent } from '../../../shared/rules/events';
import { readyViewFor, readyViews } from './ready-views';
import { toAction } from './client-action';
import { eveningOf } from './evening';

/** What the Master would play from a seat's view (hints). */
export type HintProvider = (view: PlayerView) => Promise<Action>;

export interface TableDeps {
  readonly clock: Clock;
  readonly log: Log;
  readonly graceMs: number;
  /** How long one second of the table's "a bot after N seconds" lasts (tests shorten it). */
  readonly secondMs: number;
  readonly botDelayMs: number;
  readonly botPolicy: BotPolicy;
  /** What the Master would play from a view, for hints; absent when the host runs no Master. */
  readonly hint?: HintProvider;
  /**
   * The connections of a new table; `humans` are its seats held by players (all away at first);
   * `story` gives the events a view comes with (see TableConnections).
   */
  readonly connections: (tableId: string, humans: readonly boolean[], changed: () => void, story: GameStory) => TableConnections;
  /** The public info changed (seats, phase, presence): tell the lobby and the LAN. */
  readonly changed: (table: Table) => void;
  /** The lobby emptied: the registry may close and delete the table. */
  readonly abandoned: (table: Table) => void;
}

type Act = Reply<{ version: number }>;

export class Table {
  private readonly queue = new SerialQueue();
  private readonly connections: TableConnections;
  private readonly bots: BotDriver;
  /** Dropped seats that a bot takes over after the table's chosen time. */
  private readonly absence: AutoBotWatch;
  /** A write to the table file failed: the table refuses changes from then on. */
  private broken = false;
  private closed = false;

  constructor(
    private readonly deps: TableDeps,
    readonly model: TableModel,
    private readonly file: TableFile,
  ) {
    this.connections = deps.connections(
      model.id,
      model.seats.map((s) => s.kind === 'human'),
      () => {
        this.watchAbsence();
        deps.changed(this);
      },
      (viewer, after, upTo) => batchesFor(this.model.log, viewer, after, upTo),
    );
    this.bots = new BotDriver(
      {
        id: model.id,
        state: () => this.model.state,
        botPlays: (seat) => this.model.botPlays(seat),
        botLevel: (seat) => this.model.seat(seat).botLevel,
        submitBotAction: (seat, version, action) => this.submitBotAction(seat, version, action),
      },
      deps.botPolicy,
      model.header.botDelayMs ?? deps.botDelayMs,
      deps.log,
    );
    this.absence = new AutoBotWatch({
      model,
      secondMs: deps.secondMs,
      clock: deps.clock,
      goneSince: (seat) => this.connections.presence(seat).goneSince,
      handOver: (seat) => this.autoHandOver(seat),
    });
    this.bots.schedule();
    this.watchAbsence();
  }

  get id(): string {
    return this.model.id;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  info(): TableInfo {
    const { header, seats, owner } = this.model;
    const now = this.deps.clock.now();
    const seatInfo = seats.map(
      (s, seat): SeatInfo => ({
        seat,
        kind: s.kind,
        name: s.kind === 'human' ? s.name : null,
        connected: s.kind === 'bot' || this.connections.presence(seat).connected,
        botPlaying: s.kind === 'human' && s.botControlled,
        handoverAllowed: s.kind === 'human' && !s.botControlled && handoverCheck(this.presence(seat), now, this.deps.graceMs) === 'ok',
        handoverInMs: s.kind === 'human' && !s.botControlled ? graceLeft(this.presence(seat), now, this.deps.graceMs) : null,
        botLevel: this.model.botPlays(seat) ? s.botLevel : null,
      }),
    );
    const standings = eveningOf(this.model);
    return {
      id: header.id,
      name: header.name,
      players: header.players,
      options: header.options,
      hasPin: header.pin !== null,
      hints: header.hints !== false,
      ...(standings ? { standings } : {}),
      phase: this.model.phase,
      owner,
      seats: seatInfo,
      spectators: this.connections.spectatorCount(),
      graceMs: this.deps.graceMs,
      autoBotAfterS: this.model.autoBotAfterS,
    };
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

  /** The record of a finished game, for a player or spectator of this table. */
  finishedRecord(conn: ConnectionId): Reply<{ record: GameRecord }> {
    if (this.connections.seatOf(conn) === null) return refuse('NOT_SEATED');
    const record = this.record();
    if (!record || !this.model.state?.over) return refuse('GAME_NOT_OVER');
    return { ok: true, record };
  }

  /**
   * A table made to play again: its seats as given (players with fresh tokens, bots), the same
   * owner, and the game started at once.
   */
  seatAndStart(seats: readonly ({ name: string; tokenHash: string } | { level: BotLevel })[], owner: Seat | null, autoBot: AutoBotAfter): Promise<Reply> {
    return this.run(async () => {
      const lines: TableLine[] = autoBot === this.model.autoBotAfterS ? [] : [{ t: 'autoBot', afterS: autoBot }];
      lines.push(...seats.map((s, seat): TableLine => ('level' in s ? { t: 'bot', seat, level: s.level } : { t: 'seat', seat, name: s.name, token: s.tokenHash })));
      if (owner !== null) lines.push({ t: 'owner', seat: owner });
      lines.push({ t: 'start' });
      const failed = await this.writeAndApply(lines);
      if (failed) return failed;
      this.bots.schedule();
      this.deps.changed(this);
      return { ok: true };
    });
  }

  /** Tells the player at `seat` (if connected) their seat at the table that plays again. */
  tellRematch(seat: Seat, seated: Seated): void {
    this.connections.toSeat(seat, 'table:rematch', seated);
  }

  // ---- lobby -----------------------------------------------------------------------------

  join(conn: ConnectionId, req: lobby.Admission & { name: string; seat?: Seat }): Promise<Reply<Seated>> {
    return this.run(async () => {
      const token = newToken();
      const joined = lobby.join(this.model, req, hashToken(token));
      if ('ok' in joined) return joined;
      const failed = await this.writeAndApply(joined.lines);
      if (failed) return failed;
      this.takeSeat(conn, joined.seat);
      this.deps.changed(this);
      return { ok: true, tableId: this.id, seat: joined.seat, token, table: this.info(), ...this.invite() };
    });
  }

  resume(conn: ConnectionId, token: string): Promise<Reply<Resumed>> {
    return this.run(async () => {
      // Compare against every seat so the time taken does not tell which one matched.
      let seat = -1;
      for (const [i, s] of this.model.seats.entries()) {
        if (s.tokenHash !== null && tokenMatches(token, s.tokenHash) && s.kind === 'human') seat = i;
      }
      if (seat < 0) return refuse('BAD_TOKEN');
      // A seat handed to a bot before the start is the player's again as they come back: there
      // is no game to take back yet. In a game, a player who left on purpose chose to come back
      // by resuming; one handed over while away takes it back when they choose.
      const slot = this.model.seat(seat);
      if (slot.botControlled && (this.model.phase === 'lobby' || (this.model.phase === 'playing' && slot.left))) {
        const failed = await this.writeAndApply([{ t: 'control', seat, bot: false }]);
        if (failed) return failed;
      }
      this.takeSeat(conn, seat);
      this.deps.changed(this);
      this.pushView(seat);
      return { ok: true, tableId: this.id, seat, table: this.info(), lastSeq: this.model.seat(seat).lastSeq, ...this.invite() };
    });
  }

  spectate(conn: ConnectionId, admission: lobby.Admission): Promise<Reply<{ table: TableInfo }>> {
    return this.run(() => {
      const denied = lobby.spectate(this.model, admission);
      if (denied) return denied;
      this.connections.watch(conn);
      if (this.model.state) this.connections.viewToConnection(conn, readyViewFor(this.model.state, 'spectator'));
      this.deps.changed(this);
      return { ok: true, table: this.info() };
    });
  }

  leave(conn: ConnectionId): Promise<Reply> {
    return this.run(async () => {
      const seat = this.connections.seatOf(conn);
      if (seat === null) return refuse('NOT_SEATED');
      if (seat !== 'spectator') {
        const failed = await this.writeAndApply(lobby.leave(this.model, seat));
        if (failed) return failed;
      }
      this.connections.release(conn);
      this.deps.changed(this);
      if (seat !== 'spectator' && lobby.abandoned(this.model)) this.deps.abandoned(this);
      this.bots.schedule();
      return { ok: true };
    });
  }

  addBot(conn: ConnectionId, seat: Seat, level?: BotLevel): Promise<Reply> {
    return this.manage(conn, () => lobby.addBot(this.model, seat, level));
  }

  /** The owner chooses what happens to a dropped player's seat (the table file keeps it). */
  setAutoBot(conn: ConnectionId, afterS: AutoBotAfter): Promise<Reply> {
    return this.manage(conn, () => (afterS === this.model.autoBotAfterS ? [] : [{ t: 'autoBot', afterS }]));
  }

  removeBot(conn: ConnectionId, seat: Seat): Promise<Reply> {
    return this.manage(conn, () => lobby.removeBot(this.model, seat));
  }

  /** Before the start, the owner frees another player's seat; that player is told and leaves. */
  removePlayer(conn: ConnectionId, seat: Seat): Promise<Reply> {
    return this.manage(conn, () => lobby.removePlayer(this.model, seat), () => this.connections.evict(seat));
  }

  start(conn: ConnectionId): Promise<Reply> {
    return this.manage(conn, () => lobby.start(this.model), () => this.pushAll());
  }

  /** The owner (or a present player while the owner is away) hands an absent player's seat to a bot. */
  giveToBot(conn: ConnectionId, seat: Seat, level?: BotLevel): Promise<Reply> {
    const lines = () => lobby.giveToBot(this.model, seat, level, this.presence(seat), this.deps.clock.now(), this.deps.graceMs);
    return this.manage(conn, lines, () => this.connections.handedOver(seat));
  }

  takeBack(conn: ConnectionId): Promise<Reply> {
    return this.run(async () => {
      const seat = this.seatOf(conn);
      if (seat === null) return refuse('NOT_SEATED');
      return this.change(lobby.takeBack(this.model, seat));
    });
  }

  // ---- play --------------------------------------------------------------------------------

  /**
   * What the Master would play now for the asking seat, from that seat's own view. Only the
   * checks run in the table's queue: the Master thinks outside it, holding up nobody.
   */
  async hint(conn: ConnectionId): Promise<Reply<{ action: Action }>> {
    const asked = await this.run((): Reply<{ view: PlayerView; master: HintProvider }> => {
      const seat = this.seatOf(conn);
      if (seat === null) return refuse('NOT_SEATED');
      const state = hintCheck(this.model, seat);
      if ('ok' in state) return state;
      if (!this.deps.hint) return refuse('HINTS_UNAVAILABLE');
      return { ok: true, view: viewFor(state, seat), master: this.deps.hint };
    });
    if (!asked.ok) return asked;
    try {
      return { ok: true, action: await asked.master(asked.view) };
    } catch (e) {
      this.deps.log.warn(`table ${this.id}: hint failed: ${(e as Error).message}`);
      return refuse('HINTS_UNAVAILABLE');
    }
  }

  act(conn: ConnectionId, intent: Intent): Promise<Act> {
    return this.run(async () => {
      const seat = this.seatOf(conn);
      if (seat === null) return refuse('NOT_SEATED');
      const slot = this.model.seat(seat);
      const key = intentKey(intent.version, toAction(seat, intent.action));
      const answered = seqCheck(slot, intent.seq, key);
      if (answered) return answered;
      const state = moveCheck(this.model, seat, intent);
      const reply = 'ok' in state ? state : await this.commit(state, toAction(seat, intent.action), intent.seq);
      remember(slot, intent.seq, key, reply);
      const now = this.model.state;
      if (!reply.ok && now && intent.version !== now.version) this.pushView(seat);
      return reply;
    });
  }

  sync(conn: ConnectionId): Promise<Reply<{ view: PlayerView }>> {
    return this.run(() => {
      const seat = this.connections.seatOf(conn);
      if (seat === null) return refuse('NOT_SEATED');
      if (!this.model.state) return refuse('NOT_STARTED');
      const view = viewFor(this.model.state, seat);
      this.connections.viewed(conn, view.version);
      return { ok: true, view };
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.bots.stop();
    this.absence.clear();
    await this.queue.idle();
    await this.file.close();
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
      const denied = managerRefusal(this.model, this.seatOf(conn), (owner) => this.connections.presence(owner).connected);
      return denied ?? this.change(lines(), after);
    });
  }

  /** Writes a lobby change; no lines means nothing to do. */
  private async change(lines: Refusal | TableLine[], after?: () => void): Promise<Reply> {
    if ('ok' in lines) return lines;
    if (lines.length === 0) return { ok: true };
    const failed = await this.writeAndApply(lines);
    if (failed) return failed;
    after?.();
    this.bots.schedule();
    this.watchAbsence();
    this.deps.changed(this);
    return { ok: true };
  }

  private watchAbsence(): void {
    if (!this.closed) this.absence.watch();
  }

  /** A dropped player's time is up: a bot plays their seat until they take it back. */
  private autoHandOver(seat: Seat): void {
    void this.run(() => {
      if (!this.absence.due(seat, this.connections.presence(seat).connected)) return { ok: true };
      return this.change([{ t: 'control', seat, bot: true }], () => this.connections.handedOver(seat));
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
    const written = this.writeAndApply([{ t: 'act', a: action.value, seq }], step.value);
    // The views are built and serialised while the disk flushes; none goes out before it has.
    const views = this.viewsToSend(state, step.value.events);
    const failed = await written;
    if (failed) return failed;
    this.send(views);
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

  /** Writes lines to the table file and flushes it, then applies them to the model. A refusal if the disk failed. */
  private async writeAndApply(lines: TableLine[], applied?: Parameters<TableModel['applyLine']>[1]): Promise<Refusal | null> {
    if (this.broken) return refuse('STORAGE_FAILED');
    try {
      await this.file.append(...lines);
    } catch (e) {
      this.broken = true;
      this.deps.log.error(`table ${this.id}: cannot write its file; the table is now read-only`, e);
      return refuse('STORAGE_FAILED');
    }
    for (const line of lines) this.model.applyLine(line, line.t === 'act' ? applied : undefined);
    return null;
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
    this.connections.takeSeat(conn, seat);
    this.model.seat(seat).left = false;
    this.watchAbsence();
  }

  /** The seat this connection holds here (not spectators), or null. */
  seatOf(conn: ConnectionId): Seat | null {
    const seat = this.connections.seatOf(conn);
    return seat === 'spectator' ? null : seat;
  }

  private presence(seat: Seat): Presence {
    return { ...this.connections.presence(seat), left: this.model.seat(seat).left };
  }

  private pushView(seat: Seat): void {
    if (this.model.state) this.connections.viewToSeat(seat, readyViewFor(this.model.state, seat));
  }

  private pushAll(): void {
    if (this.model.state) this.send(this.viewsToSend(this.model.state));
  }

  /**
   * The views of `state` for the seats held by a connection, and for spectators if any watch;
   * with the `events` that produced it, each view carries them too.
   */
  private viewsToSend(state: GameState, events?: readonly GameEvent[]): { seats: (ReadyView | null)[]; spectators: ReadyView | null } {
    const seats = this.model.seats.flatMap((_, seat) => (this.connections.presence(seat).connected ? [seat] : []));
    const watched = this.connections.spectatorCount() > 0;
    const ready = readyViews(state, watched ? [...seats, 'spectator'] : seats, events);
    return {
      seats: this.model.seats.map((_, seat) => ready[seats.indexOf(seat)] ?? null),
      spectators: watched ? ready.at(-1)! : null,
    };
  }

  private send(views: { seats: (ReadyView | null)[]; spectators: ReadyView | null }): void {
    views.seats.forEach((view, seat) => {
      if (view) this.connections.viewToSeat(seat, view);
    });
    if (views.spectators) this.connections.viewToSpectators(views.spectators);
  }
}
