// "Could I have won?": for one decision of a seat, what the Master would have played and the
// estimated chance of winning the game after that move and after the move actually played,
// judged from that seat's knowledge at the time (its views up to the decision) only. Both
// moves are played out in the same sampled worlds (paired samples), as the Master does.
import type { Action } from '../rules/actions';
import { applyInPlace } from '../rules/engine';
import { resolvePlace } from '../rules/place';
import { type DecisionKind, draftOf } from '../rules/state';
import type { Seat } from '../rules/types';
import type { PlayerView } from '../rules/view';
import { type BotCards, goalsOf } from './cards';
import { buildState, sampleHidden, templateFor } from './determinize';
import { Knowledge } from './knowledge';
import { masterDecide, rollout } from './master';
import type { ReplayAnalysis } from '../protocol/events';
import type { BotRng } from './prng';

/** The Master's move and the move played at one decision, each with its estimated chance to win: what the host sends a replay viewer. */
export type DecisionAnalysis = ReplayAnalysis;

/**
 * `views`: the seat's views from the start of the game up to the decision (the last one);
 * `played`: the move made, as that seat's view names it.
 */
export function analyseDecision(views: readonly PlayerView[], played: Action, cards: BotCards, rng: BotRng, playouts: number): DecisionAnalysis {
  const view = views.at(-1)!;
  const seat = view.viewer as Seat;
  const knowledge = new Knowledge(seat, cards);
  for (const v of views) knowledge.observe(v);
  const master = masterDecide(view, knowledge, rng, { cards, now: () => 0 }, { playouts }).action;
  const template = templateFor(view, cards.set);
  const goals = goalsOf(cards, view.history);
  const moves = [master, played];
  const sums = [0, 0];
  const worlds = Math.max(1, Math.floor(playouts / 2));
  for (let w = 0; w < worlds; w++) {
    const hidden = sampleHidden(view, cards, knowledge, rng);
    const world = buildState(view, hidden, template, cards, rng, knowledge.meetingsSeen);
    moves.forEach((move, i) => {
      const d = draftOf(world);
      const r = applyInPlace(d, resolvePlace(d, move), { events: false });
      if (!r.ok) throw new Error(`analysis: ${r.error.message} (${JSON.stringify(move)})`);
      sums[i]! += rollout(d, seat, cards, goals);
    });
  }
  return { master, masterWin: sums[0]! / worlds, played, playedWin: sums[1]! / worlds, worlds, kind: view.toAct?.kind ?? 'play' };
}
