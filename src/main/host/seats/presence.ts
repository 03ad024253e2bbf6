// Where each seat's player is, beside the table model: gone since when (host clock), the grace
// period of a dropped player (announced when it ends: the owner may then hand the seat to a
// bot), and the table's own "a bot after N seconds" watch (auto-bot.ts). Which connection holds
// a seat is the transport's; this is what the table makes of it.
import type { Seat } from '../../../shared/rules/types';
import type { Clock } from '../clock';
import type { TableModel } from '../table-file/table-model';
import { GraceTimers, type Presence } from './absence';
import { AutoBotWatch } from './auto-bot';
import { seatOf } from '../../../shared/ids';

export interface PresenceDeps {
  readonly model: TableModel;
  readonly clock: Clock;
  /** The table's wait for a dropped player (auto-bot.ts `tableGraceMs`): read at each drop, as the owner may change it. */
  readonly graceMs: () => number;
  /** How long one second of the table's "a bot after N seconds" lasts (tests shorten it). */
  readonly secondMs: number;
  /** A live connection holds the seat (the transport knows). */
  readonly connected: (seat: Seat) => boolean;
  /** Someone's presence changed on its own (a grace period ended). */
  readonly changed: () => void;
  /** A dropped player's time is up: the table hands the seat to a bot in its queue (`due` says if still so). */
  readonly handOver: (seat: Seat) => void;
}

export class SeatPresence {
  private readonly goneSince: (number | null)[];
  private readonly grace = new GraceTimers();
  /** Dropped seats that a bot takes over after the table's chosen time. */
  private readonly absence: AutoBotWatch;
  private closed = false;

  constructor(private readonly deps: PresenceDeps) {
    const { model, clock, graceMs, secondMs } = deps;
    // After a (re)start every player is still away.
    const now = clock.now();
    this.goneSince = model.seats.map((s) => (s.kind === 'human' ? now : null));
    model.seats.forEach((s, seat) => {
      if (s.kind === 'human') this.grace.arm(seatOf(seat), graceMs(), () => this.changed());
    });
    this.absence = new AutoBotWatch({ model, secondMs, clock, goneSince: (seat) => this.goneSince[seat] ?? null, handOver: deps.handOver });
  }

  of(seat: Seat): Presence {
    return { connected: this.deps.connected(seat), goneSince: this.goneSince[seat] ?? null, left: this.deps.model.seat(seat).left };
  }

  /** A connection took the seat. */
  arrived(seat: Seat): void {
    this.goneSince[seat] = null;
    this.grace.disarm(seat);
  }

  /** The seat's connection dropped: the seat stays, its player is away, the grace period runs. */
  dropped(seat: Seat): void {
    this.goneSince[seat] = this.deps.clock.now();
    this.grace.arm(seat, this.deps.graceMs(), () => this.changed());
  }

  /** The player left on purpose: gone from now, with no grace period to announce. */
  left(seat: Seat): void {
    this.goneSince[seat] = this.deps.clock.now();
  }

  /** The owner removed the seat's player: nobody is missed there. */
  removed(seat: Seat): void {
    this.goneSince[seat] = null;
    this.grace.disarm(seat);
  }

  /** The seat went to a bot: its grace period no longer needs announcing. */
  handedOver(seat: Seat): void {
    this.grace.disarm(seat);
  }

  /** The seat is still due to go to a bot (its player away, the game on, no bot on it yet). */
  due(seat: Seat): boolean {
    return this.absence.due(seat, this.deps.connected(seat));
  }

  /** Call after every change of seats, presence or phase: (re)arms the auto-bot timers. */
  watch(): void {
    if (!this.closed) this.absence.watch();
  }

  clear(): void {
    this.closed = true;
    this.grace.clear();
    this.absence.clear();
  }

  private changed(): void {
    this.watch();
    this.deps.changed();
  }
}
