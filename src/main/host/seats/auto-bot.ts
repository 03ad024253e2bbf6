// Absent players don't stall the table: a seat whose player dropped out of a game in play goes
// to a bot once the table's chosen time ("a bot after N seconds", counted from the drop) is up,
// with nobody clicking. The player takes it back from the bot when they return.
import type { AutoBotAfter } from '../../../shared/protocol/auto-bot';
import type { Seat } from '../../../shared/rules/types';
import { GraceTimers } from './absence';
import type { Clock } from '../clock';
import type { TableModel } from '../table-file/table-model';
import { seatsOf } from '../../../shared/ids';

export interface AutoBotDeps {
  readonly model: TableModel;
  /** How long one second of the table's choice lasts (tests shorten it). */
  readonly secondMs: number;
  readonly clock: Clock;
  /** When the seat's player dropped (host clock), null while connected. */
  readonly goneSince: (seat: Seat) => number | null;
  /** The time is up: the table hands the seat over in its queue (checking `due` again there). */
  readonly handOver: (seat: Seat) => void;
}

/**
 * The one wait of a table for a dropped player: the countdown everyone sees, when the owner may
 * hand the seat to a bot, and when a bot takes it by itself all read it. The owner's "a bot
 * after N seconds" decides; only a table that waits for its players falls back on the host's
 * grace period (the owner may then hand the seat over by hand).
 */
export function tableGraceMs(afterS: AutoBotAfter, secondMs: number, hostGraceMs: number): number {
  return afterS === null ? hostGraceMs : afterS * secondMs;
}

export class AutoBotWatch {
  private readonly timers = new GraceTimers();

  constructor(private readonly deps: AutoBotDeps) {}

  /** Call after every change of seats, presence or phase: arms or disarms each seat's timer. */
  watch(): void {
    const { model, secondMs, clock } = this.deps;
    const afterS = model.autoBotAfterS;
    const now = clock.now();
    seatsOf(model.seats.length).forEach((seat) => {
      const gone = this.deps.goneSince(seat);
      if (afterS === null || gone === null || !this.due(seat, false)) {
        this.timers.disarm(seat);
        return;
      }
      this.timers.arm(seat, Math.max(0, gone + afterS * secondMs - now), () => this.deps.handOver(seat));
    });
  }

  /** The seat is a player's, in a game in play, not played by a bot yet, and nobody is on it. */
  due(seat: Seat, connected: boolean): boolean {
    const { model } = this.deps;
    const slot = model.seat(seat);
    return !connected && model.autoBotAfterS !== null && model.phase === 'playing' && slot.kind === 'human' && !slot.botControlled;
  }

  clear(): void {
    this.timers.clear();
  }
}
