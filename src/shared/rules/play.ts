// Playing a card: the theme card opening, following suit and face-down plays (ruling 2), and
// abilities that act when played.
import type { PlayAction } from './actions';
import { defOf } from './cards';
import { DECISIONS } from './effects/registry';
import { type RuleError, ruleError } from './errors';
import type { GameEvent } from './events';
import type { DraftState, GameState } from './state';
import type { CardId, Seat } from './types';

/** The seat whose card is expected now (ignoring pending decisions). */
export const seatToPlay = (s: GameState): Seat => (s.meeting.leader + s.meeting.plays.length) % s.players;

const opensRound = (s: GameState): boolean =>
  s.options.themeCardOpens && s.meetingsPlayed === 0 && s.meeting.plays.length === 0;

/** Whether `card` may be played now and face down or not; the seat is the one to play. */
export function checkPlay(s: GameState, card: CardId, faceDown: boolean): RuleError | null {
  const hand = s.hands[seatToPlay(s)]!;
  if (!hand.includes(card)) return ruleError('CARD_NOT_IN_HAND', `${card} is not in your hand`);
  if (opensRound(s) && card !== s.themeCard) {
    return ruleError('THEME_CARD_MUST_OPEN', `the round opens with the theme card ${s.themeCard}`);
  }
  const must = playMode(s, card, holdsLeadSuit(s, hand));
  if (must === 'faceUp' && faceDown) return ruleError('CANNOT_PLAY_FACE_DOWN', `${card} is played face up`);
  if (must === 'faceDown' && !faceDown) return ruleError('MUST_PLAY_FACE_DOWN', `${card} is not of the lead suit: play it face down`);
  if (must === 'never') return ruleError('MUST_FOLLOW_SUIT', `you hold the lead suit ${s.meeting.leadSuit}: follow it or play a Wild`);
  return null;
}

/** How a card in hand may be played now (ruling 2); `holdsLead` says whether the hand has the lead suit. */
function playMode(s: GameState, card: CardId, holdsLead: boolean): 'faceUp' | 'faceDown' | 'never' {
  const lead = s.meeting.leadSuit;
  const suit = defOf(s, card).suit;
  if (lead === null || suit === 'wild' || suit === lead) return 'faceUp';
  return holdsLead ? 'never' : 'faceDown';
}

const holdsLeadSuit = (s: GameState, hand: readonly CardId[]): boolean =>
  s.meeting.leadSuit !== null && hand.some((c) => defOf(s, c).suit === s.meeting.leadSuit);

/** Every legal play of the seat to play. */
export function legalPlays(s: GameState): PlayAction[] {
  const seat = seatToPlay(s);
  if (opensRound(s)) return [{ seat, play: s.themeCard }];
  const hand = s.hands[seat]!;
  const holdsLead = holdsLeadSuit(s, hand);
  const out: PlayAction[] = [];
  for (const card of hand) {
    const mode = playMode(s, card, holdsLead);
    if (mode === 'faceUp') out.push({ seat, play: card });
    else if (mode === 'faceDown') out.push({ seat, play: card, faceDown: true });
  }
  return out;
}

/** Put a checked card into the meeting and trigger its when-played ability. */
export function playCard(d: DraftState, seat: Seat, card: CardId, faceDown: boolean, events: GameEvent[]): void {
  const hand = d.hands[seat]!;
  hand.splice(hand.indexOf(card), 1);
  d.meeting.plays.push({ seat, card, faceDown, returned: false });
  events.push({ type: 'cardPlayed', seat, card, faceDown });
  if (faceDown) return;
  const def = defOf(d, card);
  if (def.suit !== 'wild' && d.meeting.leadSuit === null) d.meeting.leadSuit = def.suit;
  if (def.timing !== 'played') return;
  if (def.effect.kind === 'halt') {
    d.meeting.halted = true;
    return;
  }
  const decision = DECISIONS[def.effect.kind as keyof typeof DECISIONS];
  if (decision && decision.choices(d, seat, card).length > 0) {
    d.pending = { seat, kind: decision.decision, source: card };
  }
}
