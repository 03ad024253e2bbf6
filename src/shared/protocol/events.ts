// The typed Socket.IO events between a client and the host. Every client event carries one
// payload object and an acknowledgement callback; the reply is `{ ok: true, ... }` or
// `{ ok: false, code, message }`. Types are not validation: the host checks every payload
// against schemas.ts.
import type { Action, Choice } from '../rules/actions';
import type { GameRecord } from '../rules/record/record';
import type { CardId, GameOptions, Seat } from '../rules/types';
import type { PlayerView } from '../rules/view';
import type { DecisionKind } from '../rules/state';
import type { SeatToken, TableId } from '../ids';
import type { ArchiveExport, FinishedGame } from './archive';
import type { AutoBotAfter } from './auto-bot';
import type { BotLevel } from './bot-level';
import type { EventBatch } from './event-log';
import type { ErrorCode } from './errors';
import type { Reaction, SeatReaction } from './reactions';
import type { TableInfo } from './table-info';

export interface Refusal {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  /** TOO_MANY_ATTEMPTS: how long to wait before trying again. */
  readonly retryAfterMs?: number;
}
export type Reply<T extends object = object> = ({ readonly ok: true } & T) | Refusal;
export type AckFn<T extends object = object> = (reply: Reply<T>) => void;

/** An action as a client sends it: the seat comes from the connection. A `seat`, if sent, must be yours. */
export type ClientAction = { readonly play: CardId; readonly faceDown?: boolean; readonly seat?: Seat } | { readonly choose: Choice; readonly seat?: Seat };

export interface Intent {
  readonly action: ClientAction;
  /**
   * The client's counter for this seat, one up per new intent and kept across reconnections
   * (`table:resume` tells the last one seen). Sending the same intent again with the same number
   * gets the first answer and is applied once; another intent under a used number is refused.
   */
  readonly seq: number;
  /** The `version` of the view the intent was made against. */
  readonly version: number;
}

export interface CreateRequest {
  readonly name: string;
  readonly players: number;
  readonly options?: Partial<GameOptions>;
  readonly pin?: string;
  /** The creator sits down at seat 0 under this name and owns the table. */
  readonly playerName: string;
  /** Players may ask what the Master bot would play (default true). */
  readonly hints?: boolean;
  /** How long this table's bots wait before each move, so people can follow (the host's default otherwise). */
  readonly botDelayMs?: number;
}
/** The longest a table may make its bots wait before a move. */
export const MAX_BOT_DELAY_MS = 10_000;
export interface JoinRequest {
  readonly tableId: TableId;
  readonly name: string;
  readonly pin?: string;
  /** The table's invite secret, from its shared link: lets in without the PIN, always. */
  readonly invite?: string;
  /** A particular free seat; the first free one otherwise. */
  readonly seat?: Seat;
}
export interface ResumeRequest {
  readonly tableId: TableId;
  readonly token: SeatToken;
}
export interface SpectateRequest {
  readonly tableId: TableId;
  readonly pin?: string;
  /** The table's invite secret (see JoinRequest). */
  readonly invite?: string;
}
/** Asking a PIN table's owner to be let in without the PIN (for a friend who knows it when wrong PINs have locked it). */
export interface KnockRequest {
  readonly tableId: TableId;
  /** The name to sit down under, shown to the owner. */
  readonly name: string;
}
/** Someone at a PIN table's door, as its owner sees them. */
export interface Knock {
  readonly id: string;
  readonly name: string;
  /** A short random code also shown on the knocker's screen: the owner tells the real friend from look-alike names by it. */
  readonly code: string;
}
export interface KnockAnswer {
  readonly id: string;
  /** Let them in (a free seat and their own seat token), or not. */
  readonly admit: boolean;
}
export interface SeatRequest {
  readonly seat: Seat;
}
export interface BotRequest {
  readonly seat: Seat;
  /** How strong the bot plays (default adept). */
  readonly level?: BotLevel;
}
export type Empty = Record<string, never> | null | undefined;

export interface Seated {
  readonly tableId: TableId;
  readonly seat: Seat;
  /** The secret that holds the seat: keep it to come back, from this device or another. */
  readonly token: SeatToken;
  readonly table: TableInfo;
  /** A PIN table's invite secret, for the links its players share (given to its players only). */
  readonly invite?: string;
}
/** The table that plays again after the one a connection watches, with the invite its watchers need there. */
export interface WatchNext {
  readonly tableId: TableId;
  /** A PIN table's invite secret: the watcher was let in at the finished table, so it is let in at the next. */
  readonly invite?: string;
}
export interface Resumed {
  /** The table the seat is at: the one that played again, when the asked one is over and the player was away at Play again. */
  readonly tableId: TableId;
  readonly seat: Seat;
  readonly table: TableInfo;
  /** The highest intent `seq` the host has seen from this seat: continue above it. */
  readonly lastSeq: number;
  /** A PIN table's invite secret (see Seated). */
  readonly invite?: string;
}

export interface ClientToServerEvents {
  /** All tables on this host; the connection then receives `table:updated` for each change. */
  'table:list': (payload: Empty, ack: AckFn<{ tables: TableInfo[] }>) => void;
  'table:create': (payload: CreateRequest, ack: AckFn<Seated>) => void;
  'table:join': (payload: JoinRequest, ack: AckFn<Seated>) => void;
  'table:resume': (payload: ResumeRequest, ack: AckFn<Resumed>) => void;
  'table:leave': (payload: Empty, ack: AckFn) => void;
  /** `next`: the table this finished one played again at, to watch instead (as `table:next` tells live watchers). */
  'table:spectate': (payload: SpectateRequest, ack: AckFn<{ table: TableInfo; next?: WatchNext }>) => void;
  /**
   * Asks a PIN table's owner to let this device in without the PIN (before the start). The reply
   * says the owner was told, with the knock's code to show (the owner sees it beside the name);
   * the answer comes later as `table:admitted` or `table:turnedAway`.
   */
  'table:knock': (payload: KnockRequest, ack: AckFn<{ code: string }>) => void;
  /** The owner answers a knock at their table's door (`table:knocks`). */
  'table:answerKnock': (payload: KnockAnswer, ack: AckFn) => void;
  'table:addBot': (payload: BotRequest, ack: AckFn) => void;
  'table:removeBot': (payload: SeatRequest, ack: AckFn) => void;
  /** The owner frees another player's seat before the start. */
  'table:removePlayer': (payload: SeatRequest, ack: AckFn) => void;
  'table:start': (payload: Empty, ack: AckFn) => void;
  /** The owner chooses what happens to a dropped seat: a bot after so many seconds, or wait (null). */
  'table:autoBot': (payload: { afterS: AutoBotAfter }, ack: AckFn) => void;
  /** The owner hands an absent player's seat to a bot. */
  'seat:giveToBot': (payload: BotRequest, ack: AckFn) => void;
  /** A returning player takes their seat back from the bot. */
  'seat:takeBack': (payload: Empty, ack: AckFn) => void;
  'game:act': (payload: Intent, ack: AckFn<{ version: number }>) => void;
  /**
   * A quick reaction from a seated player (not a spectator): everyone at the table hears it as
   * `table:reaction`, this connection included. A few per seat at once, then one every 1.5 s
   * (TOO_MANY_REACTIONS meanwhile).
   */
  'table:react': (payload: { readonly reaction: Reaction }, ack: AckFn) => void;
  /** The current view of this connection's seat (or the spectator view). */
  'game:sync': (payload: Empty, ack: AckFn<{ view: PlayerView }>) => void;
  /**
   * The addresses other devices can open this host at (`http://<LAN address>:<port>`), best
   * first for the asker (its own subnet's first); never loopback. Empty when the host is
   * reachable from this machine only.
   */
  'host:addresses': (payload: Empty, ack: AckFn<{ urls: string[] }>) => void;
  /**
   * The finished games this host keeps, latest first, that the asker may see: those where one
   * of `tokens` held a seat and, asked from the host's own machine, those of tables without a PIN.
   */
  'archive:list': (payload: { readonly tokens?: readonly SeatToken[] } | Empty, ack: AckFn<{ games: FinishedGame[] }>) => void;
  /** One finished game's record (record-format.md), to save or replay; seen as `archive:list` sees it (else NO_TABLE). */
  'archive:export': (payload: { readonly tableId: TableId; readonly token?: SeatToken }, ack: AckFn<ArchiveExport>) => void;
  /** What the Master bot would play now, from your own view (where the table allows hints). */
  'game:hint': (payload: Empty, ack: AckFn<{ action: Action }>) => void;
  /** The finished game's record (record-format.md), to save as a `.chronicle.json`. */
  'game:record': (payload: Empty, ack: AckFn<{ record: GameRecord }>) => void;
  /**
   * Play again: a new table with the same seats (players and bots) starts at once; every
   * player at the table gets their new seat (`table:rematch`), this reply included.
   */
  'table:rematch': (payload: Empty, ack: AckFn<Seated>) => void;
  /** Opens a game record (record-format.md) to step through; one per connection. */
  'replay:open': (payload: { readonly record: unknown }, ack: AckFn<ReplayOpened>) => void;
  /** The opened record at `version`, seen as `viewer`. */
  'replay:step': (payload: { readonly version: number; readonly viewer: ReplayViewer }, ack: AckFn<ReplayStepView>) => void;
  /** The opened record's story, every version, as `viewer` may know it. */
  'replay:log': (payload: { readonly viewer: ReplayViewer }, ack: AckFn<{ log: EventBatch[] }>) => void;
  /** For the decision taken at `version`: what the Master would have played, and both moves' chances. */
  'replay:analyse': (payload: { readonly version: number }, ack: AckFn<{ analysis: ReplayAnalysis | null }>) => void;
}

/** Who a replay is seen as: a seat, a spectator, or with every hand open. */
export type ReplayViewer = Seat | 'spectator' | 'all';

export interface ReplayOpened {
  readonly players: number;
  /** The last version (the number of actions replayed). */
  readonly last: number;
  /** The seat that acted at each version (index = version), the last one excepted. */
  readonly actors: readonly Seat[];
  /** An action the rules refused: the replay stops before it. */
  readonly failure: { readonly actionIndex: number; readonly code: string; readonly message: string } | null;
  /** The players' names the record holds (null for a bot), when it holds them. */
  readonly names?: readonly (string | null)[];
}

export interface ReplayStepView {
  readonly view: PlayerView;
  /** Every seat's hand when seen with all hands open. */
  readonly hands: readonly (readonly CardId[])[] | null;
}

export interface ReplayAnalysis {
  readonly master: Action;
  /** Estimated chance (0–1) that the deciding seat wins the game after the Master's move. */
  readonly masterWin: number;
  /** The move made, as that seat saw it. */
  readonly played: Action;
  readonly playedWin: number;
  readonly worlds: number;
  /** What was decided: a card to play, or the answer to an ability. */
  readonly kind: 'play' | DecisionKind;
}

/** The host found this table's file damaged and resumed it from its last valid line. */
export interface TableRecovered {
  readonly tableId: TableId;
  /** Game actions that were behind the damage and are lost (the game goes on without them). */
  readonly lostActions: number;
}

export interface ServerToClientEvents {
  /**
   * Your view of the game, with what happened to lead to it, redacted for you: every version
   * this connection has not had yet (after a (re)connection, the whole game so far), in order,
   * to be taken before the view. Versions only increase on one connection.
   */
  'game:view': (view: PlayerView, batches: readonly EventBatch[]) => void;
  /** The events up to the view a `game:sync` reply just gave, that this connection had not had yet. */
  'game:events': (batches: readonly EventBatch[]) => void;
  'table:updated': (table: TableInfo) => void;
  'table:closed': (tableId: TableId) => void;
  /** The owner removed you from this table before the start: your seat is free again. */
  'table:removed': (tableId: TableId) => void;
  /** Told once to the table's owner, on coming back to a table recovered from a damaged file. */
  'table:recovered': (notice: TableRecovered) => void;
  /** Your table plays again: your seat at the new table. */
  'table:rematch': (seated: Seated) => void;
  /** The table you watch plays again: watch that one next (a TV board follows the evening). */
  'table:next': (next: WatchNext) => void;
  /** To a table's owner: who is knocking at its door now (all of them; empty when none). */
  'table:knocks': (knocks: { readonly tableId: TableId; readonly knocks: readonly Knock[] }) => void;
  /** The owner let you in after your knock: your seat. */
  'table:admitted': (seated: Seated) => void;
  /** The owner did not let you in after your knock (or the seats filled, or the game started). */
  'table:turnedAway': (tableId: TableId) => void;
  /** A seated player at this table reacted (`table:react`): show it at their seat for a moment. */
  'table:reaction': (reaction: SeatReaction) => void;
  /** Something the host tells this connection outside a reply (superseded, rate limited, closed). */
  'game:error': (error: { code: ErrorCode; message: string }) => void;
}

export type ClientEvent = keyof ClientToServerEvents;
/** The payload type of a client event. */
export type PayloadOf<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];
