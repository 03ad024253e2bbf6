// The page's connection to one host: lobby tables, our table and seat, the latest PlayerView
// (replaced wholesale, never edited), and intents numbered by `seq` and tied to the view's
// `version`. Refusals become translated notices. Seat tokens live in localStorage per table,
// so a reload or a dropped connection takes the same seat back.
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type {
  ClientAction,
  ClientEvent,
  CreateRequest,
  PayloadOf,
  ReplayAnalysis,
  ReplayOpened,
  ReplayStepView,
  ReplayViewer,
  Seated,
} from '../../../../shared/protocol/events';
import type { TableInfo } from '../../../../shared/protocol/table-info';
import type { Seat } from '../../../../shared/rules/types';
import type { PlayerView } from '../../../../shared/rules/view';
import { type Notice, noticeFor, tooLarge, waitNotice } from './errors';
import { oversizedMessage } from '../../../../shared/protocol/limits';
import { type SeatStore, localSeatStore } from './seat-store';
import { dropGames, keepGame, keptGames } from './finished-store';
import type { FinishedGame } from '../../../../shared/protocol/archive';
import type { ClientSocket, ReplyOf } from './socket';
import type { ConnectionStatus, GameClient } from './types';
import type { AutoBotAfter } from '../../../../shared/protocol/auto-bot';
import type { BotLevel } from '../../../../shared/protocol/bot-level';
import type { Action } from '../../../../shared/rules/actions';
import type { GameRecord } from '../../../../shared/rules/record/record';

type Ok<E extends ClientEvent> = Extract<ReplyOf<E>, { ok: true }>;

/** How a page gets into a table: the link's invite when it has one, else a typed PIN. */
const admission = (pin: string | undefined, invite: string | undefined) => (invite ? { invite } : pin ? { pin } : {});

export interface ConnectionOptions {
  readonly store?: SeatStore;
  /** How long to wait for the host's acknowledgement. */
  readonly timeoutMs?: number;
  /** A table to sit back down at on the first connection, if this device holds a seat there. */
  readonly resumeTable?: string | null;
}

/** How long an analysis may take to come, queued behind a few others on a busy host. */
const ANALYSIS_TIMEOUT_MS = 90_000;

/** After the host cut the connection for a burst of messages: long enough for its limit to refill. */
const RECONNECT_AFTER_CUT_MS = 3000;

export class GameConnection implements GameClient {
  status = $state<ConnectionStatus>('connecting');
  tables = $state.raw<readonly TableInfo[]>([]);
  table = $state.raw<TableInfo | null>(null);
  seat = $state<Seat | null>(null);
  view = $state.raw<PlayerView | null>(null);
  log = $state.raw<readonly EventBatch[]>([]);
  liveFrom = $state(-1);
  error = $state.raw<Notice | null>(null);
  busy = $state(false);
  hostUrls = $state.raw<readonly string[]>([]);
  invite = $state<string | null>(null);

  readonly #socket: ClientSocket;
  readonly #store: SeatStore;
  readonly #timeoutMs: number;
  /** The last intent number used by our seat. */
  #seq = 0;
  #watching: { tableId: string; pin: string | undefined; invite: string | undefined } | null = null;
  #resumeTable: string | null;
  /** The host told us our seat was opened elsewhere; its closing the connection is expected. */
  #superseded = false;
  /** Pushes that come while a request to sit down waits for its answer (see #entering). */
  #arriving: { batches: EventBatch[]; view: PlayerView | null } | null = null;
  #arrived: { batches: EventBatch[]; view: PlayerView | null } | null = null;

  constructor(socket: ClientSocket, options: ConnectionOptions = {}) {
    this.#socket = socket;
    this.#store = options.store ?? localSeatStore();
    this.#timeoutMs = options.timeoutMs ?? 8000;
    this.#resumeTable = options.resumeTable ?? null;
    socket.onLifecycle((what, detail) => {
      if (what === 'connect') void this.#onConnect();
      else if (what === 'disconnect' && detail === 'io server disconnect') this.#closedByHost();
      else if (what === 'disconnect' || this.status === 'live') this.status = 'lost';
    });
    socket.on('game:view', (view, batches) => {
      this.#receiveEvents(batches);
      this.#receiveView(view);
    });
    socket.on('game:events', (batches) => this.#receiveEvents(batches));
    socket.on('table:updated', (info) => this.#receiveTable(info));
    socket.on('table:closed', (tableId) => this.#tableClosed(tableId));
    socket.on('table:removed', (tableId) => {
      if (this.table?.id !== tableId) return;
      this.#tableClosed(tableId);
      this.error = noticeFor('REMOVED');
    });
    socket.on('table:recovered', ({ lostActions }) => {
      this.error = { ...noticeFor('RECOVERED'), params: { n: lostActions } };
    });
    // Our table plays again: keep the new seat's token and sit down there.
    socket.on('table:rematch', (seated) => {
      this.#store.set(seated.tableId, { seat: seated.seat, token: seated.token });
      void this.resume(seated.tableId);
    });
    socket.on('game:error', ({ code }) => {
      this.error = noticeFor(code);
      if (code !== 'SUPERSEDED') return;
      // The seat went to another tab or device: it comes back here only if the player asks.
      this.#superseded = true;
      this.#resumeTable = this.table?.id ?? null;
      this.seat = null;
    });
  }

  async act(action: ClientAction): Promise<boolean> {
    const view = this.view;
    if (!view || this.busy || this.seat === null) return false;
    this.busy = true;
    try {
      this.#seq += 1;
      return (await this.#call('game:act', { action, seq: this.#seq, version: view.version })) !== null;
    } finally {
      this.busy = false;
    }
  }

  async createTable(request: CreateRequest): Promise<boolean> {
    const reply = await this.#call('table:create', request);
    if (reply) this.#seated(reply);
    return reply !== null;
  }

  async join(tableId: string, name: string, pin?: string, invite?: string): Promise<boolean> {
    const reply = await this.#entering(() => this.#call('table:join', { tableId, name, ...admission(pin, invite) }));
    if (reply) this.#seated(reply);
    return reply !== null;
  }

  async spectate(tableId: string, pin?: string, invite?: string): Promise<boolean> {
    const reply = await this.#entering(() => this.#call('table:spectate', { tableId, ...admission(pin, invite) }));
    if (!reply) return false;
    this.#watching = { tableId, pin, invite };
    this.#enter(reply.table, null);
    this.invite = null;
    return true;
  }

  async resume(tableId: string): Promise<boolean> {
    const held = this.#store.get(tableId);
    if (!held) return false;
    const reply = await this.#entering(() => this.#call('table:resume', { tableId, token: held.token }));
    if (!reply) {
      if (this.error?.code === 'BAD_TOKEN' || this.error?.code === 'NO_TABLE') this.#store.delete(tableId);
      return false;
    }
    this.#seq = reply.lastSeq;
    this.#enter(reply.table, reply.seat);
    this.invite = reply.invite ?? null;
    return true;
  }

  hasSeatToken(tableId: string): boolean {
    return this.#store.get(tableId) !== null;
  }

  heldSeat(tableId: string): Seat | null {
    return this.#store.get(tableId)?.seat ?? null;
  }

  addBot = (seat: Seat, level?: BotLevel): Promise<boolean> => this.#simple('table:addBot', level ? { seat, level } : { seat });
  removeBot = (seat: Seat): Promise<boolean> => this.#simple('table:removeBot', { seat });
  setAutoBot = (afterS: AutoBotAfter): Promise<boolean> => this.#simple('table:autoBot', { afterS });
  removePlayer = (seat: Seat): Promise<boolean> => this.#simple('table:removePlayer', { seat });
  giveToBot = (seat: Seat): Promise<boolean> => this.#simple('seat:giveToBot', { seat });
  takeBack = (): Promise<boolean> => this.#simple('seat:takeBack', {});

  async hint(): Promise<Action | null> {
    return (await this.#call('game:hint', {}))?.action ?? null;
  }
  start = (): Promise<boolean> => this.#simple('table:start', {});

  async record(): Promise<GameRecord | null> {
    return (await this.#call('game:record', {}))?.record ?? null;
  }

  async openReplay(record: unknown): Promise<ReplayOpened | null> {
    const reply = await this.#call('replay:open', { record });
    if (!reply) return null;
    const { ok: _ok, ...opened } = reply;
    return opened;
  }

  async replayStep(version: number, viewer: ReplayViewer): Promise<ReplayStepView | null> {
    const reply = await this.#call('replay:step', { version, viewer });
    return reply && { view: reply.view, hands: reply.hands };
  }

  async finishedGames(all = false): Promise<readonly FinishedGame[]> {
    const kept = keptGames();
    if (kept.length === 0 && !all) return [];
    const reply = await this.#call('archive:list', { tokens: kept.map((g) => g.token) });
    if (!reply) return [];
    dropGames(kept.filter((k) => !reply.games.some((g) => g.id === k.tableId)).map((k) => k.tableId));
    // The host's own machine is shown other games too; a browser's list is this device's.
    const games = all ? reply.games : reply.games.filter((g) => kept.some((k) => k.tableId === g.id));
    return [...games].sort((a, b) => b.finishedAt - a.finishedAt);
  }

  async finishedRecord(tableId: string): Promise<GameRecord | null> {
    const token = keptGames().find((g) => g.tableId === tableId)?.token;
    return (await this.#call('archive:export', { tableId, ...(token ? { token } : {}) }))?.record ?? null;
  }

  async replayLog(viewer: ReplayViewer): Promise<readonly EventBatch[] | null> {
    return (await this.#call('replay:log', { viewer }))?.log ?? null;
  }

  async replayAnalyse(version: number): Promise<ReplayAnalysis | null> {
    // The host works analyses out one after another: one asked behind others waits for them.
    return (await this.#call('replay:analyse', { version }, ANALYSIS_TIMEOUT_MS))?.analysis ?? null;
  }

  async playAgain(): Promise<boolean> {
    const reply = await this.#entering(() => this.#call('table:rematch', {}));
    if (reply) this.#seated(reply);
    return reply !== null;
  }

  async leave(): Promise<boolean> {
    const table = this.table;
    if (table && this.view?.over !== true) await this.#call('table:leave', {});
    // Leaving a game in play lends the seat to a bot: the token stays, so this device can take
    // the seat back until the game ends. A seat left before the start is free for anyone.
    if (table && this.view?.over) this.#keepFinished(table.id);
    if (table && this.seat !== null && table.phase !== 'playing') this.#store.delete(table.id);
    this.#awayFromTable();
    return true;
  }

  playHere(): void {
    if (this.status !== 'closed') return;
    this.#superseded = false;
    this.status = 'connecting';
    this.#socket.reconnect();
  }

  /**
   * The host closed the connection: after a superseded seat the page waits for the player (two
   * tabs would otherwise take the seat from each other for ever); after anything else (a burst
   * cut off by the rate limit) it connects again after a pause and takes its seat back.
   */
  #closedByHost(): void {
    if (this.#superseded) {
      this.status = 'closed';
      return;
    }
    this.status = 'lost';
    setTimeout(() => this.#socket.reconnect(), RECONNECT_AFTER_CUT_MS);
  }

  dismissError(): void {
    this.error = null;
  }

  async #onConnect(): Promise<void> {
    this.status = 'live';
    const listed = await this.#call('table:list', {});
    if (listed) this.tables = listed.tables;
    void this.#loadHostUrls();
    // After a drop the host has forgotten this socket: take the seat (or the watch) back.
    const table = this.table;
    if (table && this.seat !== null) await this.resume(table.id);
    else if (this.#watching) await this.spectate(this.#watching.tableId, this.#watching.pin, this.#watching.invite);
    else if (this.#resumeTable && this.hasSeatToken(this.#resumeTable)) await this.resume(this.#resumeTable);
    this.#resumeTable = null;
  }

  /** The host's LAN addresses, for join links; an older host without them leaves the list empty. */
  async #loadHostUrls(): Promise<void> {
    try {
      const reply = await this.#socket.request('host:addresses', {}, this.#timeoutMs);
      if (reply.ok) this.hostUrls = reply.urls;
    } catch {
      // no answer: the page's own address is all there is to share
    }
  }

  #seated(reply: Seated): void {
    this.#store.set(reply.tableId, { seat: reply.seat, token: reply.token });
    this.#seq = 0;
    this.#watching = null;
    this.#enter(reply.table, reply.seat);
    this.invite = reply.invite ?? null;
  }

  #enter(table: TableInfo, seat: Seat | null): void {
    if (this.table?.id !== table.id) {
      this.view = null;
      this.log = [];
      this.liveFrom = -1;
    }
    this.table = table;
    this.seat = seat;
    // What the host pushed while it answered (a resumed seat's story and view) is ours now.
    const early = this.#arrived;
    this.#arrived = null;
    if (early) {
      this.#receiveEvents(early.batches);
      if (early.view) this.#receiveView(early.view);
    }
    this.#receiveTable(table);
    if (table.phase !== 'lobby') void this.#sync();
  }

  async #sync(): Promise<void> {
    const reply = await this.#call('game:sync', {});
    // The host's answer is the current view, even when older than the one shown: a host
    // that recovered a damaged table file goes on from an earlier point of the game.
    if (reply && this.table) this.view = reply.view;
  }

  /** Runs a request that sits this page down at a table, keeping what arrives before its answer. */
  async #entering<T>(request: () => Promise<T>): Promise<T> {
    this.#arrived = null;
    this.#arriving = { batches: [], view: null };
    let reply: T | undefined;
    try {
      reply = await request();
      return reply;
    } finally {
      // Kept for #enter when the request succeeded (it runs right after), dropped otherwise.
      this.#arrived = reply ? this.#arriving : null;
      this.#arriving = null;
    }
  }

  #receiveView(view: PlayerView): void {
    if (this.#arriving) {
      this.#arriving.view = view;
      return;
    }
    if (!this.table) return;
    // Versions only increase on one connection; an older one is a late duplicate.
    if (this.view && view.version < this.view.version) return;
    this.view = view;
  }

  /** New versions' events, in order; a version already kept is a repeat after a reconnection. */
  #receiveEvents(batches: readonly EventBatch[]): void {
    if (this.#arriving) {
      this.#arriving.batches.push(...batches);
      return;
    }
    if (!this.table) return;
    const last = this.log.at(-1)?.version ?? -1;
    const fresh = batches.filter((b) => b.version > last);
    // The first message at a table brings everything so far; what follows happens live.
    if (this.log.length === 0 && fresh.length > 0) this.liveFrom = fresh.at(-1)!.version;
    if (fresh.length > 0) this.log = [...this.log, ...fresh];
  }

  #receiveTable(info: TableInfo): void {
    const i = this.tables.findIndex((t) => t.id === info.id);
    this.tables = i < 0 ? [...this.tables, info] : this.tables.map((t) => (t.id === info.id ? info : t));
    if (this.table?.id === info.id) {
      const started = this.table.phase === 'lobby' && info.phase !== 'lobby';
      this.table = info;
      if (started && !this.view) void this.#sync();
    }
  }

  #tableClosed(tableId: string): void {
    this.tables = this.tables.filter((t) => t.id !== tableId);
    if (this.table?.id !== tableId) return;
    // A finished game leaves the host's memory for its archive at once: the final view stays
    // on screen until the player leaves it.
    if (this.view?.over) {
      this.#keepFinished(tableId);
      this.#store.delete(tableId);
      return;
    }
    this.error = noticeFor('TABLE_CLOSED');
    this.#store.delete(tableId);
    this.#awayFromTable();
  }

  /** A finished game's seat token moves to the device's finished games, to replay it later. */
  #keepFinished(tableId: string): void {
    const token = this.#store.get(tableId)?.token;
    if (token && this.table) keepGame({ tableId, token, name: this.table.name, finishedAt: Date.now() });
  }

  /** Nothing of a table stays once this page leaves it or it closes. */
  #awayFromTable(): void {
    this.#watching = null;
    this.invite = null;
    this.table = null;
    this.seat = null;
    this.view = null;
    this.log = [];
    this.liveFrom = -1;
  }

  async #simple<E extends ClientEvent>(event: E, payload: PayloadOf<E>): Promise<boolean> {
    return (await this.#call(event, payload)) !== null;
  }

  /** One request; a refusal or a timeout becomes `this.error` and `null`. */
  async #call<E extends ClientEvent>(event: E, payload: PayloadOf<E>, timeoutMs = this.#timeoutMs): Promise<Ok<E> | null> {
    // The host would cut the connection off instead of answering: say so, and keep it.
    const oversized = oversizedMessage(event, payload);
    if (oversized !== null) {
      this.error = tooLarge(oversized);
      return null;
    }
    try {
      const reply = await this.#socket.request(event, payload, timeoutMs);
      if (reply.ok) return reply as Ok<E>;
      this.error = reply.retryAfterMs === undefined ? noticeFor(reply.code) : waitNotice(reply.code, reply.retryAfterMs);
      return null;
    } catch {
      this.error = noticeFor('TIMEOUT');
      return null;
    }
  }
}
