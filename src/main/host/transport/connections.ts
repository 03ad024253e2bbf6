// The Socket.IO side of one table: which socket holds which seat, who watches, when an absent
// player left, and the rooms a message goes to. The only part of a table that knows sockets.
import { GraceTimers } from '../seats/absence';
import type { Clock } from '../clock';
import type { HostServer, HostSocket } from './socket-types';
import type { ConnectionId, GameStory, ReadyView, SeatPresence, ServerEvent, ServerEventArgs, TableConnections } from './transport';
import type { Viewer } from '../../../shared/rules/view';
import type { Seat } from '../../../shared/rules/types';

/** The room of everyone at a table (seats and spectators). */
export const tableRoom = (tableId: string): string => `t:${tableId}`;
const spectatorRoom = (tableId: string): string => `s:${tableId}`;

export interface ConnectionsDeps {
  readonly io: HostServer;
  readonly tableId: string;
  readonly clock: Clock;
  readonly graceMs: number;
  /** Presence changed (someone came, went, or their grace period ended). */
  readonly changed: () => void;
  /** The events each view comes with. */
  readonly story: GameStory;
}

export class SocketConnections implements TableConnections {
  private readonly sockets: (HostSocket | null)[];
  private readonly goneSince: (number | null)[];
  private readonly grace = new GraceTimers();
  private closed = false;

  /** `humans`: the seats held by players, who after a (re)start are all still away. */
  constructor(
    private readonly deps: ConnectionsDeps,
    humans: readonly boolean[],
  ) {
    const now = deps.clock.now();
    this.sockets = humans.map(() => null);
    this.goneSince = humans.map((human) => (human ? now : null));
    humans.forEach((human, seat) => {
      if (human) this.grace.arm(seat, deps.graceMs, deps.changed);
    });
  }

  seatOf(conn: ConnectionId): Seat | 'spectator' | null {
    const b = this.socket(conn)?.data.binding;
    if (b?.tableId !== this.deps.tableId) return null;
    return b.seat === 'spectator' || this.sockets[b.seat]?.id === conn ? b.seat : null;
  }

  takeSeat(conn: ConnectionId, seat: Seat): void {
    const socket = this.socket(conn);
    socket?.data.binding?.detach(); // one connection speaks for one seat at a time
    const old = this.sockets[seat];
    if (old && old !== socket) {
      this.unbind(old);
      old.emit('game:error', { code: 'SUPERSEDED', message: 'this seat was resumed from another connection' });
      old.disconnect(true);
    }
    if (!socket) {
      // The connection dropped while its request waited: the seat is held, its player away.
      this.sockets[seat] = null;
      this.absent(seat);
      return;
    }
    this.sockets[seat] = socket;
    this.goneSince[seat] = null;
    this.grace.disarm(seat);
    this.bind(socket, seat);
    void socket.join(tableRoom(this.deps.tableId));
  }

  watch(conn: ConnectionId): void {
    const socket = this.socket(conn);
    if (!socket) return;
    socket.data.binding?.detach();
    this.bind(socket, 'spectator');
    void socket.join([tableRoom(this.deps.tableId), spectatorRoom(this.deps.tableId)]);
  }

  release(conn: ConnectionId): void {
    const seat = this.seatOf(conn);
    const socket = this.socket(conn);
    if (socket) this.unbind(socket);
    if (seat === null || seat === 'spectator') return;
    this.sockets[seat] = null;
    this.goneSince[seat] = this.deps.clock.now();
  }

  /** The seat's player was removed by the owner: told, and no longer at the table. */
  evict(seat: Seat): void {
    const socket = this.sockets[seat];
    this.sockets[seat] = null;
    this.goneSince[seat] = null;
    this.grace.disarm(seat);
    if (!socket) return;
    this.unbind(socket);
    socket.emit('table:removed', this.deps.tableId);
  }

  viewed(conn: ConnectionId, version: number): void {
    const socket = this.socket(conn);
    const viewer = socket?.data.binding?.seat;
    if (!socket || viewer === undefined) return;
    this.sendStory(socket, viewer, version);
    socket.data.sentVersion = Math.max(socket.data.sentVersion, version);
  }

  presence(seat: Seat): SeatPresence {
    return { connected: this.sockets[seat] != null, goneSince: this.goneSince[seat] ?? null };
  }

  handedOver(seat: Seat): void {
    this.grace.disarm(seat);
  }

  spectatorCount(): number {
    return this.deps.io.sockets.adapter.rooms.get(spectatorRoom(this.deps.tableId))?.size ?? 0;
  }

  hasConnections(): boolean {
    return this.sockets.some((s) => s !== null) || this.spectatorCount() > 0;
  }

  close(tableId: string): void {
    this.closed = true;
    this.grace.clear();
    this.toAll('table:closed', tableId);
    for (const socket of this.sockets) if (socket) this.unbind(socket);
    this.deps.io.in(tableRoom(tableId)).socketsLeave([tableRoom(tableId), spectatorRoom(tableId)]);
    this.sockets.fill(null);
  }

  // ---- the transport ---------------------------------------------------------------------------

  toSeat<E extends ServerEvent>(seat: Seat, event: E, ...args: ServerEventArgs<E>): void {
    this.sockets[seat]?.emit(event, ...args);
  }

  viewToSeat(seat: Seat, view: ReadyView): void {
    const socket = this.sockets[seat];
    if (socket) this.sendView(socket, view);
  }

  viewToConnection(conn: ConnectionId, view: ReadyView): void {
    const socket = this.socket(conn);
    if (socket) this.sendView(socket, view);
  }

  viewToSpectators(view: ReadyView): void {
    const batches = view.latest ?? this.deps.story('spectator', view.version - 1, view.version);
    this.deps.io.to(spectatorRoom(this.deps.tableId)).emit('game:view', view.json, batches);
  }

  toAll<E extends ServerEvent>(event: E, ...args: ServerEventArgs<E>): void {
    this.deps.io.to(tableRoom(this.deps.tableId)).emit(event, ...args);
  }

  // ---- sockets ----------------------------------------------------------------------------------

  private socket(conn: ConnectionId): HostSocket | undefined {
    return this.deps.io.sockets.sockets.get(conn);
  }

  private bind(socket: HostSocket, seat: Seat | 'spectator'): void {
    socket.data.binding = { tableId: this.deps.tableId, seat, detach: () => this.detach(socket) };
    socket.data.sentVersion = -1;
  }

  private unbind(socket: HostSocket): void {
    if (socket.data.binding?.tableId === this.deps.tableId) socket.data.binding = null;
    void socket.leave(tableRoom(this.deps.tableId));
    void socket.leave(spectatorRoom(this.deps.tableId));
  }

  /** The socket is gone or moves elsewhere: its seat stays, its player is now absent. */
  private detach(socket: HostSocket): void {
    const binding = socket.data.binding;
    if (binding?.tableId !== this.deps.tableId) return;
    this.unbind(socket);
    if (binding.seat !== 'spectator' && this.sockets[binding.seat] === socket) {
      this.sockets[binding.seat] = null;
      this.absent(binding.seat);
    }
    if (!this.closed) this.deps.changed();
  }

  private absent(seat: Seat): void {
    this.goneSince[seat] = this.deps.clock.now();
    this.grace.arm(seat, this.deps.graceMs, this.deps.changed);
  }

  /**
   * A view and the events that led to it this socket has not had yet, in one message (one
   * write to the network: the host's cost per view is mostly the write); a view no newer than
   * the last one this socket got is dropped.
   */
  private sendView(socket: HostSocket, view: ReadyView): void {
    if (view.version <= socket.data.sentVersion) return;
    const after = socket.data.sentVersion;
    const batches = view.latest && after === view.version - 1 ? view.latest : this.deps.story(view.viewer, after, view.version);
    socket.data.sentVersion = view.version;
    socket.emit('game:view', view.json, batches);
  }

  /** The events up to `version` this socket has not had yet, redacted for `viewer`. */
  private sendStory(socket: HostSocket, viewer: Viewer, version: number): void {
    const batches = this.deps.story(viewer, socket.data.sentVersion, version);
    if (batches.length > 0) socket.emit('game:events', batches);
  }
}
