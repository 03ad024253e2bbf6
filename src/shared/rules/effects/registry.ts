// Every effect kind a card set may name, and its implementation. A kind without one does not
// compile. Passive kinds are consulted where their timing puts them: reversal, winMeeting and
// burn when a meeting ends (meeting.ts); countsAs and purgeEvil when a round is scored
// (scoring.ts); halt right after its card is played (play.ts).
import type { EffectKind } from '../card-set/types';
import type { DecisionKind } from '../state';
import { demonChoice } from './demon-choice';
import { discardAlly } from './discard-ally';
import { type DecisionEffect, type EffectImpl, PASSIVE } from './effect';
import { gift } from './gift';
import { insight } from './insight';
import { mask } from './mask';
import { recall } from './recall';
import { returnPlayed } from './return-played';
import { steal } from './steal';

/** The effects that ask their player to decide, by the decision's kind. */
export const DECISIONS: Record<DecisionKind, DecisionEffect> = {
  steal,
  recall,
  return: returnPlayed,
  discardAlly,
  insight,
  gift,
  mask,
  demonChoice,
};

export const EFFECTS = {
  none: PASSIVE,
  countsAs: PASSIVE,
  reversal: PASSIVE,
  halt: PASSIVE,
  winMeeting: PASSIVE,
  burn: PASSIVE,
  purgeEvil: PASSIVE,
  ...DECISIONS,
} as const satisfies Record<EffectKind, EffectImpl>;
