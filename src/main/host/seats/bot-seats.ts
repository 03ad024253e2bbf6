// Bots in seats: when a bot-played seat must decide, it waits a moment (so humans can follow),
// asks its policy with exactly the view a human in that seat would get, and submits the answer
// through the table's own pipeline. Policies may be slow or wrong: a refused, thrown or
// timed-out answer is replaced by a random legal action.
import { BotRng, hashString, mix } from '../../../shared/bots/prng';
import { randomAction } from '../../../shared/bots/random-player';
import type { Action } from '../../../shared/rules/actions';
import { currentDecider } from '../../../shared/rules/engine';
import type { GameState } from '../../../shared/rules/state';
import type { Seat } from '../../../shared/rules/types';
import { type PlayerView, viewFor } from '../../../shared/rules/view';
import type { Log } from '../log';
import type { TableModel } from '../table-file/table-model';
import type { BotPolicy, BotSeat } from '../../bots/contract';
import { seatOf } from '../../../shared/ids';

// A seat's policy is the bots' contract (declared beside them: they need nothing of the host).
export type { BotPolicy, BotSeat };

/**
 * A random legal action, drawn from the seat's secret seed and the game's version: the same
 * table seed plays the same game (tests replay seeded games this way), and nothing public
 * (the table id) says what the bot will do.
 */
export const randomPolicy = (): BotPolicy => (view, seat) => randomAction(view, new BotRng(mix(hashString(seat.seed), view.version)));

/** The seat's moves are made by a bot (a bot seat, or a human seat handed over). */
export function botPlays(model: Pick<TableModel, 'seats'>, seat: Seat): boolean {
  const s = model.seats[seat];
  return s !== undefined && (s.kind === 'bot' || (s.kind === 'human' && s.botControlled));
}

/** What the driver needs from its table. */
export interface BotTable {
  readonly id: string;
  /** The table's model: its game now, and who plays each seat at which level. */
  readonly model: Pick<TableModel, 'state' | 'seats'>;
  /** A bot seat's seed, derived from the table's secret (never from its public id). */
  botSeed(seat: Seat): string;
  /** Applies a bot's action if the game is still at `version`; false if the action was refused. */
  submitBotAction(seat: Seat, version: number, action: Action): Promise<boolean>;
}

const POLICY_TIMEOUT_MS = 5000;

export class BotDriver {
  private timer: NodeJS.Timeout | null = null;
  private scheduledFor = -1;
  private stopped = false;
  private readonly fallback = randomPolicy();
  /** The last version each bot-played seat was shown. */
  private readonly observed = new Map<Seat, number>();

  constructor(
    private readonly table: BotTable,
    private readonly policy: BotPolicy,
    private readonly delayMs: number,
    private readonly log: Log,
  ) {}

  /** Call after every change: starts a bot's turn if a bot must decide now. */
  schedule(): void {
    const state = this.table.model.state;
    if (this.stopped || !state) return;
    this.observe(state);
    if (state.over) return;
    const seat = currentDecider(state);
    if (seat === null || !botPlays(this.table.model, seat) || this.scheduledFor === state.version) return;
    if (this.timer) clearTimeout(this.timer);
    this.scheduledFor = state.version;
    const version = state.version;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.turn(seat, version).catch((e: unknown) => this.log.error(`table ${this.table.id}: bot turn failed`, e));
    }, this.delayMs);
  }

  /** The bot's last move could not be kept (the disk was full) and can be now: the bot to move decides again. */
  retry(): void {
    this.scheduledFor = -1;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Shows each bot-played seat the views it has not seen yet. */
  private observe(state: GameState): void {
    if (!this.policy.observe) return;
    for (let seat = seatOf(0); seat < state.players; seat++) {
      if (!botPlays(this.table.model, seat) || this.observed.get(seat) === state.version) continue;
      this.observed.set(seat, state.version);
      try {
        this.policy.observe(viewFor(state, seat), this.botSeat(seat));
      } catch (e) {
        this.log.error(`table ${this.table.id}: bot observe failed for seat ${seat}`, e);
      }
    }
  }

  private botSeat(seat: Seat): BotSeat {
    return { tableId: this.table.id, seat, level: this.table.model.seats[seat]!.botLevel, seed: this.table.botSeed(seat) };
  }

  private async turn(seat: Seat, version: number): Promise<void> {
    const state = this.table.model.state;
    if (this.stopped || !state || state.version !== version || !botPlays(this.table.model, seat)) return;
    const view = viewFor(state, seat);
    let action: Action;
    try {
      action = await withTimeout(Promise.resolve(this.policy(view, this.botSeat(seat))), POLICY_TIMEOUT_MS);
    } catch (e) {
      this.log.warn(`table ${this.table.id}: bot policy failed for seat ${seat}: ${(e as Error).message}`);
      action = await this.fallback(view, this.botSeat(seat));
    }
    if (this.stopped) return;
    if (await this.table.submitBotAction(seat, version, { ...action, seat })) return;
    this.log.warn(`table ${this.table.id}: bot policy gave an illegal action for seat ${seat}`);
    await this.table.submitBotAction(seat, version, await this.fallback(view, this.botSeat(seat)));
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
