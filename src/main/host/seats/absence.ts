// Absent players: a seat whose player has been gone longer than the grace period (or who left
// the game) may be handed to a bot by the table's owner, and taken back by the player on return.
import type { Seat } from '../../../shared/rules/types';

export interface Presence {
  readonly connected: boolean;
  /** The player left the game on purpose: no grace period. */
  readonly left: boolean;
  /** When the connection was lost (host clock), null while connected. */
  readonly goneSince: number | null;
}

export type HandoverCheck = 'ok' | 'PLAYER_PRESENT' | 'GRACE_NOT_OVER';

export function handoverCheck(p: Presence, now: number, graceMs: number): HandoverCheck {
  if (p.connected) return 'PLAYER_PRESENT';
  if (p.left || p.goneSince === null || now - p.goneSince >= graceMs) return 'ok';
  return 'GRACE_NOT_OVER';
}

/** Milliseconds of grace left for an absent player; null when not absent or already past it. */
export function graceLeft(p: Presence, now: number, graceMs: number): number | null {
  if (handoverCheck(p, now, graceMs) !== 'GRACE_NOT_OVER' || p.goneSince === null) return null;
  return graceMs - (now - p.goneSince);
}

/** One timer per absent seat, to announce that its grace period is over. */
export class GraceTimers {
  private readonly timers = new Map<Seat, NodeJS.Timeout>();

  arm(seat: Seat, ms: number, onOver: () => void): void {
    this.disarm(seat);
    const t = setTimeout(() => {
      this.timers.delete(seat);
      onOver();
    }, ms);
    t.unref();
    this.timers.set(seat, t);
  }

  disarm(seat: Seat): void {
    const t = this.timers.get(seat);
    if (t) clearTimeout(t);
    this.timers.delete(seat);
  }

  clear(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
