// What the bots need to know about a card set, precomputed once per set: small records looked
// up by card id, and the history cards' goals. Everything is derived from the card data (effect
// kinds and conditions), never from card ids, so a table's own card set works the same.
import type { CardSet, EffectKind, FameCondition, HistoryDef } from '../rules/card-set/types';
import { cardNumber, setFacts } from '../rules/set-facts';
import type { CardId, CardNumber, HistoryId, StrengthSuit } from '../rules/types';
import { cardNumberOf } from '../ids';

/** Suit as an index: 0 power, 1 wisdom, 2 love, 3 wild. */
export type SuitIndex = 0 | 1 | 2 | 3;
export const WILD: SuitIndex = 3;
const SUIT_INDEX: Readonly<Record<string, SuitIndex>> = { power: 0, wisdom: 1, love: 2, wild: 3 };
export const suitIndex = (suit: StrengthSuit | 'wild' | null): SuitIndex | -1 => (suit === null ? -1 : SUIT_INDEX[suit]!);

export interface CardInfo {
  readonly id: CardId;
  /** Position in the card set (0 … 35). */
  readonly index: CardNumber;
  readonly suit: SuitIndex;
  /** 1–10, 0 for Wilds. */
  readonly strength: number;
  readonly kind: EffectKind;
  readonly evil: boolean;
  /** How many allies it counts as at round end (3 for the 2s). */
  readonly weight: number;
  /** Its ability acts when played and asks its player for a choice. */
  readonly asks: boolean;
}

export interface BotCards {
  readonly set: CardSet;
  readonly all: readonly CardInfo[];
  readonly byId: ReadonlyMap<CardId, CardInfo>;
  info(card: CardId): CardInfo;
  readonly evilCount: number;
  /** The Demon-like card (its player chooses who takes it), if the set has one. */
  readonly demon: CardId | null;
  readonly angel: CardId | null;
  history(id: HistoryId): HistoryDef;
}

const ASKS: ReadonlySet<EffectKind> = new Set<EffectKind>(['steal', 'recall', 'return', 'discardAlly', 'insight', 'gift', 'mask']);

const cache = new WeakMap<CardSet, BotCards>();

export function botCards(set: CardSet): BotCards {
  const hit = cache.get(set);
  if (hit) return hit;
  const all = set.characters.map((c, index): CardInfo => ({
    id: c.id,
    index: cardNumberOf(index),
    suit: SUIT_INDEX[c.suit]!,
    strength: c.strength ?? 0,
    kind: c.effect.kind,
    evil: c.evil,
    weight: c.effect.kind === 'countsAs' ? c.effect.count : 1,
    asks: ASKS.has(c.effect.kind),
  }));
  const byId = new Map(all.map((c) => [c.id, c]));
  const facts = setFacts(set);
  const cards: BotCards = {
    set,
    all,
    byId,
    info(card) {
      // The engine's own card numbers: every playout step asks this many times.
      const n = cardNumber(facts, card);
      if (n < 0) throw new Error(`unknown card ${card}`);
      return all[n]!;
    },
    evilCount: all.filter((c) => c.evil).length,
    demon: all.find((c) => c.kind === 'demonChoice')?.id ?? null,
    angel: all.find((c) => c.kind === 'purgeEvil')?.id ?? null,
    history(id) {
      const h = set.historyById.get(id);
      if (!h) throw new Error(`unknown history card ${id}`);
      return h;
    },
  };
  cache.set(set, cards);
  return cards;
}

/**
 * The round's goals as weights per ally: what one ally of each kind is worth at round end to
 * anyone (before Evil, which depends on the seat).
 */
export interface Goals {
  /** Per suit unit (a 2 is three units): +1 for "most", −1 for "fewest", summed over cards. */
  readonly suit: readonly number[];
  /** Per ally counted (a 2 is three). */
  readonly total: number;
  /** Per card listed by a "most of" condition (The Succession), by id. */
  readonly listed: ReadonlyMap<CardId, number>;
  /** Evil allies do not exclude (A Time of Darkness). */
  readonly evilAllowed: boolean;
  /** Per Evil ally, when "most Evil" is a condition. */
  readonly evil: number;
  /** Number of conditions in play that award Fame. */
  readonly conditions: number;
}

export const SUIT_WEIGHT = 1;
export const TOTAL_WEIGHT = 0.6;
export const LISTED_WEIGHT = 2.5;
export const EVIL_GOAL_WEIGHT = 1.6;

const goalCache = new Map<string, Goals>();

export function goalsOf(cards: BotCards, history: readonly HistoryId[]): Goals {
  const key = `${cards.set.id}|${history.join(',')}`;
  const hit = goalCache.get(key);
  if (hit) return hit;
  const suit: number[] = [0, 0, 0];
  let total = 0;
  let evil = 0;
  let conditions = 0;
  let evilAllowed = false;
  const listed = new Map<CardId, number>();
  for (const id of history) {
    const h = cards.history(id);
    if (h.effect.kind === 'evilAllowed') evilAllowed = true;
    const c: FameCondition = h.condition;
    if (c.kind !== 'none') conditions++;
    switch (c.kind) {
      case 'mostSuit':
        suit[SUIT_INDEX[c.suit]!]! += SUIT_WEIGHT;
        break;
      case 'fewestSuit':
        suit[SUIT_INDEX[c.suit]!]! -= SUIT_WEIGHT;
        break;
      case 'mostTotal':
        total += TOTAL_WEIGHT;
        break;
      case 'fewestTotal':
        total -= TOTAL_WEIGHT;
        break;
      case 'mostOf':
        for (const card of c.cards) listed.set(card, (listed.get(card) ?? 0) + LISTED_WEIGHT);
        break;
      case 'mostEvil':
        evil += EVIL_GOAL_WEIGHT;
        break;
      case 'none':
        break;
    }
  }
  const goals: Goals = { suit, total, listed, evilAllowed, evil, conditions };
  if (goalCache.size > 500) goalCache.clear();
  goalCache.set(key, goals);
  return goals;
}
