// Stacked deals for the rules tests: fix a round's history cards and the cards that matter,
// let the rest be filled in deterministically, then play actions (refusals fail the test).
import { expect } from 'vitest';
import {
  type Action,
  type Applied,
  type CardId,
  type CardSet,
  type Choice,
  DEFAULT_CARD_SET,
  type GameOptions,
  type GameState,
  type HistoryId,
  type RoundDeal,
  type RuleError,
  type RuleErrorCode,
  type Seat,
  applyAction,
  currentDecider,
  legalActions,
  newGame,
} from '../../../src/shared/rules';
import { cardIdOf, seatOf } from '../../../src/shared/ids';

export const CARDS: readonly CardId[] = DEFAULT_CARD_SET.characters.map((c) => c.id);
export const def = (card: string) => DEFAULT_CARD_SET.characterById.get(cardIdOf(card))!;
const THEMES = new Set(DEFAULT_CARD_SET.history.map((h) => h.theme));
export const handSize = (players: number): number => (players === 5 ? 7 : 36 / players);

/** A round with only what the test cares about: missing history, cards and burned card are filled in. */
export interface PartialRound {
  history?: HistoryId[];
  /** Leading cards of each hand (missing hands are empty); the rest is filled in card-set order. */
  hands?: string[][];
  /** Five players only; by default the last free card that is no history card's theme. */
  burned?: string | null;
}

/** The full deal of `r`: throws on an unknown or repeated card, or a hand with too many cards. */
export function fillDeal(players: number, r: PartialRound, history: HistoryId[] = ['monster-attack']): RoundDeal {
  const size = handSize(players);
  if ((r.hands?.length ?? 0) > players) throw new Error(`${r.hands!.length} hands for ${players} players`);
  const hands = Array.from({ length: players }, (_, seat) => (r.hands?.[seat] ?? []).map(cardIdOf));
  const given = [...hands.flat(), ...(r.burned ? [cardIdOf(r.burned)] : [])];
  given.forEach((card, i) => {
    if (!CARDS.includes(card)) throw new Error(`unknown card ${card}`);
    if (given.indexOf(card) !== i) throw new Error(`card ${card} is dealt twice`);
  });
  hands.forEach((h, seat) => {
    if (h.length > size) throw new Error(`seat ${seat} holds ${h.length} cards, more than ${size}`);
  });
  const rest = CARDS.filter((c) => !given.includes(c));
  let burned = r.burned ? cardIdOf(r.burned) : null;
  if (players === 5 && r.burned === undefined) {
    const free = rest.filter((c) => !THEMES.has(c));
    burned = free[free.length - 1]!;
    rest.splice(rest.indexOf(burned), 1);
  }
  for (const hand of hands) hand.push(...rest.splice(0, size - hand.length));
  return { history: r.history ?? history, burned, hands };
}

export interface Stack extends PartialRound {
  players: number;
  /** Without `history`: the first history card (one with a plain condition) whose theme this seat holds. */
  start?: number;
  options?: Partial<GameOptions>;
  /** Another card set with the same card ids (default: the shipped one). */
  cardSet?: CardSet;
  seed?: string;
  /** Stacked deals of the following rounds (their history must be given). */
  next?: PartialRound[];
}

/** A started game whose first rounds are stacked; throws when the engine refuses the setup. */
export function stacked(setup: Stack): GameState {
  const { players, options, seed = 'stacked', next = [] } = setup;
  const first = options?.twoHistoryCards ? ['monster-attack', 'the-great-reform'] : ['monster-attack'];
  const round1 = fillDeal(players, setup, first);
  if (setup.start !== undefined && !setup.history) {
    const held = DEFAULT_CARD_SET.history.find((h) => h.effect.kind === 'none' && round1.hands[setup.start!]!.includes(h.theme));
    if (!held) throw new Error(`seat ${setup.start} holds no theme card`);
    round1.history = [held.id];
  }
  const later = next.map((r, i) => {
    if (!r.history) throw new Error(`stacked round ${i + 2} needs its history cards`);
    return fillDeal(players, r, r.history);
  });
  const rounds = [round1, ...later];
  const started = newGame({ players, seed, options, rounds, cardSet: setup.cardSet });
  if (!started.ok) throw new Error(`bad stacked setup: ${started.error.code}: ${started.error.message}`);
  return started.value.state;
}

/** An action as a test writes it: seats and cards as plain numbers and strings (`act` makes them ids). */
export type PlainAction =
  | { readonly seat: number; readonly play: string; readonly faceDown?: boolean }
  | { readonly seat: number; readonly choose: { readonly target?: number; readonly card?: string; readonly place?: number } };

/**
 * An action, or its short form: `'2 power-7'` plays, `'2 power-7 down'` plays face down,
 * `'1 > 3 love-6'` chooses target 3 and card love-6 (`'1 > 3'`, `'1 > love-6'`: one field).
 */
export type Act = PlainAction | string;

export function act(a: Act): Action {
  // The test's numbers and strings become seats and card ids here; the engine checks them.
  if (typeof a !== 'string') return a as Action;
  const [seatText, ...rest] = a.trim().split(/\s+/);
  const seat = seatOf(Number(seatText));
  if (rest[0] !== '>') return rest[1] === 'down' ? { seat, play: cardIdOf(rest[0]!), faceDown: true } : { seat, play: cardIdOf(rest[0]!) };
  const choose: { target?: Seat; card?: CardId } = {};
  for (const word of rest.slice(1)) {
    if (/^\d+$/.test(word)) choose.target = seatOf(Number(word));
    else choose.card = cardIdOf(word);
  }
  return { seat, choose };
}

/** Apply one action; a refusal fails the test with its code. */
export function step(s: GameState, a: Act): Applied {
  const action = act(a);
  const r = applyAction(s, action);
  if (!r.ok) throw new Error(`${JSON.stringify(action)} refused: ${r.error.code} (${r.error.message})`);
  return r.value;
}

/** Apply actions in order; a refusal fails the test with its code. */
export function play(s: GameState, ...actions: Act[]): GameState {
  for (const a of actions) s = step(s, a).state;
  return s;
}

const snapshot = (s: GameState) => {
  const { cardSet: _cardSet, ...rest } = s;
  return structuredClone(rest);
};

/** Expect `action` refused with `code`, leaving the state as it was. */
export function expectRefused(s: GameState, a: Act, code: RuleErrorCode): RuleError {
  const before = snapshot(s);
  const r = applyAction(s, act(a));
  expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  expect(snapshot(s)).toEqual(before);
  return (r as { error: RuleError }).error;
}

/** The legal actions of the seat to act now. */
export function legalNow(s: GameState): Action[] {
  return legalActions(s, currentDecider(s)!);
}

/** Actions in a canonical order, to compare sets of legal actions. */
export const sorted = (actions: readonly Act[]): string[] => actions.map((a) => JSON.stringify(act(a), ['seat', 'play', 'faceDown', 'choose', 'target', 'card'])).sort();

/** Play the first legal action until the round is scored; returns the state after it. */
export function finishRound(s: GameState): GameState {
  const round = s.round;
  for (let n = 0; !s.over && s.round === round; n++) {
    if (n > 500) throw new Error('the round does not end');
    s = step(s, legalNow(s)[0]!).state;
  }
  return s;
}

// ---- A six-player round in 21 actions --------------------------------------------------------
// Seat 0 holds a 9, the three 5s, the King and the Dragon, and must be the start player: it holds
// the theme card (Coronation's King, Conversation's Dragon, the Great Reform's wisdom-9), and the
// game's option themeCardOpens is off unless that theme is the 9.
// Meeting 1: seat 0 leads the 9 and wins. Meetings 2–4: it leads the three Halts. Meeting 5: it
// leads the King and wins. Meeting 6: it leads the Dragon: the meeting's cards are discarded.
// Its hand is then empty and the round ends: seats 1–5 played three "junk" cards, found here so
// that seat 0 wins and no ally of seats 1–5 moves (an 8 or the Fool may only discard or mask one
// of seat 0's own cards), and the three cards they `keep` join their allies.

export interface QuickRound {
  /**
   * Three cards for each of seats 1–5, kept in hand to the end: their allies at scoring. Junk is
   * played face down unless harmless, so a 7 or a 10 usually has to be kept by someone.
   */
  keep: string[][];
  /** The 9 seat 0 leads in meeting 1 (by default the first 9 that works). */
  nine?: 'power-9' | 'wisdom-9' | 'love-9';
  /** Junk a seat must play: pins[seat] = [meeting 1, meeting 5, meeting 6] (undefined: any). */
  pins?: Record<number, (string | undefined)[]>;
  /** Where a Demon played as junk goes (default seat 0). */
  demonTo?: number;
  /** Answers to decisions by source card; a card with an answer may be played face up anywhere. */
  answers?: Record<string, Extract<PlainAction, { choose: unknown }>['choose']>;
  /** Seat 0's allies: 'evil' (default) one to three Evil cards and no Angel, so it is excluded; 'clean' no Evil card. */
  sink?: 'evil' | 'clean' | 'any';
}

export interface QuickDeal {
  hands: string[][];
  /** Play the round from its start to its end (seat 0 must be the start player). */
  play(s: GameState): GameState;
}

const suitOf = (c: string) => def(c).suit;

/** A deterministic shuffle (attempt 0 keeps the order). */
function shuffled<T>(items: T[], seed: number): T[] {
  let x = seed;
  for (let i = items.length - 1; i > 0 && seed > 0; i--) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const j = (x >>> 8) % (i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
const strengthOf = (c: string) => def(c).strength ?? 0;

export function quickRound(q: QuickRound): QuickDeal {
  if (q.keep.length !== 5 || q.keep.some((k) => k.length !== 3)) throw new Error('keep three cards for each of seats 1–5');
  const nines = q.nine ? [q.nine] : (['power-9', 'wisdom-9', 'love-9'] as const).filter((n) => !q.keep.flat().includes(n));
  // Depth-first search from many shuffled starts, each with a small budget: dead ends are deep.
  for (let attempt = 0; attempt < 300; attempt++) {
    const found = quickRoundWith(q, nines[attempt % nines.length]!, attempt);
    if (found) return found;
  }
  throw new Error(`no junk found for the quick round keeping ${JSON.stringify(q.keep)}`);
}

function quickRoundWith(q: QuickRound, nine: string, attempt: number): QuickDeal | null {
  const sinkHand = [nine, 'power-5', 'wisdom-5', 'love-5', 'king', 'dragon'];
  const demonTo = q.demonTo ?? 0;
  const answers = q.answers ?? {};
  // Cards that disturb seat 0 (an 8 discards, the Fool masks one of its cards) are tried last.
  const pool = shuffled(
    CARDS.filter((c) => !sinkHand.includes(c) && !q.keep.flat().includes(c)),
    attempt,
  ).sort((a, b) => Number(strengthOf(a) === 8 || a === 'fool') - Number(strengthOf(b) === 8 || b === 'fool'));
  if (pool.length !== 15) throw new Error('kept cards repeat or include seat 0 cards');

  // May `seat` play `card` in meeting m (0: the 9 led, 1: King led, 2: Dragon led) under `lead`
  // without moving an ally of seats 1–5 or beating seat 0? Nobody has allies in meeting 1;
  // afterwards only seat 0 has (and the Demon's seat): 6s and 10s of the others do nothing.
  const allowed = (seat: number, m: number, card: string, lead: string | null, hand: string[]): boolean => {
    if (answers[card]) return true;
    const suit = suitOf(card);
    if (suit === 'wild') return ['angel', 'demon', 'fool'].includes(card) || (m === 0 && card === 'sage');
    if (lead !== null && suit !== lead) return !hand.some((c) => suitOf(c) === lead); // face down
    if (m === 0) return [1, 2, 4, 6, 8].includes(strengthOf(card)); // below the 9, no Reversal or Return
    return [1, 2, 3, 8, 9, ...(seat === demonTo ? [] : [6, 10])].includes(strengthOf(card));
  };
  const nextLead = (lead: string | null, card: string) => (lead === null && suitOf(card) !== 'wild' ? suitOf(card) : lead);
  const sinkOk = (j: string[][]): boolean => {
    const taken = [...sinkHand.slice(0, 5), ...j.flatMap(([a, b]) => [a!, b!])];
    if (demonTo === 0 && j.flat().includes('demon')) taken.push('demon');
    const evil = taken.filter((c) => def(c).evil).length;
    if (q.sink === 'clean') return evil === 0;
    return q.sink === 'any' || (evil > 0 && evil < 4 && !taken.includes('angel'));
  };

  const junk: string[][] = [];
  let nodes = 0;
  const search = (seat: number, free: string[], lead5: string | null, lead6: string | null): boolean => {
    if (seat === 6) return sinkOk(junk);
    const keep = q.keep[seat - 1]!;
    const pins = q.pins?.[seat] ?? [];
    const options = (i: number) => (pins[i] ? [pins[i]] : free);
    for (const a of options(0)) {
      if (!free.includes(a) || !allowed(seat, 0, a, suitOf(nine), [a, ...keep])) continue; // checked again below
      for (const b of options(1)) {
        for (const c of options(2)) {
          if (++nodes > 5_000) return false;
          if (b === a || c === a || c === b || !free.includes(b) || !free.includes(c)) continue;
          if (!allowed(seat, 0, a, suitOf(nine), [a, b, c, ...keep])) continue;
          if (!allowed(seat, 1, b, lead5, [b, c, ...keep])) continue;
          if (!allowed(seat, 2, c, lead6, [c, ...keep])) continue;
          junk[seat - 1] = [a, b, c];
          const rest = free.filter((x) => x !== a && x !== b && x !== c);
          if (search(seat + 1, rest, nextLead(lead5, b), nextLead(lead6, c))) return true;
        }
      }
    }
    return false;
  };
  if (!search(1, pool, null, null)) return null;
  const hands = [sinkHand, ...junk.map((j, i) => [...j, ...q.keep[i]!])];

  const ownCard = (s: GameState, unmasked: boolean) =>
    ['king', 'power-5', 'wisdom-5', 'love-5', nine].find((c) => s.allies[0]!.includes(cardIdOf(c)) && !(unmasked && s.masked.includes(cardIdOf(c))));
  const answer = (s: GameState): GameState => {
    while (s.pending) {
      const { seat, kind, source } = s.pending;
      const choice =
        answers[source] ??
        { demonChoice: { target: demonTo }, insight: { target: (seat + 1) % 6 }, discardAlly: { target: 0, card: ownCard(s, false) }, mask: { target: 0, card: ownCard(s, true) } }[
          kind as string
        ];
      if (!choice) throw new Error(`quick round: unexpected ${kind} decision of ${source}`);
      s = step(s, { seat, choose: choice }).state;
    }
    return s;
  };
  const playJunk = (s: GameState, seat: number, card: string): GameState => {
    const r = applyAction(s, act({ seat, play: card }));
    if (r.ok) return answer(r.value.state);
    if (r.error.code !== 'MUST_PLAY_FACE_DOWN') throw new Error(`quick round: ${seat} ${card}: ${r.error.code}`);
    return answer(step(s, { seat, play: card, faceDown: true }).state);
  };
  return {
    hands,
    play(s) {
      if (currentDecider(s) !== 0 || s.meeting.plays.length > 0 || s.meetingsPlayed > 0) throw new Error('quick round: seat 0 must open the round');
      const round = s.round;
      const winners: Seat[] = [];
      for (const [m, lead] of [nine, 'king', 'dragon'].entries()) {
        s = answer(step(s, { seat: 0, play: lead }).state);
        for (let seat = 1; seat < 6; seat++) s = playJunk(s, seat, junk[seat - 1]![m]!);
        if (m < 2) winners.push(s.lastMeeting!.winner);
        if (m === 0) s = play(s, '0 power-5', '0 wisdom-5', '0 love-5');
      }
      if (s.round === round && !s.over) throw new Error('quick round: the round did not end');
      if (winners[0] !== 0 || winners[1] !== 0) throw new Error(`quick round: seat 0 lost a meeting (${winners})`);
      return s;
    },
  };
}
