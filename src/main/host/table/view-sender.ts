// The views a table sends, each with the events that led to it that its connection has not had
// yet: the events come from the table's log (the model's), redacted for the viewer
// (event-log.ts). A new version's views are built once the table file holds it, for the seats
// a connection holds and for the spectators if any watch, and go to the transport in one call.
import { type GameEventBatch, batchesFor } from '../../../shared/protocol/event-log';
import type { GameState } from '../../../shared/rules/state';
import type { Seat } from '../../../shared/rules/types';
import { seatOf } from '../../../shared/ids';
import type { Reply } from '../../../shared/protocol/events';
import { type PlayerView, viewFor, viewsFor } from '../../../shared/rules/view';
import type { TableModel } from '../table-file/table-model';
import { refuse } from '../wire/refusal';
import type { Audience, ConnectionId, Outgoing, TableTransport, ViewMessage } from '../wire/transport';

/** What the views use of the transport. */
export type ViewTransport = Pick<TableTransport, 'audience' | 'sendViews' | 'sentVersion' | 'viewToSeat' | 'viewToConnection' | 'eventsToConnection' | 'seatOf'>;

export class ViewSender {
  constructor(
    private readonly model: TableModel,
    private readonly transport: ViewTransport,
  ) {}

  /** The views of `state`, the model's latest, to every seat held and to the spectators. */
  send(state: GameState): void {
    this.transport.sendViews(outgoing(state, this.transport.audience(), this.model.log));
  }

  /** The current view to every seat held and to the spectators. */
  sendAll(): void {
    if (this.model.state) this.send(this.model.state);
  }

  /** The current view to one seat (a player who came back, or whose move came too late). */
  sendTo(seat: Seat): void {
    const state = this.model.state;
    const after = this.transport.sentVersion({ seat });
    if (state && after !== null && state.version > after) this.transport.viewToSeat(seat, message(viewFor(state, seat), after, this.model.log));
  }

  /** The current spectator view to a connection that just started watching. */
  sendToWatcher(conn: ConnectionId): void {
    const state = this.model.state;
    const after = this.transport.sentVersion({ conn });
    if (state && after !== null && state.version > after) this.transport.viewToConnection(conn, message(viewFor(state, 'spectator'), after, this.model.log));
  }

  /** The connection's view now, for a reply: the events that led to it follow it alone. */
  sync(conn: ConnectionId): Reply<{ view: PlayerView }> {
    const viewer = this.transport.seatOf(conn);
    if (viewer === null) return refuse('NOT_SEATED');
    if (!this.model.state) return refuse('NOT_STARTED');
    const view = viewFor(this.model.state, viewer);
    const after = this.transport.sentVersion({ conn });
    if (after !== null) this.transport.eventsToConnection(conn, batchesFor(this.model.log, viewer, after, view.version), view.version);
    return { ok: true, view };
  }
}

/**
 * The views of `state` for an audience, each with the events of the versions after the one its
 * connection holds (from `log`, which holds `state`'s): for each seat held a view of its own, and
 * one for every spectator with the events of `state`'s version alone.
 */
export function outgoing(state: GameState, audience: Audience, log: readonly GameEventBatch[]): Outgoing {
  const { version } = state;
  const held = audience.seats.flatMap((after, seat) => (after !== null && after < version ? [seatOf(seat)] : []));
  const views = viewsFor(state, audience.spectators ? [...held, 'spectator'] : held);
  return {
    seats: audience.seats.map((after, seat) => (after === null || !held.includes(seatOf(seat)) ? null : message(views[held.indexOf(seatOf(seat))]!, after, log))),
    spectators: audience.spectators ? message(views.at(-1)!, version - 1, log) : null,
  };
}

/** A view with the events of the versions after `after`, redacted for its viewer: one message. */
function message(view: PlayerView, after: number, log: readonly GameEventBatch[]): ViewMessage {
  return { version: view.version, view, batches: batchesFor(log, view.viewer, after, view.version) };
}
