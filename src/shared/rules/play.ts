// Playing a card: the theme card opening, following suit and face-down plays (ruling 2), and
// abilities that act when played.
import type { PlayAction } from './actions';
import { defOf } from './cards';
import { cardNumber, setFacts } from './set-facts';
import { removeAt } from './effects/effect';
import { DECISIONS } from './effects/registry';
import { type RuleError, ruleError } from './errors';
import type { GameEvent } from './events';
import type { DraftState, GameState } from './state';
import type { CardId, Seat, StrengthSuit, Suit } from './types';
import { seatOf } from '../ids';

/** The seat whose card is expected now (ignoring pending decisions). */
export const seatToPlay = (s: GameState): Seat => seatOf((s.meeting.leader + s.meeting.plays.length) % s.players);

/** A card of this round has been played: a meeting finished (even one the Dragon burned) or one is under way. */
export const roundBegun = (s: GameState): boolean => s.meetingsPlayed > 0 || s.meeting.plays.length > 0;

/** The table plays with the theme card opening each round, and this round has not begun. */
export const themeCardMustOpen = (s: GameState): boolean => s.options.themeCardOpens && !roundBegun(s);

/** Whether `card` may be played now and face down or not; the seat is the one to play. */
export function checkPlay(s: GameState, card: CardId, faceDown: boolean): RuleError | null {
  const hand = s.hands[seatToPlay(s)]!;
  if (!hand.includes(card)) return ruleError('CARD_NOT_IN_HAND', `${card} is not in your hand`);
  if (themeCardMustOpen(s) && card !== s.themeCard) {
    return ruleError('THEME_CARD_MUST_OPEN', `the round opens with the theme card ${s.themeCard}`);
  }
  const lead = s.meeting.leadSuit;
  const facts = setFacts(s.cardSet);
  const suit = facts.suits[cardNumber(facts, card)]!;
  // The rest of the hand matters only for a card off the lead suit.
  const offLead = lead !== null && suit !== 'wild' && suit !== lead;
  const must = playMode(lead, suit, offLead && holdsSuit(s, hand, lead));
  if (must === 'faceUp' && faceDown) return ruleError('CANNOT_PLAY_FACE_DOWN', `${card} is played face up`);
  if (must === 'faceDown' && !faceDown) return ruleError('MUST_PLAY_FACE_DOWN', `${card} is not of the lead suit: play it face down`);
  if (must === 'never') return ruleError('MUST_FOLLOW_SUIT', `you hold the lead suit ${lead}: follow it or play a Wild`);
  return null;
}

/** How a card of `suit` may be played under `lead` (ruling 2); `holdsLead` says whether the hand has the lead suit. */
function playMode(lead: StrengthSuit | null, suit: Suit, holdsLead: boolean): 'faceUp' | 'faceDown' | 'never' {
  if (lead === null || suit === 'wild' || suit === lead) return 'faceUp';
  return holdsLead ? 'never' : 'faceDown';
}

function holdsSuit(s: GameState, hand: readonly CardId[], suit: StrengthSuit): boolean {
  const facts = setFacts(s.cardSet);
  for (let i = 0; i < hand.length; i++) if (facts.suits[cardNumber(facts, hand[i]!)] === suit) return true;
  return false;
}

/** Every legal play of the seat to play (the engine's shared action objects: see `SetFacts.plays`). */
export function legalPlays(s: GameState): PlayAction[] {
  const seat = seatToPlay(s);
  const facts = setFacts(s.cardSet);
  const faceUp = facts.plays[seat]!;
  if (themeCardMustOpen(s)) return [faceUp[cardNumber(facts, s.themeCard)]!];
  const hand = s.hands[seat]!;
  const lead = s.meeting.leadSuit;
  const out: PlayAction[] = [];
  // Each card's number looked up once (this runs at every step of every bot playout).
  let holdsLead = false;
  for (let i = 0; i < hand.length; i++) {
    const n = cardNumber(facts, hand[i]!);
    handNumbers[i] = n;
    if (facts.suits[n] === lead) holdsLead = true;
  }
  const faceDown = facts.faceDownPlays[seat]!;
  for (let i = 0; i < hand.length; i++) {
    const n = handNumbers[i]!;
    const mode = playMode(lead, facts.suits[n]!, holdsLead);
    if (mode === 'faceUp') out.push(faceUp[n]!);
    else if (mode === 'faceDown') out.push(faceDown[n]!);
  }
  return out;
}

/** Scratch space of `legalPlays`: the numbers of the cards of a hand. */
const handNumbers: number[] = [];

/** Put a checked card into the meeting and trigger its when-played ability. */
export function playCard(d: DraftState, seat: Seat, card: CardId, faceDown: boolean, events: GameEvent[] | null): void {
  const hand = d.hands[seat]!;
  removeAt(hand, hand.indexOf(card));
  d.meeting.plays.push({ seat, card, faceDown, returned: false });
  events?.push({ type: 'cardPlayed', seat, card, faceDown });
  if (faceDown) return;
  const def = defOf(d, card);
  if (def.suit !== 'wild' && d.meeting.leadSuit === null) d.meeting.leadSuit = def.suit;
  if (def.timing !== 'played') return;
  if (def.effect.kind === 'halt') {
    d.meeting.halted = true;
    return;
  }
  const decision = DECISIONS[def.effect.kind as keyof typeof DECISIONS];
  if (decision && decision.hasChoice(d, seat, card)) {
    d.pending = { seat, kind: decision.decision, source: card };
  }
}
