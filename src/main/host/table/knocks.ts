// People at a PIN table's door: a friend who knows the PIN, at a table whose wrong PINs have
// locked it (guards/table-guesses.ts), asks its owner to be let in, and the owner answers with
// one tap. A knock proves nothing and reveals nothing of the PIN: it only asks for the owner's
// attention, so that is what is bounded. One knock per connection (a new one replaces it), a
// few per table at a time, each forgotten after KNOCK_MS (its knocker is then told no); each
// device's knocks also have a budget (guards/budgets.ts).
import type { Knock } from '../../../shared/protocol/events';
import { randomBytes } from 'node:crypto';
import type { ConnectionId } from '../transport/transport';

/** How long a knock waits for the owner's answer. */
export const KNOCK_MS = 2 * 60_000;
/** Knocks a table keeps waiting at once. */
export const MAX_KNOCKS = 4;

export interface WaitingKnock extends Knock {
  readonly conn: ConnectionId;
}

export class TableKnocks {
  private readonly waiting = new Map<string, { knock: WaitingKnock; timer: NodeJS.Timeout }>();

  /** `expired` hears of a knock nobody answered in time. */
  constructor(private readonly expired: (knock: WaitingKnock) => void) {}

  /** A new knock from `conn` (replacing its earlier one); null when the table has as many waiting as it keeps. */
  add(conn: ConnectionId, name: string): WaitingKnock | null {
    for (const [id, w] of this.waiting) if (w.knock.conn === conn) this.remove(id);
    if (this.waiting.size >= MAX_KNOCKS) return null;
    const knock: WaitingKnock = { id: randomBytes(9).toString('base64url'), name, conn };
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
