// The Socket.IO side of one table: which socket holds which seat, who watches, and the rooms a
// message goes to. The only part of a table that knows sockets. Who is away and since when is
// the table's (seats/presence.ts): this side only says that a connection dropped.
import type { EventBatch } from '../../../shared/protocol/event-log';
import { type TableInfo, lobbyInfo } from '../../../shared/protocol/table-info';
import type { Seat } from '../../../shared/rules/types';
import type { HostServer, HostSocket } from './socket-types';
import type { Audience, ConnectionId, Dropped, LobbyTransport, Outgoing, ServerEvent, ServerEventArgs, TableTransport, TransportFactory, ViewMessage } from '../wire/transport';
import type { TableId } from '../../../shared/ids';

/** The room of everyone at a table (seats and spectators). */
export const tableRoom = (tableId: string): string => `t:${tableId}`;
const spectatorRoom = (tableId: string): string => `s:${tableId}`;
/** The room of every connection that asked for the list of tables. */
export const LOBBY_ROOM = 'lobby';

export class SocketConnections implements TableTransport {
  private readonly sockets: (HostSocket | null)[];
  private closed = false;

  constructor(
    private readonly io: HostServer,
    private readonly tableId: TableId,
    seats: number,
    private readonly dropped: Dropped,
  ) {
    this.sockets = Array.from({ length: seats }, () => null);
  }

  seatOf(conn: ConnectionId): Seat | 'spectator' | null {
    const b = this.socket(conn)?.data.binding;
    if (b?.tableId !== this.tableId) return null;
    return b.seat === 'spectator' || this.sockets[b.seat]?.id === conn ? b.seat : null;
  }

  takeSeat(conn: ConnectionId, seat: Seat): boolean {
    const socket = this.socket(conn);
    socket?.data.binding?.detach(); // one connection speaks for one seat at a time
    const old = this.sockets[seat];
    if (old && old !== socket) {
      this.unbind(old);
      old.emit('game:error', { code: 'SUPERSEDED', message: 'this seat was resumed from another connection' });
      old.disconnect(true);
    }
    if (!socket) {
      this.sockets[seat] = null;
      return false;
    }
    this.sockets[seat] = socket;
    this.bind(socket, seat);
    void socket.join(tableRoom(this.tableId));
    return true;
  }

  watch(conn: ConnectionId): void {
    const socket = this.socket(conn);
    if (!socket) return;
    socket.data.binding?.detach();
    this.bind(socket, 'spectator');
    void socket.join([tableRoom(this.tableId), spectatorRoom(this.tableId)]);
  }

  release(conn: ConnectionId): void {
    const seat = this.seatOf(conn);
    const socket = this.socket(conn);
    if (socket) this.unbind(socket);
    if (seat !== null && seat !== 'spectator') this.sockets[seat] = null;
  }

  evict(seat: Seat): void {
    const socket = this.sockets[seat];
    this.sockets[seat] = null;
    if (!socket) return;
    this.unbind(socket);
    socket.emit('table:removed', this.tableId);
  }

  holds(seat: Seat): boolean {
    return this.sockets[seat] != null;
  }

  spectatorCount(): number {
    return this.io.sockets.adapter.rooms.get(spectatorRoom(this.tableId))?.size ?? 0;
  }

  hasConnections(): boolean {
    return this.sockets.some((s) => s !== null) || this.spectatorCount() > 0;
  }

  sentVersion(to: { seat: Seat } | { conn: ConnectionId }): number | null {
    const socket = 'seat' in to ? this.sockets[to.seat] : this.socket(to.conn);
    return socket ? socket.data.sentVersion : null;
  }

  close(tableId: TableId): void {
    this.closed = true;
    this.toAll('table:closed', tableId);
    for (const socket of this.sockets) if (socket) this.unbind(socket);
    this.io.in(tableRoom(tableId)).socketsLeave([tableRoom(tableId), spectatorRoom(tableId)]);
    this.sockets.fill(null);
  }

  // ---- sending -----------------------------------------------------------------------------------

  toSeat<E extends ServerEvent>(seat: Seat, event: E, ...args: ServerEventArgs<E>): void {
    this.sockets[seat]?.emit(event, ...args);
  }

  audience(): Audience {
    return { seats: this.sockets.map((s) => (s ? s.data.sentVersion : null)), spectators: this.spectatorCount() > 0 };
  }

  sendViews(views: Outgoing): void {
    views.seats.forEach((view, seat) => {
      const socket = this.sockets[seat];
      if (view && socket) this.sendView(socket, view);
    });
    // Encoded once for every spectator.
    if (views.spectators) this.io.to(spectatorRoom(this.tableId)).emit('game:view', views.spectators.view, views.spectators.batches);
  }

  viewToSeat(seat: Seat, view: ViewMessage): void {
    const socket = this.sockets[seat];
    if (socket) this.sendView(socket, view);
  }

  viewToConnection(conn: ConnectionId, view: ViewMessage): void {
    const socket = this.socket(conn);
    if (socket) this.sendView(socket, view);
  }

  eventsToConnection(conn: ConnectionId, batches: readonly EventBatch[], version: number): void {
    const socket = this.socket(conn);
    if (!socket) return;
    if (batches.length > 0) socket.emit('game:events', batches);
    socket.data.sentVersion = Math.max(socket.data.sentVersion, version);
  }

  toSpectators<E extends ServerEvent>(event: E, ...args: ServerEventArgs<E>): void {
    this.io.to(spectatorRoom(this.tableId)).emit(event, ...args);
  }

  toConnection<E extends ServerEvent>(conn: ConnectionId, event: E, ...args: ServerEventArgs<E>): void {
    this.socket(conn)?.emit(event, ...args);
  }

  isOpen(conn: ConnectionId): boolean {
    return this.socket(conn)?.connected === true;
  }

  toAll<E extends ServerEvent>(event: E, ...args: ServerEventArgs<E>): void {
    this.io.to(tableRoom(this.tableId)).emit(event, ...args);
  }

  // ---- sockets ----------------------------------------------------------------------------------

  private socket(conn: ConnectionId): HostSocket | undefined {
    return this.io.sockets.sockets.get(conn);
  }

  private bind(socket: HostSocket, seat: Seat | 'spectator'): void {
    socket.data.binding = { tableId: this.tableId, seat, detach: () => this.detach(socket) };
    socket.data.sentVersion = -1;
  }

  private unbind(socket: HostSocket): void {
    if (socket.data.binding?.tableId === this.tableId) socket.data.binding = null;
    void socket.leave(tableRoom(this.tableId));
    void socket.leave(spectatorRoom(this.tableId));
  }

  /** The socket is gone or moves elsewhere: its seat stays, its player is now absent. */
  private detach(socket: HostSocket): void {
    const binding = socket.data.binding;
    if (binding?.tableId !== this.tableId) return;
    this.unbind(socket);
    const seat = binding.seat !== 'spectator' && this.sockets[binding.seat] === socket ? binding.seat : null;
    if (seat !== null) this.sockets[seat] = null;
    if (!this.closed) this.dropped(seat);
  }

  /** One message (one write to the network: the host's cost per view is mostly the write); never backwards. */
  private sendView(socket: HostSocket, view: ViewMessage): void {
    if (view.version <= socket.data.sentVersion) return;
    socket.data.sentVersion = view.version;
    socket.emit('game:view', view.view, view.batches);
  }
}

/** Tables' transports and the lobby's, over one Socket.IO server. */
export function socketTransports(io: HostServer): { tables: TransportFactory; lobby: LobbyTransport } {
  return {
    tables: (tableId, seats, dropped) => new SocketConnections(io, tableId, seats, dropped),
    lobby: {
      // Those at the table see all of it; the lobby sees what anyone may (a PIN table's standings left out).
      updated: (info: TableInfo) => {
        const shown = lobbyInfo(info);
        if (shown === info) return void io.to([LOBBY_ROOM, tableRoom(info.id)]).emit('table:updated', info);
        io.to(tableRoom(info.id)).emit('table:updated', info);
        io.to(LOBBY_ROOM).except(tableRoom(info.id)).emit('table:updated', shown);
      },
      closed: (tableId: TableId) => io.to(LOBBY_ROOM).emit('table:closed', tableId),
    },
  };
}
