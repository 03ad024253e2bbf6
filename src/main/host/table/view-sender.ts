// The views a table sends, each with the events that led to it that its connection has not had
// yet, in hand before anything goes to the transport: the events come from the table's log,
// redacted for the viewer (event-log.ts), and a view whose connection holds the version before
// takes the events serialised with it (ready-views.ts).
import { type EventBatch, batchesFor } from '../../../shared/protocol/event-log';
import type { GameEvent } from '../../../shared/rules/events';
import type { GameState } from '../../../shared/rules/state';
import type { Seat } from '../../../shared/rules/types';
import type { Viewer } from '../../../shared/rules/view';
import type { ConnectionId, ReadyView, TableTransport, ViewMessage } from '../wire/transport';
import { readyViewFor, readyViews } from './ready-views';
import type { TableModel } from '../table-file/table-model';
import { seatOf, seatsOf } from '../../../shared/ids';

/** The views of one version: for each seat held by a connection, and for spectators if any watch. */
export interface Outgoing {
  readonly seats: readonly (ReadyView | null)[];
  readonly spectators: ReadyView | null;
}

export class ViewSender {
  constructor(
    private readonly model: TableModel,
    private readonly transport: TableTransport,
  ) {}

  /** The views of `state` to send; with the `events` that produced it, each view carries them too. */
  viewsOf(state: GameState, events?: readonly GameEvent[]): Outgoing {
    const seats = seatsOf(this.model.seats.length).filter((seat) => this.transport.holds(seat));
    const watched = this.transport.spectatorCount() > 0;
    const ready = readyViews(state, watched ? [...seats, 'spectator'] : seats, events);
    return {
      seats: this.model.seats.map((_, seat) => ready[seats.indexOf(seatOf(seat))] ?? null),
      spectators: watched ? ready.at(-1)! : null,
    };
  }

  send(views: Outgoing): void {
    views.seats.forEach((view, seat) => {
      if (view) this.toSeat(seatOf(seat), view);
    });
    const view = views.spectators;
    if (view) this.transport.viewToSpectators({ ...view, batches: view.latest ?? this.events('spectator', view.version - 1, view.version) });
  }

  /** The current view to every seat held and to the spectators. */
  sendAll(): void {
    if (this.model.state) this.send(this.viewsOf(this.model.state));
  }

  /** The current view to one seat (a player who came back, or whose move came too late). */
  sendTo(seat: Seat): void {
    if (this.model.state) this.toSeat(seat, readyViewFor(this.model.state, seat));
  }

  /** The current spectator view to a connection that just started watching. */
  sendToWatcher(conn: ConnectionId): void {
    if (!this.model.state) return;
    const view = readyViewFor(this.model.state, 'spectator');
    const after = this.transport.sentVersion({ conn });
    if (after !== null && view.version > after) this.transport.viewToConnection(conn, this.message(view, after));
  }

  /** A connection was given the view of `version` in a reply: the events that led to it follow. */
  eventsAfterReply(conn: ConnectionId, viewer: Viewer, version: number): void {
    const after = this.transport.sentVersion({ conn });
    if (after !== null) this.transport.eventsToConnection(conn, this.events(viewer, after, version), version);
  }

  private toSeat(seat: Seat, view: ReadyView): void {
    const after = this.transport.sentVersion({ seat });
    if (after !== null && view.version > after) this.transport.viewToSeat(seat, this.message(view, after));
  }

  /** The view with the events of the versions after `after`: those serialised with it when they are just the latest. */
  private message(view: ReadyView, after: number): ViewMessage {
    const batches = view.latest && after === view.version - 1 ? view.latest : this.events(view.viewer, after, view.version);
    return { version: view.version, json: view.json, batches };
  }

  private events(viewer: Viewer, after: number, upTo: number): EventBatch[] {
    return batchesFor(this.model.log, viewer, after, upTo);
  }
}
