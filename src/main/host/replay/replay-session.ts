// A game record opened for viewing: every state of the game, seen from any seat, as a
// spectator or with all hands open, its story per version, and for one decision of a seat what
// the Master would have played (analysis.ts). Records are whole games: nothing here is secret
// from the person who opened the file, but each seat's view is still its own.
import type { DecisionAnalysis } from '../../../shared/bots/analysis';
import { analyseStates } from '../../../shared/bots/record-analysis';
import type { EventBatch } from '../../../shared/protocol/event-log';
import { applyAction, newGame } from '../../../shared/rules/engine';
import type { GameEvent } from '../../../shared/rules/events';
import { type GameRecord, parseRecord, setupOf } from '../../../shared/rules/record/record';
import type { GameState } from '../../../shared/rules/state';
import type { CardId, Seat } from '../../../shared/rules/types';
import { type PlayerView, type Viewer, type VisibleEvent, redactEvent, viewFor } from '../../../shared/rules/view';
import { AnalysisBusy } from '../../bots/contract';
import { MAX_PLAYER_NAME, cleanText } from '../../../shared/protocol/text';

/**
 * A record's names are untrusted text from whoever wrote the file, shown to whoever replays it:
 * cleaned and capped like the names players type (text.ts); a name with nothing left is refused.
 */
function cleanNames(names: readonly (string | null)[] | undefined): (string | null)[] | undefined | string {
  if (!names) return undefined;
  const cleaned = names.map((n) => (n === null ? null : cleanText(n, MAX_PLAYER_NAME)));
  const empty = cleaned.indexOf('');
  return empty < 0 ? cleaned : `names.${empty}: a player's name must have a letter or a sign to show`;
}

/** Who the replay is seen as: a seat, a spectator, or everything open. */
export type ReplayViewer = Viewer | 'all';

/** A record holds at most this many actions (a long game has a few hundred). */
export const MAX_REPLAY_ACTIONS = 5000;
/**
 * An analysis costs about half a second of a core (in the bot pool's analysis worker, never
 * on the host's main thread), so a connection's analyses run one after another, in the order
 * asked, and at most this many wait behind the one running; each decision's answer is kept.
 */
export const MAX_QUEUED_ANALYSES = 8;

/**
 * Runs the analysis of the decision at `version` of a record somewhere (the bot pool's
 * analysis worker); rejects with AnalysisBusy when too many wait already.
 */
export type Analyser = (record: GameRecord, version: number) => Promise<DecisionAnalysis | null>;

export { AnalysisBusy };

export interface ReplayStep {
  readonly view: PlayerView;
  /** Every seat's hand, with all hands open; null otherwise. */
  readonly hands: readonly (readonly CardId[])[] | null;
}

export class ReplaySession {
  private constructor(
    readonly record: GameRecord,
    private readonly states: readonly GameState[],
    private readonly events: readonly (readonly GameEvent[])[],
    /** The first action the engine refused, if any (the replay stops before it). */
    readonly failure: { readonly actionIndex: number; readonly code: string; readonly message: string } | null,
  ) {}

  /** Parses and replays a record; a clear message when it is not one. */
  static open(input: unknown): { ok: true; session: ReplaySession } | { ok: false; message: string } {
    const parsed = parseRecord(input);
    if (!parsed.ok) return { ok: false, message: parsed.error.message };
    const { cardSet } = parsed.value;
    const names = cleanNames(parsed.value.record.names);
    if (typeof names === 'string') return { ok: false, message: names };
    const record: GameRecord = { ...parsed.value.record, ...(names ? { names } : {}) };
    if (record.actions.length > MAX_REPLAY_ACTIONS) return { ok: false, message: `a record holds at most ${MAX_REPLAY_ACTIONS} actions` };
    const start = newGame(setupOf(record, cardSet));
    if (!start.ok) return { ok: false, message: start.error.message };
    const states = [start.value.state];
    const events: (readonly GameEvent[])[] = [start.value.events];
    let failure: ReplaySession['failure'] = null;
    for (const [i, action] of record.actions.entries()) {
      const step = applyAction(states.at(-1)!, action);
      if (!step.ok) {
        failure = { actionIndex: i, code: step.error.code, message: step.error.message };
        break;
      }
      states.push(step.value.state);
      events.push(step.value.events);
    }
    return { ok: true, session: new ReplaySession(record, states, events, failure) };
  }

  /** The last version (the number of actions replayed). */
  get last(): number {
    return this.states.length - 1;
  }

  /** The seat that acted at each version (the last one excepted). */
  get actors(): Seat[] {
    return this.record.actions.slice(0, this.last).map((a) => a.seat);
  }

  get players(): number {
    return this.record.players;
  }

  /** The players' names the record was saved with (null for a bot), or null when it has none. */
  get names(): readonly (string | null)[] | null {
    const names = this.record.names;
    return names && names.length === this.record.players ? names : null;
  }

  /** The full state at `version` (for the host's own checks). */
  stateAt(version: number): GameState {
    return this.states[Math.max(0, Math.min(this.last, version))]!;
  }

  step(version: number, viewer: ReplayViewer): ReplayStep {
    const s = this.states[Math.max(0, Math.min(this.last, version))]!;
    if (viewer !== 'all') return { view: viewFor(s, viewer), hands: null };
    return { view: viewFor(s, 'spectator'), hands: s.hands };
  }

  private readonly logs = new Map<ReplayViewer, EventBatch[]>();

  /** The story of every version, as `viewer` may know it (all hands open: as each event's own player knows it); worked out once per viewer. */
  log(viewer: ReplayViewer): EventBatch[] {
    let log = this.logs.get(viewer);
    if (!log) {
      log = this.events.map((events, version) => ({ version, events: events.map((e) => (viewer === 'all' ? openEvent(e) : redactEvent(e, viewer))) }));
      this.logs.set(viewer, log);
    }
    return log;
  }

  /** The versions at which `seat` made a decision (the state before its action). */
  decisions(seat: Seat): number[] {
    return this.record.actions.flatMap((a, i) => (i < this.last && a.seat === seat ? [i] : []));
  }

  private readonly analysed = new Map<number, Promise<DecisionAnalysis | null>>();
  /** The last analysis asked for on this session: the next one starts after it. */
  private queue: Promise<unknown> = Promise.resolve();
  private queued = 0;

  /**
   * The analysis of the decision at `version` by `analyser`, kept per decision. Asked while
   * another runs, it waits its turn; 'wait' only when MAX_QUEUED_ANALYSES wait already.
   */
  analyseWith(analyser: Analyser, version: number): Promise<DecisionAnalysis | null | 'wait'> {
    const kept = this.analysed.get(version);
    if (kept !== undefined) return kept;
    if (version < 0 || version >= this.last) return Promise.resolve(null);
    if (this.queued > MAX_QUEUED_ANALYSES) return Promise.resolve('wait');
    this.queued++;
    const answer = this.queue.then(() => analyser(this.record, version));
    const settled = answer.finally(() => this.queued--);
    this.queue = settled.catch(() => undefined);
    this.analysed.set(version, settled);
    // A failed analysis (a busy pool, a stopped worker) is not kept: asking again tries again.
    settled.catch(() => this.analysed.delete(version));
    return settled;
  }

  /** What the Master would have done at `version` for the seat deciding then, computed here (tests and benchmarks). */
  analyse(version: number): DecisionAnalysis | null {
    if (version < 0 || version >= this.last) return null;
    return analyseStates(this.states, this.record.actions[version]!, this.record.seed, version);
  }
}

/** An event with nothing hidden (the deal and the scoring keep the shape players receive). */
function openEvent(e: GameEvent): VisibleEvent {
  if (e.type === 'dealt' || e.type === 'roundScored') return redactEvent(e, 'spectator');
  return e;
}
