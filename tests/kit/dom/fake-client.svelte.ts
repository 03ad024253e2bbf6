// A connection for component tests, all its parts in one object: plain reactive fields the
// test sets, and a log of every call the components make. No socket, no host.
import type { FinishedGame } from '../../../src/shared/protocol/archive';
import type { EventBatch } from '../../../src/shared/protocol/event-log';
import type { ClientAction, CreateRequest, Knock, ReplayAnalysis, ReplayOpened, ReplayStepView } from '../../../src/shared/protocol/events';
import type { TableInfo } from '../../../src/shared/protocol/table-info';
import type { Action } from '../../../src/shared/rules/actions';
import type { GameRecord } from '../../../src/shared/rules/record/record';
import type { Seat } from '../../../src/shared/rules/types';
import type { PlayerView } from '../../../src/shared/rules/view';
import type { Notice } from '../../../src/renderer/src/lib/connection/errors';
import type { ShownReaction } from '../../../src/renderer/src/lib/connection/reactions.svelte';
import type { ConnectionStatus, GameSession, HostConnection, Knocking, LobbyFeed, Notices, ReplayClient } from '../../../src/renderer/src/lib/connection/types';
import { seatOf, seatsOf, tableIdOf } from '../../../src/shared/ids';

export type Call = { readonly method: string; readonly args: readonly unknown[] };

export class FakeClient implements LobbyFeed, GameSession, ReplayClient, Notices {
  status = $state<ConnectionStatus>('live');
  tables = $state.raw<readonly TableInfo[]>([]);
  hostUrls = $state.raw<readonly string[]>([]);
  invite = $state<string | null>(null);
  nextInvite = $state<string | null>(null);
  knocks = $state.raw<readonly Knock[]>([]);
  knocking = $state.raw<Knocking | null>(null);
  table = $state.raw<TableInfo | null>(null);
  seat = $state<Seat | null>(null);
  view = $state.raw<PlayerView | null>(null);
  log = $state.raw<readonly EventBatch[]>([]);
  liveFrom = $state(-1);
  error = $state.raw<Notice | null>(null);
  busy = $state(false);
  /** The reactions on show (a test sets them as the host's would arrive). */
  reactions = $state.raw<readonly ShownReaction[]>([]);
  readonly calls: Call[] = [];
  /** This fake as every part of the connection, for App's props and the screens' context. */
  readonly connection: HostConnection = { lobby: this, session: this, replays: this, notices: this };
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- set up by a test before the page reads it
  readonly tokens = new Set<string>();

  #log(method: string, ...args: unknown[]): Promise<boolean> {
    this.calls.push({ method, args });
    return Promise.resolve(true);
  }

  /** The game intents sent, in order. */
  get acts(): ClientAction[] {
    return this.calls.filter((c) => c.method === 'act').map((c) => c.args[0] as ClientAction);
  }

  act = (action: ClientAction) => this.#log('act', action);
  createTable = (request: CreateRequest) => this.#log('createTable', request);
  join = (tableId: string, name: string, pin?: string, invite?: string) => this.#log('join', tableId, name, pin, invite);
  spectate = (tableId: string, pin?: string, invite?: string) => this.#log('spectate', tableId, pin, invite);
  knock = (tableId: string, name: string) => this.#log('knock', tableId, name);
  dismissKnock = (): void => {
    this.knocking = null;
  };
  answerKnock = (id: string, admit: boolean) => this.#log('answerKnock', id, admit);
  resume = (tableId: string) => this.#log('resume', tableId);
  hasSeatToken = (tableId: string) => this.tokens.has(tableId);
  heldSeat = (tableId: string) => this.heldSeats.get(tableId) ?? (this.tokens.has(tableId) ? seatOf(0) : null);
  /** The seat held at a table, when a test needs another than seat 0. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- set up by a test before the page reads it
  readonly heldSeats = new Map<string, Seat>();
  addBot = (seat: Seat, level?: string) => this.#log('addBot', seat, level);
  removeBot = (seat: Seat) => this.#log('removeBot', seat);
  setAutoBot = (afterS: number | null) => this.#log('setAutoBot', afterS);
  removePlayer = (seat: Seat) => this.#log('removePlayer', seat);
  giveToBot = (seat: Seat) => this.#log('giveToBot', seat);
  takeBack = () => this.#log('takeBack');
  react = (reaction: string) => this.#log('react', reaction);
  hint = () => this.#log('hint').then(() => this.suggestion);
  /** What `hint()` answers. */
  suggestion: Action | null = null;
  start = () => this.#log('start');
  record = () => this.#log('record').then(() => this.savedRecord);
  /** What `record()` answers. */
  savedRecord: GameRecord | null = null;
  playAgain = () => this.#log('playAgain');
  openReplay = (record: unknown): Promise<ReplayOpened | null> => this.#log('openReplay', record).then(() => null);
  replayStep = (version: number, viewer: unknown): Promise<ReplayStepView | null> => this.#log('replayStep', version, viewer).then(() => null);
  replayLog = (viewer: unknown): Promise<readonly EventBatch[] | null> => this.#log('replayLog', viewer).then(() => null);
  replayAnalyse = (version: number): Promise<ReplayAnalysis | null> => this.#log('replayAnalyse', version).then(() => null);
  /** A read, counted rather than logged (the lobby asks on every connection). */
  finishedGames = (all = false) => {
    this.finishedAsked += 1;
    this.finishedAll = all;
    return Promise.resolve(this.finished);
  };
  finishedAsked = 0;
  /** Whether the last `finishedGames` asked for every game the host shows this machine. */
  finishedAll = false;
  /** What `finishedGames()` answers. */
  finished: readonly FinishedGame[] = [];
  finishedRecord = (tableId: string) => this.#log('finishedRecord', tableId).then(() => this.savedRecord);
  leave = () => this.#log('leave');
  playHere = (): void => void this.#log('playHere');
  dismissError = (): void => {
    this.error = null;
  };
}

/** Public info of a table whose seats are all taken, named Ada, Bob, Cyd, … */
export function tableInfo(players: number, phase: TableInfo['phase'] = 'playing', id = 'table-0001'): TableInfo {
  const names = ['Ada', 'Bob', 'Cyd', 'Dee', 'Eve', 'Fay'];
  return {
    id: tableIdOf(id),
    name: 'Test table',
    players,
    options: { themeCardOpens: true, twoHistoryCards: false, prolongedGame: false },
    hasPin: false,
    hints: true,
    phase,
    owner: seatOf(0),
    seats: seatsOf(players).map((seat) => ({
      seat,
      kind: seat === 0 ? 'human' : 'bot',
      name: names[seat]!,
      connected: true,
      botPlaying: false,
      handoverAllowed: false,
      handoverInMs: null,
      botLevel: seat === 0 ? null : 'adept',
    })),
    spectators: 0,
    graceMs: 60_000,
    autoBotAfterS: 60,
  };
}
