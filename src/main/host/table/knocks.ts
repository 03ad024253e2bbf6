// People at a PIN table's door: a friend who knows the PIN, at a table whose wrong PINs have
// locked it (guards/table-guesses.ts), asks its owner to be let in, and the owner answers with
// one tap. A knock proves nothing and reveals nothing of the PIN: it only asks for the owner's
// attention, so that is what is bounded, without letting anyone squat the door:
//
// - Each knock gets a short random code, shown on the knocker's screen and beside the name in
//   the owner's list: a look-alike name cannot copy it, so the owner finds the real friend by
//   it ("what does your screen say?") however many knock under the same name.
// - One knock per device (devices.ts; its new knock replaces its own earlier one), at most
//   MAX_KNOCKS_PER_ADDRESS per client address (a family's phones behind one router), and
//   MAX_KNOCKS per table, waiting in the order they came (the owner's list keeps that order).
// - A full door makes room for a newcomer from a quieter address: the newest knock of the
//   address holding the most goes (its knocker is told). A flood from many addresses therefore
//   never pushes out a knock from an address that holds fewer: the real friend stays in line
//   until MAX_KNOCKS different addresses knock at once (a newcomer is then told to try again).
// - Each knock is forgotten after KNOCK_MS (its knocker is told no); a device the owner turned
//   away may not knock at that table again for TURNED_AWAY_MS, others behind its address may.
// - Each device's knocks, and each address's, also have a budget (guards/budgets.ts).
import type { Knock } from '../../../shared/protocol/events';
import { randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '../clock';
import type { ConnectionId } from '../wire/transport';

/** How long a knock waits for the owner's answer. */
export const KNOCK_MS = 2 * 60_000;
/** Knocks a table keeps waiting at once. */
export const MAX_KNOCKS = 128;
/** Knocks from one client address a table keeps waiting at once. */
export const MAX_KNOCKS_PER_ADDRESS = 3;
/** How long a device the owner said no to may not knock at that table again. */
export const TURNED_AWAY_MS = 10 * 60_000;
/** The owner hears of new knocks at most this often (each time the whole list: a flood is told in a few messages a second, not one per knock). */
export const TELL_EVERY_MS = 250;
/** Devices turned away remembered per table at most (the oldest forgotten first). */
const MAX_TURNED_AWAY = 256;
/** A knock's code: four of these, none that looks like another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B). */
const CODE_LETTERS = 'ACDEFGHJKMNPQRTUVWXY34679';
export const CODE_LENGTH = 4;

export interface WaitingKnock extends Knock {
  readonly conn: ConnectionId;
  /** The knocking device and its address (never shown to the owner). */
  readonly device: string;
  readonly address: string;
}

/** A new knock's outcome: waiting (with the knock the door made room by sending away, if any), or why not. */
export type Knocked =
  { readonly knock: WaitingKnock; readonly bumped?: WaitingKnock } | { readonly refused: 'full' | 'address' } | { readonly refused: 'turnedAway'; readonly waitMs: number };

export class TableKnocks {
  /** Waiting knocks by id, in the order they came. */
  private readonly waiting = new Map<string, { knock: WaitingKnock; timer: NodeJS.Timeout }>();
  /** Devices the owner said no to, and until when they may not knock again. */
  private readonly turnedAway = new Map<string, number>();
  private lastTold = -Infinity;
  private telling: NodeJS.Timeout | null = null;

  constructor(
    private readonly clock: Clock,
    /** Hears of a knock nobody answered in time. */
    private readonly expired: (knock: WaitingKnock) => void,
  ) {}

  /** A new knock from `conn` (replacing that device's earlier one), or why it may not wait (see the top of this file). */
  add(conn: ConnectionId, who: { readonly device: string; readonly address: string }, name: string): Knocked {
    const until = this.turnedAway.get(who.device) ?? 0;
    const now = this.clock.now();
    if (until > now) return { refused: 'turnedAway', waitMs: until - now };
    this.turnedAway.delete(who.device);
    for (const [id, w] of this.waiting) if (w.knock.conn === conn || w.knock.device === who.device) this.remove(id);
    const mine = this.fromAddress(who.address).length;
    if (mine >= MAX_KNOCKS_PER_ADDRESS) return { refused: 'address' };
    let bumped: WaitingKnock | undefined;
    if (this.waiting.size >= MAX_KNOCKS) {
      bumped = this.busiestNewest(mine);
      if (!bumped) return { refused: 'full' };
      this.remove(bumped.id);
    }
    const knock: WaitingKnock = { id: randomBytes(9).toString('base64url'), name, code: this.newCode(), conn, device: who.device, address: who.address };
    const timer = setTimeout(() => {
      this.remove(knock.id);
      this.expired(knock);
    }, KNOCK_MS);
    timer.unref();
    this.waiting.set(knock.id, { knock, timer });
    return bumped ? { knock, bumped } : { knock };
  }

  /** The knock `id`, no longer waiting; undefined when there is none (answered, replaced or expired). */
  take(id: string): WaitingKnock | undefined {
    const knock = this.waiting.get(id)?.knock;
    this.remove(id);
    return knock;
  }

  /** The owner said no to this device: it may not knock here again for a while. */
  refuse(knock: WaitingKnock): void {
    this.turnedAway.delete(knock.device);
    this.turnedAway.set(knock.device, this.clock.now() + TURNED_AWAY_MS);
    if (this.turnedAway.size > MAX_TURNED_AWAY) this.turnedAway.delete(this.turnedAway.keys().next().value!);
  }

  /** Every knock, no longer waiting (the table started or filled: nobody can be let in). */
  takeAll(): WaitingKnock[] {
    const all = [...this.waiting.values()].map((w) => w.knock);
    for (const k of all) this.remove(k.id);
    return all;
  }

  /** What the owner sees, in the order the knocks came: names, codes and ids, never the knockers' devices. */
  list(): Knock[] {
    return [...this.waiting.values()].map(({ knock }) => ({ id: knock.id, name: knock.name, code: knock.code }));
  }

  /** Runs `tell` (sending the owner the list) now, or once TELL_EVERY_MS after it last ran. */
  tellOwner(tell: () => void): void {
    if (this.telling) return;
    const wait = this.lastTold + TELL_EVERY_MS - this.clock.now();
    const run = (): void => {
      this.telling = null;
      this.lastTold = this.clock.now();
      tell();
    };
    if (wait <= 0) return run();
    this.telling = setTimeout(run, wait);
    this.telling.unref();
  }

  get size(): number {
    return this.waiting.size;
  }

  private fromAddress(address: string): WaitingKnock[] {
    return [...this.waiting.values()].filter((w) => w.knock.address === address).map((w) => w.knock);
  }

  /** The newest knock of the address holding the most, if it holds more than one past the newcomer's `mine`. */
  private busiestNewest(mine: number): WaitingKnock | undefined {
    const byAddress = new Map<string, WaitingKnock[]>();
    for (const { knock } of this.waiting.values()) byAddress.set(knock.address, [...(byAddress.get(knock.address) ?? []), knock]);
    let busiest: WaitingKnock[] = [];
    for (const knocks of byAddress.values()) if (knocks.length > busiest.length) busiest = knocks;
    return busiest.length > mine + 1 ? busiest.at(-1) : undefined;
  }

  /** A code no other waiting knock has. */
  private newCode(): string {
    const taken = new Set([...this.waiting.values()].map((w) => w.knock.code));
    for (;;) {
      const code = Array.from({ length: CODE_LENGTH }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');
      if (!taken.has(code)) return code;
    }
  }

  private remove(id: string): void {
    const w = this.waiting.get(id);
    if (!w) return;
    clearTimeout(w.timer);
    this.waiting.delete(id);
  }
}
