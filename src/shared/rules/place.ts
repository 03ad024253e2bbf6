// Answers as their seat sees them (docs/architecture.md, "Hidden information"). Every option of a
// decision is offered in the answering seat's own terms (each decision's `asSeen`: a Return
// names another seat's face-down card by its place, ruling 14), and a seat's intent is taken
// only if it is exactly one of those, then turned into the record's form, which names cards.
import { type Action, type Choice, isPlay } from './actions';
import { DECISIONS } from './effects/registry';
import { type RuleError, ruleError } from './errors';
import { type Result, err, ok } from './result';
import type { GameState, MeetingPlay } from './state';
import type { Seat } from './types';

/** `actions` (the record's form) as `viewer` may see them: in the terms of the pending decision's `asSeen`. */
export function answersAsSeen(s: GameState, viewer: Seat, actions: Action[]): Action[] {
  const pending = s.pending;
  if (!pending) return actions;
  const effect = DECISIONS[pending.kind];
  // A new list only when an answer reads differently (bots' playouts ask this at every decision).
  let out: Action[] | null = null;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    if (isPlay(a)) continue;
    const seen = effect.asSeen(s, viewer, a.choose);
    if (seen === a.choose) continue;
    out ??= actions.slice();
    out[i] = { seat: a.seat, choose: seen };
  }
  return out ?? actions;
}

/**
 * A seat's intent in the record's form. An answer to the seat's decision is taken only if it is
 * exactly one of its answers as it sees them, and becomes the answer it stands for; any other is
 * refused by this one scan with one code and message, whether it names a card hidden from the
 * seat or a card nowhere near, so a refusal tells nothing the seat could not see. Plays, and
 * answers when the seat has no decision, go to the engine as they are: its checks there read
 * only the seat's own hand and the public table.
 */
export function recordedIntent(s: GameState, intent: Action): Result<Action, RuleError> {
  if (isPlay(intent)) return ok(intent);
  const pending = s.pending;
  if (s.over || pending === null || intent.seat !== pending.seat) {
    // Not the seat's decision: the engine says why (a place is no field of the record's form).
    const { place: _place, ...choose } = intent.choose;
    return ok({ seat: intent.seat, choose });
  }
  const effect = DECISIONS[pending.kind];
  for (const choice of effect.choices(s, pending.seat, pending.source)) {
    if (sameChoice(effect.asSeen(s, pending.seat, choice), intent.choose)) return ok({ seat: intent.seat, choose: choice });
  }
  return err(ruleError('ILLEGAL_CHOICE', `not an answer to the ${pending.kind} decision`));
}

/** The same fields with the same values (an intent has no field set to undefined: it comes as JSON). */
function sameChoice(offered: Choice, intent: Choice): boolean {
  const keys = Object.keys(intent) as (keyof Choice)[];
  return keys.length === Object.keys(offered).length && keys.every((k) => offered[k] === intent[k]);
}

/**
 * The record's form of an answer a bot's simulation took from `answersAsSeen` (a place becomes
 * the face-down card lying there); anything else is given back as it is. Only for answers the
 * simulation itself was offered: intents from a seat go through `recordedIntent`.
 */
export function resolvePlace(s: GameState, action: Action): Action {
  if (isPlay(action)) return action;
  const { place, ...rest } = action.choose;
  if (place === undefined || Object.keys(rest).length > 0 || s.pending?.kind !== 'return') return action;
  const play = s.meeting.plays.find((p: Readonly<MeetingPlay>) => p.seat === place && p.faceDown && !p.returned);
  return play ? { seat: action.seat, choose: { card: play.card } } : action;
}
