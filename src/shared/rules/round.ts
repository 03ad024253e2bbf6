// After a meeting: the end of the round when a hand is empty, then the end of the game or the
// next round (rulings 9 and 12).
import { startRound } from './deal';
import type { GameEvent } from './events';
import { scoreRound } from './scoring';
import type { DraftState } from './state';
import { FAME_TO_WIN } from './types';
import { seatOf } from '../ids';

export function endRoundIfHandEmpty(d: DraftState, events: GameEvent[] | null): void {
  if (!hasEmptyHand(d)) return;
  d.lastRound = scoreRound(d);
  events?.push({ type: 'roundScored', score: d.lastRound, fame: d.fame.slice() });
  d.historyUsed = [...d.historyUsed, ...d.historyRevealed];
  d.historyRevealed = [];
  d.historyPrevious = d.historyActive;
  d.insights = d.insights.map(() => null);

  const top = Math.max(...d.fame);
  const leaders = d.fame.flatMap((f, seat) => (f === top ? [seatOf(seat)] : []));
  if (top >= FAME_TO_WIN && !(d.options.prolongedGame && leaders.length > 1)) {
    d.over = true;
    d.winners = leaders;
    events?.push({ type: 'gameOver', winners: leaders });
    return;
  }
  d.round++;
  startRound(d, events);
}

function hasEmptyHand(d: DraftState): boolean {
  for (const hand of d.hands) if (hand.length === 0) return true;
  return false;
}
