// A seat's allies as per-suit stacks, counted the way the round end counts them (cards.md,
// ruling 9): a face-up 2 counts as three allies of its suit; a masked ally counts as one and
// has no suit, so masked allies form their own stack; a masked Evil card is no longer Evil.
import type { CardId, Suit } from '../../../shared/rules/types';
import { type CardBook, SUIT_ORDER, sortCards } from './cards';

export interface AllyStack {
  /** A suit, or 'masked' for the face-down allies. */
  readonly suit: Suit | 'masked';
  readonly cards: readonly CardId[];
  /** What the stack counts as at the round end. */
  readonly counts: number;
  /** A face-up Evil card is in the stack. */
  readonly evil: boolean;
}

export function allyStacks(book: CardBook, allies: readonly CardId[], masked: readonly CardId[]): AllyStack[] {
  const open = sortCards(
    book,
    allies.filter((c) => !masked.includes(c)),
  );
  const stacks: AllyStack[] = [];
  for (const suit of SUIT_ORDER) {
    const cards = open.filter((c) => book.suit(c) === suit);
    if (cards.length === 0) continue;
    const counts = cards.reduce((n, c) => {
      const effect = book.card(c)?.effect;
      return n + (effect?.kind === 'countsAs' ? effect.count : 1);
    }, 0);
    stacks.push({ suit, cards, counts, evil: cards.some((c) => book.card(c)?.evil === true) });
  }
  const hidden = allies.filter((c) => masked.includes(c));
  if (hidden.length > 0) stacks.push({ suit: 'masked', cards: hidden, counts: hidden.length, evil: false });
  return stacks;
}
