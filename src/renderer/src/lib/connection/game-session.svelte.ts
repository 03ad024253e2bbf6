// This page at one table of the host: our table and seat, the latest PlayerView (replaced
// wholesale, never edited), the table's story so far, and intents numbered by `seq` and tied to
// the view's `version`. Seat tokens live in localStorage per table, so a reload or a dropped
// connection takes the same seat back: the session reconnects and sits down again by itself.
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type { ClientAction, CreateRequest, Knock, Seated, WatchNext } from '../../../../shared/protocol/events';
import type { AutoBotAfter } from '../../../../shared/protocol/auto-bot';
import type { BotLevel } from '../../../../shared/protocol/bot-level';
import type { TableInfo } from '../../../../shared/protocol/table-info';
import type { Action } from '../../../../shared/rules/actions';
import type { GameRecord } from '../../../../shared/rules/record/record';
import type { Seat } from '../../../../shared/rules/types';
import type { PlayerView } from '../../../../shared/rules/view';
import { noticeFor } from './errors';
import { keepGame } from './finished-store';
import type { HostCalls } from './host-calls.svelte';
import { ReactionFeed } from './reactions.svelte';
import type { Reaction } from '../../../../shared/protocol/reactions';
import type { SeatStore } from './seat-store';
import type { ConnectionStatus, GameSession, Knocking } from './types';
import type { TableId } from '../../../../shared/ids';

/** How a page gets into a table: the link's invite when it has one, else a typed PIN. */
const admission = (pin: string | undefined, invite: string | undefined) => (invite ? { invite } : pin ? { pin } : {});

/** After the host cut the connection for a burst of messages: long enough for its limit to refill. */
const RECONNECT_AFTER_CUT_MS = 3000;

type Early = { batches: EventBatch[]; view: PlayerView | null };

export class SocketGameSession implements GameSession {
  status = $state<ConnectionStatus>('connecting');
  table = $state.raw<TableInfo | null>(null);
  seat = $state<Seat | null>(null);
  view = $state.raw<PlayerView | null>(null);
  log = $state.raw<readonly EventBatch[]>([]);
  liveFrom = $state(-1);
  busy = $state(false);
  invite = $state<string | null>(null);
  /** The invite of the table a watcher followed when its table played again (a board's join link uses it). */
  nextInvite = $state<string | null>(null);
  knocks = $state.raw<readonly Knock[]>([]);
  knocking = $state.raw<Knocking | null>(null);

  readonly #reactions = new ReactionFeed();
  readonly #calls: HostCalls;
  readonly #store: SeatStore;
  /** The last intent number used by our seat. */
  #seq = 0;
  #watching: { tableId: TableId; pin: string | undefined; invite: string | undefined } | null = null;
  #resumeTable: TableId | null;
  /** The host told us our seat was opened elsewhere; its closing the connection is expected. */
  #superseded = false;
  /** Pushes that come while a request to sit down waits for its answer (see #entering). */
  #arriving: Early | null = null;
  #arrived: Early | null = null;

  constructor(calls: HostCalls, store: SeatStore, resumeTable: TableId | null) {
    this.#calls = calls;
    this.#store = store;
    this.#resumeTable = resumeTable;
    const socket = calls.socket;
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
      calls.error = noticeFor('REMOVED');
    });
    socket.on('table:recovered', ({ lostActions }) => {
      calls.error = { ...noticeFor('RECOVERED'), params: { n: lostActions } };
    });
    // Our table plays again: keep the new seat's token and sit down there.
    socket.on('table:rematch', (seated) => {
      this.#store.set(seated.tableId, { seat: seated.seat, token: seated.token });
      void this.resume(seated.tableId);
    });
    // The table we watch plays again: watch the new one (a TV board follows the evening).
    socket.on('table:next', (next) => {
      if (this.#watching && this.table?.id === this.#watching.tableId) void this.#watchNext(next);
    });
    socket.on('table:reaction', (reaction) => {
      if (this.table && !this.#arriving) this.#reactions.receive(reaction);
    });
    socket.on('table:knocks', ({ tableId, knocks }) => {
      if (this.table?.id === tableId) this.knocks = knocks;
    });
    // Our knock was answered: the owner let us in (our seat, kept like any other), or not.
    socket.on('table:admitted', (seated) => {
      if (this.knocking?.tableId !== seated.tableId) return;
      this.knocking = null;
      this.#seated(seated);
    });
    socket.on('table:turnedAway', (tableId) => {
      if (this.knocking?.tableId === tableId) this.knocking = { ...this.knocking, state: 'turnedAway' };
    });
    socket.on('game:error', ({ code }) => {
      calls.error = noticeFor(code);
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
      return (await this.#calls.call('game:act', { action, seq: this.#seq, version: view.version })) !== null;
    } finally {
      this.busy = false;
    }
  }

  get reactions() {
    return this.#reactions.shown;
  }

  react = (reaction: Reaction): Promise<boolean> => this.#calls.simple('table:react', { reaction });

  async createTable(request: CreateRequest): Promise<boolean> {
    const reply = await this.#calls.call('table:create', request);
    if (reply) this.#seated(reply);
    return reply !== null;
  }

  async join(tableId: TableId, name: string, pin?: string, invite?: string): Promise<boolean> {
    const reply = await this.#entering(() => this.#calls.call('table:join', { tableId, name, ...admission(pin, invite) }));
    if (reply) this.#seated(reply);
    return reply !== null;
  }

  async spectate(tableId: TableId, pin?: string, invite?: string): Promise<boolean> {
    const reply = await this.#entering(() => this.#calls.call('table:spectate', { tableId, ...admission(pin, invite) }));
    if (!reply) return false;
    this.#watching = { tableId, pin, invite };
    this.#enter(reply.table, null);
    this.invite = null;
    // A finished table that played again: watch the new one (a board opened or reconnected late).
    if (reply.next) await this.#watchNext(reply.next);
    return true;
  }

  /** The table we watch played again: watch the new one, let in as at the old one. */
  async #watchNext(next: WatchNext): Promise<void> {
    const watching = this.#watching;
    if (!watching) return;
    this.nextInvite = next.invite ?? null;
    await this.spectate(next.tableId, watching.pin, next.invite ?? watching.invite);
  }

  async knock(tableId: TableId, name: string): Promise<boolean> {
    const reply = await this.#calls.call('table:knock', { tableId, name });
    if (reply) this.knocking = { tableId, state: 'waiting', code: reply.code };
    return reply !== null;
  }

  dismissKnock(): void {
    this.knocking = null;
  }

  answerKnock = async (id: string, admit: boolean): Promise<boolean> => {
    const done = await this.#calls.simple('table:answerKnock', { id, admit });
    // Answered (or gone): off the list at once; the host's next list says the rest.
    this.knocks = this.knocks.filter((k) => k.id !== id);
    return done;
  };

  async resume(tableId: TableId): Promise<boolean> {
    const held = this.#store.get(tableId);
    if (!held) return false;
    const reply = await this.#entering(() => this.#calls.call('table:resume', { tableId, token: held.token }));
    if (!reply) {
      const refused = this.#calls.error?.code;
      if (refused === 'BAD_TOKEN' || refused === 'NO_TABLE') this.#store.delete(tableId);
      return false;
    }
    // The table played again while we were away: our seat there holds the same token.
    if (reply.tableId !== tableId) this.#store.set(reply.tableId, { seat: reply.seat, token: held.token });
    this.#seq = reply.lastSeq;
    this.#enter(reply.table, reply.seat);
    this.invite = reply.invite ?? null;
    return true;
  }

  hasSeatToken(tableId: TableId): boolean {
    return this.#store.get(tableId) !== null;
  }

  heldSeat(tableId: string): Seat | null {
    return this.#store.get(tableId)?.seat ?? null;
  }

  addBot = (seat: Seat, level?: BotLevel): Promise<boolean> => this.#calls.simple('table:addBot', level ? { seat, level } : { seat });
  removeBot = (seat: Seat): Promise<boolean> => this.#calls.simple('table:removeBot', { seat });
  setAutoBot = (afterS: AutoBotAfter): Promise<boolean> => this.#calls.simple('table:autoBot', { afterS });
  removePlayer = (seat: Seat): Promise<boolean> => this.#calls.simple('table:removePlayer', { seat });
  giveToBot = (seat: Seat): Promise<boolean> => this.#calls.simple('seat:giveToBot', { seat });
  takeBack = (): Promise<boolean> => this.#calls.simple('seat:takeBack', {});
  start = (): Promise<boolean> => this.#calls.simple('table:start', {});

  async hint(): Promise<Action | null> {
    return (await this.#calls.call('game:hint', {}))?.action ?? null;
  }

  async record(): Promise<GameRecord | null> {
    return (await this.#calls.call('game:record', {}))?.record ?? null;
  }

  async playAgain(): Promise<boolean> {
    const reply = await this.#entering(() => this.#calls.call('table:rematch', {}));
    if (reply) this.#seated(reply);
    return reply !== null;
  }

  async leave(): Promise<boolean> {
    const table = this.table;
    if (table && this.view?.over !== true) await this.#calls.call('table:leave', {});
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
    this.#calls.socket.reconnect();
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
    setTimeout(() => this.#calls.socket.reconnect(), RECONNECT_AFTER_CUT_MS);
  }

  async #onConnect(): Promise<void> {
    this.status = 'live';
    // After a drop the host has forgotten this socket: take the seat (or the watch) back.
    const table = this.table;
    if (table && this.seat !== null) await this.resume(table.id);
    else if (this.#watching) await this.spectate(this.#watching.tableId, this.#watching.pin, this.#watching.invite);
    else if (this.#resumeTable && this.hasSeatToken(this.#resumeTable)) await this.resume(this.#resumeTable);
    this.#resumeTable = null;
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
      this.#reactions.clear();
      this.knocks = [];
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
    const reply = await this.#calls.call('game:sync', {});
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
    if (this.table?.id !== info.id) return;
    const started = this.table.phase === 'lobby' && info.phase !== 'lobby';
    this.table = info;
    if (started && !this.view) void this.#sync();
  }

  #tableClosed(tableId: TableId): void {
    if (this.table?.id !== tableId) return;
    // A finished game leaves the host's memory for its archive at once: the final view stays
    // on screen until the player leaves it.
    if (this.view?.over) {
      this.#keepFinished(tableId);
      this.#store.delete(tableId);
      return;
    }
    this.#calls.error = noticeFor('TABLE_CLOSED');
    this.#store.delete(tableId);
    this.#awayFromTable();
  }

  /** A finished game's seat token moves to the device's finished games, to replay it later. */
  #keepFinished(tableId: TableId): void {
    const token = this.#store.get(tableId)?.token;
    if (token && this.table) keepGame({ tableId, token, name: this.table.name, finishedAt: Date.now() });
  }

  /** Nothing of a table stays once this page leaves it or it closes. */
  #awayFromTable(): void {
    this.#watching = null;
    this.#reactions.clear();
    this.invite = null;
    this.table = null;
    this.seat = null;
    this.view = null;
    this.log = [];
    this.liveFrom = -1;
  }
}
