// A test client that holds a seat: it records everything it receives, keeps its latest view,
// and can play by itself from its own view only (a seeded random choice among its legal actions).
import { BotRng } from '../../../src/shared/bots/prng';
import type { ClientEvent, Reply, Resumed, Seated } from '../../../src/shared/protocol/events';
import type { Action } from '../../../src/shared/rules/actions';
import type { PlayerView } from '../../../src/shared/rules/view';
import { type ClientSocket, untyped, waitFor } from '../host/host';

export interface Received {
  readonly event: string;
  readonly payload: unknown;
}

export class Player {
  /** Every message from the host: pushes and replies. */
  readonly inbox: Received[] = [];
  view: PlayerView | null = null;
  seat = -1;
  token = '';
  tableId = '';
  seq = 0;
  private rng: BotRng;
  private autoplay = false;
  private viewsHeard = 0;
  private acting = false;
  /** Versions of the views received, in order. */
  readonly versions: number[] = [];
  /** Refusals the autoplay did not expect. */
  readonly errors: string[] = [];

  constructor(
    public socket: ClientSocket,
    rngSeed = 1,
  ) {
    this.rng = new BotRng(rngSeed);
    this.listen(socket);
  }

  /** Listens on a (new) connection; the old one's messages stay in the inbox. */
  listen(socket: ClientSocket): void {
    this.socket = socket;
    socket.onAny((event: string, payload: unknown, batches?: unknown) => {
      // A view comes with the events that led to it: kept as the page takes them, events first.
      if (event === 'game:view' && Array.isArray(batches) && batches.length > 0) this.inbox.push({ event: 'game:events', payload: batches });
      this.inbox.push({ event, payload });
      if (event === 'game:view') this.onView(payload as PlayerView);
    });
  }

  /** `timeoutMs`: longer for what thinks (a replay analysis), sized for a loaded 2-core machine. */
  async request<T extends object = object>(event: ClientEvent, payload?: unknown, timeoutMs = 5000): Promise<Reply<T>> {
    // Any payload, bad ones included: the hostile tests send them through here.
    const reply = (await untyped(this.socket).timeout(timeoutMs).emitWithAck(event, payload)) as Reply<T>;
    this.inbox.push({ event: `reply:${event}`, payload: reply });
    return reply;
  }

  async join(tableId: string, name: string, extra: object = {}): Promise<Reply<Seated>> {
    const r = await this.request<Seated>('table:join', { tableId, name, ...extra });
    if (r.ok) this.seated(r);
    return r;
  }

  seated(r: Seated): void {
    this.seat = r.seat;
    this.token = r.token;
    this.tableId = r.tableId;
  }

  /** Sends an action made against the latest view. */
  act(action: Action | object, version = this.view?.version ?? 0, seq = ++this.seq) {
    const { seat: _seat, ...rest } = action as Action;
    return this.request<{ version: number }>('game:act', { action: rest, seq, version });
  }

  /** Plays whenever its view says it must act, until the game is over. */
  startAutoplay(): void {
    this.autoplay = true;
    void this.maybeAct();
  }

  stopAutoplay(): void {
    this.autoplay = false;
  }

  waitOver(timeoutMs = 20_000): Promise<void> {
    return waitFor(() => this.view?.over === true, `seat ${this.seat} to see the end`, timeoutMs);
  }

  private onView(view: PlayerView): void {
    this.viewsHeard++;
    this.versions.push(view.version);
    if (this.view === null || view.version > this.view.version) this.view = view;
    void this.maybeAct();
  }

  private async maybeAct(): Promise<void> {
    const view = this.view;
    if (!this.autoplay || this.acting || !view || view.over || view.legalActions.length === 0) return;
    if (!this.socket.connected) return;
    const heard = this.viewsHeard;
    this.acting = true;
    try {
      const reply = await this.act(this.rng.pick(view.legalActions), view.version);
      if (!reply.ok && reply.code !== 'STALE' && reply.code !== 'NOT_SEATED') {
        this.errors.push(`seat ${this.seat}: ${reply.code} ${reply.message}`);
      }
    } catch (e) {
      if (this.socket.connected) this.errors.push(`seat ${this.seat}: ${(e as Error).message}`);
    } finally {
      this.acting = false;
    }
    if (this.viewsHeard !== heard) void this.maybeAct(); // a view came meanwhile (also a resend after a resume)
  }
}

/** Players coming back to their seats with their tokens, each on a new connection. */
export async function resumeSeats(connect: () => Promise<ClientSocket>, tableId: string, tokens: readonly string[], firstSeed: number): Promise<Player[]> {
  const players: Player[] = [];
  for (const [i, token] of tokens.entries()) {
    const p = new Player(await connect(), firstSeed + i);
    const r = await p.request<Resumed>('table:resume', { tableId, token });
    if (!r.ok) throw new Error(r.code);
    Object.assign(p, { seat: r.seat, token, tableId, seq: r.lastSeq });
    players.push(p);
  }
  return players;
}
