// The round's scoring as steps told on the table (ruling 9): hands join allies, the Angel's
// discards, the Evil monopoly or the exclusions, each history card with the allies it counts
// seat by seat and who gains Fame, then the Fame. Each step says what every seat shows while
// it is told. Display only: every count and winner comes from the roundScored event.
import type { HistoryId, Seat } from '../../../../shared/rules/types';
import type { RoundScoreView } from '../../../../shared/rules/view';
import type { CardBook } from '../cards/card-book';
import { linesOf, type StoryContext } from './describe';
import type { RoundSummaryScene } from './presentation.svelte';
import { seatOf } from '../../../../shared/ids';

/** What a history card counts on each seat, as the score gives it. */
export type Measure = 'power' | 'wisdom' | 'love' | 'total' | 'evil';

export interface ScoringStep {
  readonly kind: 'hands' | 'angel' | 'monopoly' | 'excluded' | 'history' | 'fame';
  readonly text: string;
  /** The seats this step is about: the Angel's, the excluded, a history card's winners. */
  readonly seats: readonly Seat[];
  readonly history?: HistoryId;
  /** What the history card counts, when it counts allies. */
  readonly measure?: Measure;
}

/** What one seat shows during a step. */
export interface SeatScoring {
  readonly score: RoundScoreView['seats'][number];
  readonly measure: Measure | null;
  /** The count told for this step (null when the step counts nothing). */
  readonly count: number | null;
  /** This seat is what the step is about (a winner, the Angel's seat, an excluded seat). */
  readonly marked: boolean;
  readonly excluded: boolean;
  /** The Angel's discards, on the Angel's seat. */
  readonly purged: number | null;
  /** Fame gained, once the step gives it. */
  readonly gained: number | null;
}

export function measureOf(book: CardBook, history: HistoryId): Measure | undefined {
  const condition = book.history(history)?.condition;
  switch (condition?.kind) {
    case 'mostSuit':
    case 'fewestSuit':
      return condition.suit;
    case 'mostTotal':
    case 'fewestTotal':
      return 'total';
    case 'mostEvil':
      return 'evil';
    default:
      return undefined;
  }
}

/** The steps, in the order and words of the round's story. */
export function scoringSteps(scene: RoundSummaryScene, ctx: StoryContext): ScoringStep[] {
  const s = scene.score;
  const lines = linesOf({ type: 'roundScored', score: s, fame: scene.fame, purged: scene.purged }, ctx).map(([, text]) => text);
  const steps: Omit<ScoringStep, 'text'>[] = [{ kind: 'hands', seats: [] }];
  if (s.purge) steps.push({ kind: 'angel', seats: [s.purge.seat] });
  if (s.evilMonopoly !== null) steps.push({ kind: 'monopoly', seats: [s.evilMonopoly] });
  else {
    for (const seat of s.excluded) steps.push({ kind: 'excluded', seats: [seat] });
    for (const h of s.history) {
      const measure = measureOf(ctx.book, h);
      steps.push({ kind: 'history', history: h, seats: s.seats.flatMap((x, seat) => (x.met.includes(h) ? [seatOf(seat)] : [])), ...(measure ? { measure } : {}) });
    }
  }
  steps.push({ kind: 'fame', seats: s.seats.flatMap((x, seat) => (x.fameGained > 0 ? [seatOf(seat)] : [])) });
  return steps.map((step, i) => ({ ...step, text: lines[i] ?? '' }));
}

/** What each seat shows while `steps[at]` is told. */
export function seatScoring(scene: RoundSummaryScene, steps: readonly ScoringStep[], at: number): SeatScoring[] {
  const step = steps[at];
  const s = scene.score;
  return s.seats.map((score, seat) => {
    const marked = step?.seats.includes(seatOf(seat)) ?? false;
    const measure = step?.measure ?? null;
    // The Fame gained shows at the last step (a history card's winners are marked on its own).
    const gained = step?.kind === 'fame' ? score.fameGained : null;
    return {
      score,
      measure,
      count: measure && !score.excluded ? score[measure] : null,
      marked,
      excluded: score.excluded,
      purged: s.purge?.seat === seat && steps.slice(0, at + 1).some((x) => x.kind === 'angel') ? s.purge.count : null,
      gained,
    };
  });
}
