// A seat's allies as the round's end counts them (ruling 9), for the screens: one stack per
// suit with what it counts as (a face-up 2 counts three of its suit), and the masked allies
// apart: a masked ally counts one, has no suit and is no longer Evil.
import type { GameState } from './state';
import { cardNumber, setFacts } from './set-facts';
import { type CardId, STRENGTH_SUITS, type Suit } from './types';

export interface AllyStack {
  /** A suit, or 'masked' for the face-down allies. */
  readonly suit: Suit | 'masked';
  /** Its cards, in the order they joined the seat's allies. */
  readonly cards: readonly CardId[];
  /** What the stack counts as at the round's end. */
  readonly counts: number;
  /** A face-up Evil card is in the stack. */
  readonly evil: boolean;
}

const STACK_SUITS: readonly Suit[] = [...STRENGTH_SUITS, 'wild'];

/** The stacks of `allies` (one seat's), in suit order, the masked stack last; none empty. */
export function allyStacks(s: GameState, allies: readonly CardId[]): AllyStack[] {
  const facts = setFacts(s.cardSet);
  const stacks: AllyStack[] = [];
  for (const suit of STACK_SUITS) {
    const cards: CardId[] = [];
    let counts = 0;
    let evil = false;
    for (const card of allies) {
      if (s.masked.includes(card)) continue;
      const n = cardNumber(facts, card);
      if (facts.suits[n] !== suit) continue;
      cards.push(card);
      counts += facts.weights[n]!;
      evil ||= facts.evil[n]!;
    }
    if (cards.length > 0) stacks.push({ suit, cards, counts, evil });
  }
  const masked = allies.filter((c) => s.masked.includes(c));
  if (masked.length > 0) stacks.push({ suit: 'masked', cards: masked, counts: masked.length, evil: false });
  return stacks;
}
