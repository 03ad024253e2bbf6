// The contract of an effect primitive: the choices it offers and how a choice resolves.
import type { Choice } from '../actions';
import type { DecisionKind, DraftState, GameState } from '../state';
import type { CardId, Seat } from '../types';
import { seatOf } from '../../ids';

export interface DecisionEffect {
  readonly decision: DecisionKind;
  /** Every legal answer for the card's player; empty means the ability does nothing (ruling 7). */
  choices(s: GameState, seat: Seat, source: CardId): Choice[];
  /** Whether `choices` would offer anything, without building them (asked at every play). */
  hasChoice(s: GameState, seat: Seat, source: CardId): boolean;
  /** Whether `choices` would offer exactly this answer (same target and card), without building them. */
  offers(s: GameState, seat: Seat, source: CardId, choice: Choice): boolean;
  /**
   * One of `choices` as the answering seat names it: only with what that seat can see (a card
   * hidden from it by its place, ruling 14). The seat's intents are matched against these
   * (place.ts), so no answer, accepted or refused, can tell it about a card it cannot see.
   */
  asSeen(s: GameState, seat: Seat, choice: Choice): Choice;
  /** Apply an answer that `choices` offered. */
  resolve(d: DraftState, seat: Seat, choice: Choice): void;
}

/** Effects that ask nothing: the engine consults their kind at a fixed point (meeting end, scoring). */
export interface PassiveEffect {
  readonly decision: null;
}

export type EffectImpl = DecisionEffect | PassiveEffect;

export const PASSIVE: PassiveEffect = { decision: null };

/**
 * `asSeen` of a decision whose answers name only what every seat sees: seats, and allies (every
 * ally is on the table face up, and a masked one was seen before its mask and keeps its id in
 * every view).
 */
export const seenByAll = (_s: GameState, _seat: Seat, choice: Choice): Choice => choice;

/** Take `card` out of `from`; it must be there (a broken invariant is a bug). */
export function removeCard(from: CardId[], card: CardId): void {
  const i = from.indexOf(card);
  if (i < 0) throw new Error(`card ${card} is not where the engine expects it`);
  removeAt(from, i);
}

/** `list.splice(i, 1)` without the array of removed items it allocates (this runs at every play). */
export function removeAt<T>(list: T[], i: number): void {
  for (let j = i + 1; j < list.length; j++) list[j - 1] = list[j]!;
  list.pop();
}

/** A card leaving the allies loses its mask (docs/rules.md, Fool). */
export function unmask(d: DraftState, card: CardId): void {
  const i = d.masked.indexOf(card);
  if (i >= 0) removeAt(d.masked, i);
}

/** Whether an opponent of `seat` has an ally. */
export function opponentHasAlly(s: GameState, seat: Seat): boolean {
  for (let o = seatOf(0); o < s.players; o++) if (o !== seat && s.allies[o]!.length > 0) return true;
  return false;
}

/** `target` is a seat of the table. */
export const isSeat = (s: GameState, target: Seat | undefined): target is Seat => target !== undefined && target >= 0 && target < s.players;

/** `target` is a seat of the table other than `seat`. */
export const isOpponent = (s: GameState, seat: Seat, target: Seat | undefined): target is Seat => isSeat(s, target) && target !== seat;

/** The answer is one of `opponentAllies`. */
export function offersOpponentAlly(s: GameState, seat: Seat, _source: CardId, { target, card }: Choice): boolean {
  return isOpponent(s, seat, target) && card !== undefined && s.allies[target]!.includes(card);
}

/** Every (opponent, ally of theirs) pair. */
export function opponentAllies(s: GameState, seat: Seat): Choice[] {
  const out: Choice[] = [];
  for (let o = seatOf(0); o < s.players; o++) {
    if (o === seat) continue;
    for (const card of s.allies[o]!) out.push({ target: o, card });
  }
  return out;
}
