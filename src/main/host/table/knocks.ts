// People at a PIN table's door: a friend who knows the PIN, at a table whose wrong PINs have
// locked it (guards/table-guesses.ts), asks its owner to be let in, and the owner answers with
// one tap. A knock proves nothing and reveals nothing of the PIN: it only asks for the owner's
// attention, so that is what is bounded. One knock per device (a new one replaces it), a few
// per table at a time, each forgotten after KNOCK_MS (its knocker is then told no); a device the
// owner turned away may not knock at that table again for TURNED_AWAY_MS; each device's knocks
// also have a budget (guards/budgets.ts).
import type { Knock } from '../../../shared/protocol/events';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { ConnectionId } from '../wire/transport';

/** How long a knock waits for the owner's answer. */
export const KNOCK_MS = 2 * 60_000;
/** Knocks a table keeps waiting at once. */
export const MAX_KNOCKS = 4;
/** How long a device the owner said no to may not knock at that table again. */
export const TURNED_AWAY_MS = 10 * 60_000;
/** Devices turned away remembered per table at most (the oldest forgotten first). */
const MAX_TURNED_AWAY = 256;

export interface WaitingKnock extends Knock {
  readonly conn: ConnectionId;
  /** The knocking device's address (never shown to the owner). */
  readonly address: string;
}

export class TableKnocks {
  private readonly waiting = new Map<string, { knock: WaitingKnock; timer: NodeJS.Timeout }>();
  /** Devices the owner said no to, and until when they may not knock again. */
  private readonly turnedAway = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    /** Hears of a knock nobody answered in time. */
    private readonly expired: (knock: WaitingKnock) => void,
  ) {}

  /**
   * A new knock from `conn` at `address` (replacing that device's earlier one): 'full' when the
   * table has as many waiting as it keeps, or the ms this device must wait after the owner said no.
   */
  add(conn: ConnectionId, address: string, name: string): WaitingKnock | 'full' | number {
    const until = this.turnedAway.get(address) ?? 0;
    const now = this.clock.now();
    if (until > now) return until - now;
    this.turnedAway.delete(address);
    for (const [id, w] of this.waiting) if (w.knock.conn === conn || w.knock.address === address) this.remove(id);
    if (this.waiting.size >= MAX_KNOCKS) return 'full';
    const knock: WaitingKnock = { id: randomBytes(9).toString('base64url'), name, conn, address };
    const timer = setTimeout(() => {
      this.remove(knock.id);
      this.expired(knock);
    }, KNOCK_MS);
    timer.unref();
    this.waiting.set(knock.id, { knock, timer });
    return knock;
  }

  /** The knock `id`, no longer waiting; undefined when there is none (answered, replaced or expired). */
  take(id: string): WaitingKnock | undefined {
    const knock = this.waiting.get(id)?.knock;
    this.remove(id);
    return knock;
  }

  /** The owner said no to this device: it may not knock here again for a while. */
  refuse(knock: WaitingKnock): void {
    this.turnedAway.delete(knock.address);
    this.turnedAway.set(knock.address, this.clock.now() + TURNED_AWAY_MS);
    if (this.turnedAway.size > MAX_TURNED_AWAY) this.turnedAway.delete(this.turnedAway.keys().next().value!);
  }

  /** Every knock, no longer waiting (the table started or filled: nobody can be let in). */
  takeAll(): WaitingKnock[] {
    const all = [...this.waiting.values()].map((w) => w.knock);
    for (const k of all) this.remove(k.id);
    return all;
  }

  /** What the owner sees: names and ids, never the knockers' connections. */
  list(): Knock[] {
    return [...this.waiting.values()].map(({ knock }) => ({ id: knock.id, name: knock.name }));
  }

  get size(): number {
    return this.waiting.size;
  }

  private remove(id: string): void {
    const w = this.waiting.get(id);
    if (!w) return;
    clearTimeout(w.timer);
    this.waiting.delete(id);
  }
}
