// What the screens and components need from a connection to a host, in its parts: the lobby's
// feed, this page's game session, the replay client, and the one notice on show. connect.ts
// makes them over Socket.IO; component tests pass a fake through the same context.
import type { FinishedGame } from '../../../../shared/protocol/archive';
import type { AutoBotAfter } from '../../../../shared/protocol/auto-bot';
import type { BotLevel } from '../../../../shared/protocol/bot-level';
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type { ClientAction, CreateRequest, Knock, ReplayAnalysis, ReplayOpened, ReplayStepView, ReplayViewer } from '../../../../shared/protocol/events';
import type { Action } from '../../../../shared/rules/actions';
import type { GameRecord } from '../../../../shared/rules/record/record';
import type { TableInfo } from '../../../../shared/protocol/table-info';
import type { Seat } from '../../../../shared/rules/types';
import type { PlayerView } from '../../../../shared/rules/view';
import type { Notice } from './errors';
import type { Reaction } from '../../../../shared/protocol/reactions';
import type { ShownReaction } from './reactions.svelte';

/** `closed`: the host closed this connection because the seat was opened elsewhere; it waits for the player. */
export type ConnectionStatus = 'connecting' | 'live' | 'lost' | 'closed';

/** Refusals and failures of any request, for the player. */
/** Our own knock at a table's door: waiting, with its code (shown on our screen, and to the owner beside our name), or told no. */
export interface Knocking {
  readonly tableId: string;
  readonly state: 'waiting' | 'turnedAway';
  readonly code: string;
}

export interface Notices {
  /** The last refusal or failure, translated by its message key. */
  readonly error: Notice | null;
  dismissError(): void;
}

/** The lobby's view of the host. */
export interface LobbyFeed {
  /** Every table on this host, kept up to date. */
  readonly tables: readonly TableInfo[];
  /** Where other devices can open this host (its LAN addresses, best first for us); never loopback. */
  readonly hostUrls: readonly string[];
}

/** This page at a table: its seat, view and story, its intents, and the connection that keeps them. */
export interface GameSession {
  readonly status: ConnectionStatus;
  /** The table this page sits at or watches. */
  readonly table: TableInfo | null;
  /** Our seat there; null while watching or away from a table. */
  readonly seat: Seat | null;
  /** The latest view the host sent us; replaced wholesale. */
  readonly view: PlayerView | null;
  /** What happened at our table so far, redacted for us, one batch per version. */
  readonly log: readonly EventBatch[];
  /** The last version that came with the catch-up when we sat down (or -1): later ones are live. */
  readonly liveFrom: number;
  /** An intent waits for the host's answer. */
  readonly busy: boolean;
  /** Our PIN table's invite secret, for the links we share (null elsewhere, and for spectators). */
  readonly invite: string | null;
  /** The invite of the table a watcher followed when its table played again; null before. */
  readonly nextInvite: string | null;
  /** As a table's owner: who is knocking at its door now (asking to be let in without the PIN). */
  readonly knocks: readonly Knock[];
  /** Our own knock at a table's door, until we are let in: waiting for its owner (with the code the owner sees beside our name), or told no. */
  readonly knocking: Knocking | null;
  /** The quick reactions on show at our table: each seat's latest, for a few seconds. */
  readonly reactions: readonly ShownReaction[];

  /** Send a game intent made against the current view (its version goes with it). */
  act(action: ClientAction): Promise<boolean>;
  createTable(request: CreateRequest): Promise<boolean>;
  /** `invite`: from the table's link; it lets in without the PIN. */
  join(tableId: string, name: string, pin?: string, invite?: string): Promise<boolean>;
  spectate(tableId: string, pin?: string, invite?: string): Promise<boolean>;
  /** Asks a PIN table's owner to let us in without the PIN; `table:admitted` seats us when they do. */
  knock(tableId: string, name: string): Promise<boolean>;
  /** Forgets our knock's outcome (the player read it). */
  dismissKnock(): void;
  /** As the owner: let a knocker in, or not. */
  answerKnock(id: string, admit: boolean): Promise<boolean>;
  /** Take back a seat this device held (token kept in localStorage). */
  resume(tableId: string): Promise<boolean>;
  hasSeatToken(tableId: string): boolean;
  /** The seat this device holds a token for at that table, or null. */
  heldSeat(tableId: string): Seat | null;
  addBot(seat: Seat, level?: BotLevel): Promise<boolean>;
  removeBot(seat: Seat): Promise<boolean>;
  /** The owner's choice for a dropped seat: a bot after so many seconds, or wait (null). */
  setAutoBot(afterS: AutoBotAfter): Promise<boolean>;
  /** The owner frees another player's seat before the start. */
  removePlayer(seat: Seat): Promise<boolean>;
  giveToBot(seat: Seat): Promise<boolean>;
  takeBack(): Promise<boolean>;
  /** What the Master would play now for our seat, or null (refused: see the notices). */
  hint(): Promise<Action | null>;
  start(): Promise<boolean>;
  /** A quick reaction from our seat, shown to everyone at the table (refused: see the notices). */
  react(reaction: Reaction): Promise<boolean>;
  /** The finished game's record, or null (refused: see the notices). */
  record(): Promise<GameRecord | null>;
  /** A new game at a new table with the same seats; every player there moves to it. */
  playAgain(): Promise<boolean>;
  leave(): Promise<boolean>;
  /** After the seat was opened elsewhere (status `closed`): connect again and take it back here. */
  playHere(): void;
}

/** Game records stepped through on the host, and this device's finished games. */
export interface ReplayClient {
  /** Opens a game record on the host to step through (null: refused, see the notices). */
  openReplay(record: unknown): Promise<ReplayOpened | null>;
  replayStep(version: number, viewer: ReplayViewer): Promise<ReplayStepView | null>;
  replayLog(viewer: ReplayViewer): Promise<readonly EventBatch[] | null>;
  replayAnalyse(version: number): Promise<ReplayAnalysis | null>;
  /**
   * The finished games on this host, newest first: this device's (by their kept seat tokens),
   * or with `all` every one the host shows this machine (the desktop app's window, on the host's
   * own machine: tables without a PIN too).
   */
  finishedGames(all?: boolean): Promise<readonly FinishedGame[]>;
  /** One of those games' record, or null (refused: see the notices). */
  finishedRecord(tableId: string): Promise<GameRecord | null>;
}

/** A page's connection to one host, in its parts. */
export interface HostConnection {
  readonly lobby: LobbyFeed;
  readonly session: GameSession;
  readonly replays: ReplayClient;
  readonly notices: Notices;
}
