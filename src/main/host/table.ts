// One table: its lobby, its game, the connections holding its seats. Every request runs in the
// table's serial queue and passes the same guard pipeline: who is asking comes from the
// connection (never the payload); each change is written to the table file and flushed
// before anyone sees its effect; then each seat gets its own view and spectators the
// spectator view. Nothing else about the game leaves this class.
import type { ErrorCode } from '../../shared/protocol/errors';
import type { BotLevel } from '../../shared/protocol/bot-level';
import type { ClientAction, Intent, Reply, Resumed, Seated } from '../../shared/protocol/events';
import type { SeatInfo, TableInfo } from '../../shared/protocol/table-info';
import type { Action } from '../../shared/rules/actions';
import { applyAction, currentDecider } from '../../shared/rules/engine';
import { resolvePlace } from '../../shared/rules/place';
import { type GameRecord, recordOf } from '../../shared/rules/record/record';
import type { GameState } from '../../shared/rules/state';
import type { Seat } from '../../shared/rules/types';
import { type PlayerView, viewFor } from '../../shared/rules/view';
import { GraceTimers, handoverCheck } from './absence';
import { BotDriver, type BotPolicy } from './bot-seats';
import type { Clock, Log } from './clock';
import type { TableFile } from './record-store';
import { SerialQueue } from './serial-queue';
import type { HostServer, HostSocket } from './socket-types';
import { type TableModel, intentKey, remember } from './table-model';
import type { TableLine } from './table-log';
import { hashToken, newToken, pinMatches, tokenMatches } from './tokens';

/** What the Master would play from a seat's view (hints). */
export type HintProvider = (view: PlayerView) => Promise<Action>;

export interface TableDeps {
  readonly io: HostServer;
  readonly clock: Clock;
  readonly log: Log;
  readonly graceMs: number;
  readonly botDelayMs: number;
  readonly botPolicy: BotPolicy;
  /** What the Master would play from a view, for hints; absent when the host runs no Master. */
  readonly hint?: HintProvider;
  /** The public info changed (seats, phase, presence): tell the lobby and the LAN. */
  readonly changed: (table: Table) => void;
  /** The lobby emptied: the registry may close and delete the table. */
  readonly abandoned: (table: Table) => void;
}

type Act = Reply<{ version: number }>;

const refuse = (code: ErrorCode, message: string = code): { ok: false; code: ErrorCode; message: string } => ({
  ok: false,
  code,
  message,
});

export class Table {
  private readonly queue = new SerialQueue();
  private readonly sockets: (HostSocket | null)[];
  private readonly goneSince: (number | null)[];
  private readonly grace = new GraceTimers();
  private readonly bots: BotDriver;
  /** A write to the table file failed: the table refuses changes from then on. */
  private broken = false;
  private closed = false;

  constructor(
    private readonly deps: TableDeps,
    readonly model: TableModel,
    private readonly file: TableFile,
  ) {
    const now = deps.clock.now();
    this.sockets = model.seats.map(() => null);
    // After a restart nobody is connected yet: every player's grace period starts now.
    this.goneSince = model.seats.map((s) => (s.kind === 'human' ? now : null));
    model.seats.forEach((s, seat) => {
      if (s.kind === 'human') this.grace.arm(seat, deps.graceMs, () => deps.changed(this));
    });
    this.bots = new BotDriver(
      {
        id: model.id,
        state: () => this.model.state,
        botPlays: (seat) => this.model.botPlays(seat),
        botLevel: (seat) => this.model.seats[seat]!.botLevel,
        submitBotAction: (seat, version, action) => this.submitBotAction(seat, version, action),
      },
      deps.botPolicy,
      deps.botDelayMs,
      deps.log,
    );
    this.bots.schedule();
  }

  get id(): string {
    return this.model.id;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private get room(): string {
    return `t:${this.id}`;
  }
  private get spectatorRoom(): string {
    return `s:${this.id}`;
  }

  info(): TableInfo {
    const { header, seats, owner } = this.model;
    const now = this.deps.clock.now();
    const seatInfo = seats.map(
      (s, seat): SeatInfo => ({
        seat,
        kind: s.kind,
        name: s.kind === 'human' ? s.name : null,
        connected: s.kind === 'bot' || this.sockets[seat] !== null,
        botPlaying: s.kind === 'human' && s.botControlled,
        handoverAllowed: s.kind === 'human' && !s.botControlled && handoverCheck(this.presence(seat), now, this.deps.graceMs) === 'ok',
        botLevel: this.model.botPlays(seat) ? s.botLevel : null,
      }),
    );
    return {
      id: header.id,
      name: header.name,
      players: header.players,
      options: header.options,
      hasPin: header.pin !== null,
      hints: header.hints !== false,
      phase: this.model.phase,
      owner,
      seats: seatInfo,
      spectators: this.deps.io.sockets.adapter.rooms.get(this.spectatorRoom)?.size ?? 0,
      graceMs: this.deps.graceMs,
    };
  }

  /** Someone is seated here on a live connection, or watching. */
  hasConnections(): boolean {
    return this.sockets.some((s) => s !== null) || (this.deps.io.sockets.adapter.rooms.get(this.spectatorRoom)?.size ?? 0) > 0;
  }

  /** The game record so far (record-format.md), or null before the start. */
  record(): GameRecord | null {
    const { state, header, actions } = this.model;
    if (!state) return null;
    return recordOf({ players: header.players, options: header.options, seed: header.seed }, state, actions);
  }

  // ---- lobby -----------------------------------------------------------------------------

  join(socket: HostSocket, req: { name: string; pin?: string; seat?: Seat }): Promise<Reply<Seated>> {
    return this.run(async () => {
      if (!pinMatches(req.pin, this.model.header.pin)) return refuse('WRONG_PIN');
      if (this.model.phase !== 'lobby') return refuse('ALREADY_STARTED');
      const seats = this.model.seats;
      if (req.seat !== undefined && req.seat >= seats.length) return refuse('BAD_REQUEST', 'no such seat');
      const seat = req.seat ?? seats.findIndex((s) => s.kind === 'free');
      if (seat < 0) return refuse('TABLE_FULL');
      if (seats[seat]!.kind !== 'free') return refuse('SEAT_TAKEN');
      const token = newToken();
      const lines: TableLine[] = [{ t: 'seat', seat, name: req.name, token: hashToken(token) }];
      if (this.model.owner === null) lines.push({ t: 'owner', seat });
      const failed = await this.write(lines);
      if (failed) return failed;
      this.bind(socket, seat);
      this.deps.changed(this);
      return { ok: true, tableId: this.id, seat, token, table: this.info() };
    });
  }

  resume(socket: HostSocket, token: string): Promise<Reply<Resumed>> {
    return this.run(() => {
      // Compare against every seat so the time taken does not tell which one matched.
      let seat = -1;
      for (const [i, s] of this.model.seats.entries()) {
        if (s.tokenHash !== null && tokenMatches(token, s.tokenHash) && s.kind === 'human') seat = i;
      }
      if (seat < 0) return refuse('BAD_TOKEN');
      this.bind(socket, seat);
      this.deps.changed(this);
      this.pushView(seat);
      return { ok: true, tableId: this.id, seat, table: this.info(), lastSeq: this.model.seats[seat]!.lastSeq };
    });
  }

  spectate(socket: HostSocket, pin: string | undefined): Promise<Reply<{ table: TableInfo }>> {
    return this.run(() => {
      if (!pinMatches(pin, this.model.header.pin)) return refuse('WRONG_PIN');
      socket.data.binding?.table.detach(socket);
      socket.data.binding = { table: this, seat: 'spectator' };
      socket.data.sentVersion = -1;
      void socket.join([this.room, this.spectatorRoom]);
      if (this.model.state) this.send(socket, viewFor(this.model.state, 'spectator'));
      this.deps.changed(this);
      return { ok: true, table: this.info() };
    });
  }

  leave(socket: HostSocket): Promise<Reply> {
    return this.run(async () => {
      const binding = socket.data.binding;
      if (binding?.table !== this) return refuse('NOT_SEATED');
      if (binding.seat === 'spectator') {
        this.unbind(socket);
        this.deps.changed(this);
        return { ok: true };
      }
      const seat = binding.seat;
      if (this.sockets[seat] !== socket) return refuse('NOT_SEATED');
      const lines: TableLine[] = [];
      if (this.model.phase === 'lobby') {
        lines.push({ t: 'free', seat });
        if (this.model.owner === seat) lines.push({ t: 'owner', seat: this.nextOwner(seat) });
      } else {
        lines.push({ t: 'left', seat });
      }
      const failed = await this.write(lines);
      if (failed) return failed;
      this.unbind(socket);
      this.sockets[seat] = null;
      this.goneSince[seat] = this.deps.clock.now();
      this.deps.changed(this);
      if (this.model.phase === 'lobby' && !this.model.header.persistent && !this.model.seats.some((s) => s.kind === 'human')) {
        this.deps.abandoned(this);
      }
      return { ok: true };
    });
  }

  addBot(socket: HostSocket, seat: Seat, level?: BotLevel): Promise<Reply> {
    return this.run(async () => {
      const denied = this.checkManager(socket) ?? this.checkLobbySeat(seat);
      if (denied) return denied;
      if (this.model.seats[seat]!.kind !== 'free') return refuse('SEAT_TAKEN');
      return (await this.write([{ t: 'bot', seat, level }])) ?? this.changedOk();
    });
  }

  removeBot(socket: HostSocket, seat: Seat): Promise<Reply> {
    return this.run(async () => {
      const denied = this.checkManager(socket) ?? this.checkLobbySeat(seat);
      if (denied) return denied;
      if (this.model.seats[seat]!.kind !== 'bot') return refuse('NOT_A_BOT_SEAT');
      return (await this.write([{ t: 'free', seat }])) ?? this.changedOk();
    });
  }

  start(socket: HostSocket): Promise<Reply> {
    return this.run(async () => {
      const denied = this.checkManager(socket);
      if (denied) return denied;
      if (this.model.phase !== 'lobby') return refuse('ALREADY_STARTED');
      if (this.model.seats.some((s) => s.kind === 'free')) return refuse('SEATS_NOT_FILLED');
      const failed = await this.write([{ t: 'start' }]);
      if (failed) return failed;
      this.pushAll();
      this.bots.schedule();
      return this.changedOk();
    });
  }

  // ---- absence -----------------------------------------------------------------------------

  giveToBot(socket: HostSocket, seat: Seat, level?: BotLevel): Promise<Reply> {
    return this.run(async () => {
      const denied = this.checkManager(socket);
      if (denied) return denied;
      if (seat >= this.model.seats.length) return refuse('BAD_REQUEST', 'no such seat');
      const slot = this.model.seats[seat]!;
      if (slot.kind !== 'human') return refuse('NOT_HUMAN_SEAT');
      if (slot.botControlled) return { ok: true };
      const check = handoverCheck(this.presence(seat), this.deps.clock.now(), this.deps.graceMs);
      if (check !== 'ok') return refuse(check);
      // In the lobby the bot simply replaces the absent player; in a game it plays for them.
      const line: TableLine = this.model.phase === 'lobby' ? { t: 'bot', seat, level } : { t: 'control', seat, bot: true, level };
      const lines: TableLine[] = [line];
      if (line.t === 'bot' && this.model.owner === seat) lines.push({ t: 'owner', seat: this.nextOwner(seat) });
      const failed = await this.write(lines);
      if (failed) return failed;
      this.grace.disarm(seat);
      this.bots.schedule();
      return this.changedOk();
    });
  }

  takeBack(socket: HostSocket): Promise<Reply> {
    return this.run(async () => {
      const seat = this.seatOf(socket);
      if (seat === null) return refuse('NOT_SEATED');
      if (!this.model.seats[seat]!.botControlled) return refuse('NOT_BOT_CONTROLLED');
      return (await this.write([{ t: 'control', seat, bot: false }])) ?? this.changedOk();
    });
  }

  // ---- play --------------------------------------------------------------------------------

  /** What the Master would play now for the asking seat, from that seat's own view. */
  hint(socket: HostSocket): Promise<Reply<{ action: Action }>> {
    return this.run(async () => {
      const seat = this.seatOf(socket);
      if (seat === null) return refuse('NOT_SEATED');
      if (this.model.header.hints === false) return refuse('HINTS_OFF');
      const state = this.model.state;
      if (!state) return refuse('NOT_STARTED');
      if (state.over) return refuse('GAME_OVER');
      if (currentDecider(state) !== seat) return refuse('NOT_YOUR_TURN');
      if (!this.deps.hint) return refuse('HINTS_UNAVAILABLE');
      try {
        return { ok: true, action: await this.deps.hint(viewFor(state, seat)) };
      } catch (e) {
        this.deps.log.warn(`table ${this.id}: hint failed: ${(e as Error).message}`);
        return refuse('HINTS_UNAVAILABLE');
      }
    });
  }

  act(socket: HostSocket, intent: Intent): Promise<Act> {
    return this.run(async () => {
      const seat = this.seatOf(socket);
      if (seat === null) return refuse('NOT_SEATED');
      const slot = this.model.seats[seat]!;
      // A repeat (same number, same intent) gets the first answer; a reused number is refused.
      const key = intentKey(intent.version, toAction(seat, intent.action));
      const earlier = slot.results.get(intent.seq);
      if (earlier) return earlier.key === key ? earlier.reply : refuse('SEQ_REUSED');
      if (intent.seq <= slot.lastSeq) return refuse('SEQ_REUSED');
      slot.lastSeq = intent.seq;
      const reply = await this.decide(seat, intent);
      remember(slot, intent.seq, key, reply);
      const state = this.model.state;
      if (!reply.ok && state && intent.version !== state.version) this.pushView(seat);
      return reply;
    });
  }

  sync(socket: HostSocket): Promise<Reply<{ view: PlayerView }>> {
    return this.run(() => {
      const binding = socket.data.binding;
      if (binding?.table !== this || (binding.seat !== 'spectator' && this.sockets[binding.seat] !== socket)) {
        return refuse('NOT_SEATED');
      }
      if (!this.model.state) return refuse('NOT_STARTED');
      const view = viewFor(this.model.state, binding.seat);
      socket.data.sentVersion = Math.max(socket.data.sentVersion, view.version);
      return { ok: true, view };
    });
  }

  /** The connection is gone or moves elsewhere: its seat stays, its player is now absent. */
  detach(socket: HostSocket): void {
    const binding = socket.data.binding;
    if (binding?.table !== this) return;
    this.unbind(socket);
    if (binding.seat !== 'spectator' && this.sockets[binding.seat] === socket) {
      const seat = binding.seat;
      this.sockets[seat] = null;
      this.goneSince[seat] = this.deps.clock.now();
      this.grace.arm(seat, this.deps.graceMs, () => this.deps.changed(this));
    }
    if (!this.closed) this.deps.changed(this);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.bots.stop();
    this.grace.clear();
    await this.queue.idle();
    await this.file.close();
    this.deps.io.to(this.room).emit('table:closed', this.id);
    for (const socket of this.sockets) if (socket) this.unbind(socket);
    this.deps.io.in(this.room).socketsLeave([this.room, this.spectatorRoom]);
    this.sockets.fill(null);
  }

  /** Resolves when every queued request has run. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  // ---- the pipeline ---------------------------------------------------------------------------

  private async decide(seat: Seat, intent: Intent): Promise<Act> {
    const state = this.model.state;
    if (!state) return refuse('NOT_STARTED');
    if (state.over) return refuse('GAME_OVER');
    if (intent.action.seat !== undefined && intent.action.seat !== seat) return refuse('NOT_YOUR_SEAT');
    if (this.model.seats[seat]!.botControlled) return refuse('SEAT_HELD_BY_BOT');
    if (currentDecider(state) !== seat) return refuse('NOT_YOUR_TURN', `seat ${currentDecider(state)} acts now`);
    if (intent.version !== state.version) return refuse('STALE', `the game is at version ${state.version}`);
    return this.commit(toAction(seat, intent.action), intent.seq);
  }

  /** Apply, write and flush, then show everyone. The only place the game moves forward. */
  private async commit(answer: Action, seq: number | null): Promise<Act> {
    // The record names the card of an answer given by place (ruling 14).
    const action = resolvePlace(this.model.state!, answer);
    const step = applyAction(this.model.state!, action);
    if (!step.ok) return refuse(step.error.code, step.error.message);
    const line: TableLine = { t: 'act', a: action, seq };
    const failed = await this.write([line], step.value);
    if (failed) return failed;
    const state = this.model.state!;
    this.pushAll();
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
      return (await this.commit(toAction(seat, action as ClientAction), null)).ok;
    });
  }

  /** Writes lines to the table file, then applies them. A refusal if the disk failed. */
  private async write(lines: TableLine[], applied?: Parameters<TableModel['applyLine']>[1]) {
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
  private run<T>(task: () => T | Promise<T>): Promise<T | ReturnType<typeof refuse>> {
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

  // ---- connections and views ------------------------------------------------------------------

  private bind(socket: HostSocket, seat: Seat): void {
    socket.data.binding?.table.detach(socket); // one connection speaks for one seat at a time
    const old = this.sockets[seat];
    if (old && old !== socket) {
      this.unbind(old);
      old.emit('game:error', { code: 'SUPERSEDED', message: 'this seat was resumed from another connection' });
      old.disconnect(true);
    }
    this.sockets[seat] = socket;
    this.goneSince[seat] = null;
    this.model.seats[seat]!.left = false;
    this.grace.disarm(seat);
    socket.data.binding = { table: this, seat };
    socket.data.sentVersion = -1;
    void socket.join(this.room);
  }

  private unbind(socket: HostSocket): void {
    if (socket.data.binding?.table === this) socket.data.binding = null;
    void socket.leave(this.room);
    void socket.leave(this.spectatorRoom);
  }

  private seatOf(socket: HostSocket): Seat | null {
    const b = socket.data.binding;
    return b?.table === this && b.seat !== 'spectator' && this.sockets[b.seat] === socket ? b.seat : null;
  }

  private presence(seat: Seat) {
    return { connected: this.sockets[seat] !== null, left: this.model.seats[seat]!.left, goneSince: this.goneSince[seat]! };
  }

  private pushView(seat: Seat): void {
    const socket = this.sockets[seat];
    if (socket && this.model.state) this.send(socket, viewFor(this.model.state, seat));
  }

  private pushAll(): void {
    const state = this.model.state as GameState;
    for (let seat = 0; seat < this.sockets.length; seat++) this.pushView(seat);
    this.deps.io.to(this.spectatorRoom).emit('game:view', viewFor(state, 'spectator'));
  }

  private send(socket: HostSocket, view: PlayerView): void {
    if (view.version <= socket.data.sentVersion) return;
    socket.data.sentVersion = view.version;
    socket.emit('game:view', view);
  }

  // ---- permissions --------------------------------------------------------------------------

  /** The owner manages the table; while the owner is away, any seated player present may. */
  private checkManager(socket: HostSocket) {
    const seat = this.seatOf(socket);
    if (seat === null) return refuse('NOT_SEATED');
    const owner = this.model.owner;
    if (owner === null || owner === seat || this.sockets[owner] === null) return null;
    return refuse('NOT_OWNER');
  }

  private checkLobbySeat(seat: Seat) {
    if (this.model.phase !== 'lobby') return refuse('ALREADY_STARTED');
    if (seat >= this.model.seats.length) return refuse('BAD_REQUEST', 'no such seat');
    return null;
  }

  /** The lowest other human seat, to own the table after `leaving`. */
  private nextOwner(leaving: Seat): Seat | null {
    const i = this.model.seats.findIndex((s, seat) => seat !== leaving && s.kind === 'human');
    return i < 0 ? null : i;
  }

  private changedOk(): { ok: true } {
    this.deps.changed(this);
    return { ok: true };
  }
}

/** The engine action for a client's intent, with the seat of the connection. */
function toAction(seat: Seat, a: ClientAction): Action {
  if ('play' in a) return a.faceDown === undefined ? { seat, play: a.play } : { seat, play: a.play, faceDown: a.faceDown };
  const choose: { target?: Seat; card?: string; place?: Seat } = {};
  if (a.choose.target !== undefined) choose.target = a.choose.target;
  if (a.choose.card !== undefined) choose.card = a.choose.card;
  if (a.choose.place !== undefined) choose.place = a.choose.place;
  return { seat, choose };
}
