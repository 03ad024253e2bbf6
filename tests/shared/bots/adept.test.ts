// The Adept on hand-made tables: the plays a person who knows the game would make.
import { describe, expect, it } from 'vitest';
import { adeptAction } from '../../../src/shared/bots/adept';
import { botCards, goalsOf } from '../../../src/shared/bots/cards';
import type { Board, BoardPlay } from '../../../src/shared/bots/board';
import { type Action, type CardId, type DecisionKind, DEFAULT_CARD_SET, type HistoryId } from '../../../src/shared/rules';
import { cardIdOf, seatOf } from '../../../src/shared/ids';
import { type PlainAction, act } from '../../kit/game/deal';

const cards = botCards(DEFAULT_CARD_SET);

/** Seats and cards as plain numbers and strings; `table` makes them ids. */
interface Setup {
  history: HistoryId[];
  hand: string[];
  allies?: string[][];
  masked?: string[];
  plays?: BoardPlay[];
  leader?: number;
  fame?: number[];
  kind?: 'play' | DecisionKind;
  /** For a decision: its answers (seat 0 answers). */
  choices?: PlainAction[];
  handCounts?: number[];
}

/** Seat 0's table in a four-player game; its legal plays follow ruling 2. */
function table(plain: Setup): Board {
  const x = { ...plain, hand: plain.hand.map(cardIdOf), masked: plain.masked?.map(cardIdOf), choices: plain.choices?.map(act) };
  const allies = (plain.allies ?? [[], [], [], []]).map((a) => a.map(cardIdOf));
  const plays = x.plays ?? [];
  const seen = new Set<CardId>([...x.hand, ...allies.flat(), ...plays.flatMap((p) => (p.card ? [p.card] : []))]);
  const unseen = cards.all.filter((c) => !seen.has(c.id)).map((c) => c.id);
  let lead: number = -1;
  for (const p of plays) if (p.card && !p.faceDown && lead < 0 && cards.info(p.card).suit !== 3) lead = cards.info(p.card).suit;
  const kind = x.kind ?? 'play';
  let legal: Action[] = x.choices ?? [];
  if (kind === 'play') {
    const hasLead = lead >= 0 && x.hand.some((c) => cards.info(c).suit === lead);
    legal = x.hand.flatMap((c): Action[] => {
      const s = cards.info(c).suit;
      if (lead < 0 || s === 3 || s === lead) return [{ seat: seatOf(0), play: c }];
      return hasLead ? [] : [{ seat: seatOf(0), play: c, faceDown: true }];
    });
  }
  const n = Math.floor(unseen.length / 3);
  return {
    cards,
    goals: goalsOf(cards, x.history),
    me: seatOf(0),
    players: 4,
    hand: x.hand,
    handCounts: x.handCounts ?? [x.hand.length, n, n, n],
    allies,
    masked: x.masked ?? [],
    leader: seatOf(x.leader ?? (plays.length ? (4 - plays.length) % 4 : 0)),
    leadSuit: lead as Board['leadSuit'],
    plays,
    fame: x.fame ?? [0, 0, 0, 0],
    kind,
    legal,
    unseen,
    voids: [0, 0, 0, 0],
  };
}

const decide = (x: Setup) => adeptAction(table(x), null);
const targets = (kind: 'gift' | 'steal' | 'discardAlly' | 'mask', pairs: [number, string][]): PlainAction[] =>
  pairs.map(([target, card]) => ({ seat: 0, choose: { target, card } }));
const play = (seat: number, card: string | null, faceDown = false): BoardPlay => ({ seat: seatOf(seat), card: card === null ? null : cardIdOf(card), faceDown, returned: false });

describe('the Adept', () => {
  it('sends the Demon to an opponent, the leader in Fame first', () => {
    const a = decide({
      history: ['monster-attack'],
      hand: ['power-6', 'love-4'],
      kind: 'demonChoice',
      fame: [0, 1, 2, 0],
      plays: [play(3, 'power-3'), play(0, 'demon')],
      leader: 3,
      choices: [0, 1, 2, 3].map((target) => ({ seat: 0, choose: { target } })),
    });
    expect(a).toEqual({ seat: 0, choose: { target: 2 } });
  });

  it('keeps the Demon under A Time of Darkness (most Evil wins Fame, Evil excludes nobody)', () => {
    const a = decide({
      history: ['a-time-of-darkness'],
      hand: ['power-6'],
      allies: [['wisdom-1'], [], [], []],
      kind: 'demonChoice',
      plays: [play(3, 'power-3'), play(0, 'demon')],
      leader: 3,
      choices: [0, 1, 2, 3].map((target) => ({ seat: 0, choose: { target } })),
    });
    expect(a).toEqual({ seat: 0, choose: { target: 0 } });
  });

  it('takes the Demon itself to complete all four Evil cards (2 Fame, nobody else scores)', () => {
    const a = decide({
      history: ['monster-attack'],
      hand: ['love-6'],
      allies: [['power-1', 'wisdom-1', 'love-1'], ['power-10'], [], []],
      kind: 'demonChoice',
      plays: [play(3, 'power-3'), play(0, 'demon')],
      leader: 3,
      choices: [0, 1, 2, 3].map((target) => ({ seat: 0, choose: { target } })),
    });
    expect(a).toEqual({ seat: 0, choose: { target: 0 } });
  });

  it('gives an Evil ally away with a Gift', () => {
    const a = decide({
      history: ['monster-attack'],
      hand: ['wisdom-2'],
      allies: [['power-8', 'love-1', 'power-2'], ['wisdom-5'], [], []],
      kind: 'gift',
      choices: targets(
        'gift',
        [1, 2, 3].flatMap((t) => ['power-8', 'love-1', 'power-2'].map((c): [number, string] => [t, c])),
      ),
    });
    expect(a).toMatchObject({ choose: { card: 'love-1' } });
  });

  it('masks its own Evil ally with the Fool', () => {
    const mine = ['power-7', 'wisdom-1'];
    const theirs = ['power-2', 'love-9'];
    const a = decide({
      history: ['monster-attack'],
      hand: ['love-6'],
      allies: [mine, theirs, [], []],
      kind: 'mask',
      choices: targets('mask', [...mine.map((c): [number, string] => [0, c]), ...theirs.map((c): [number, string] => [1, c])]),
    });
    expect(a).toEqual({ seat: 0, choose: { target: 0, card: 'wisdom-1' } });
  });

  it('steals what the round rewards (a Prince when Power counts), never Evil', () => {
    const a = decide({
      history: ['monster-attack'],
      hand: ['love-6'],
      allies: [[], ['power-1', 'power-2', 'love-9'], ['power-7'], []],
      kind: 'steal',
      choices: targets('steal', [
        [1, 'power-1'],
        [1, 'power-2'],
        [1, 'love-9'],
        [2, 'power-7'],
      ]),
    });
    expect(a).toEqual({ seat: 0, choose: { target: 1, card: 'power-2' } });
  });

  it('discards the leader’s best ally for the round', () => {
    const a = decide({
      history: ['the-royal-wedding'],
      hand: ['power-6'],
      fame: [0, 0, 2, 0],
      allies: [[], ['love-5'], ['love-2', 'wisdom-9'], []],
      kind: 'discardAlly',
      choices: targets('discardAlly', [
        [1, 'love-5'],
        [2, 'love-2'],
        [2, 'wisdom-9'],
      ]),
    });
    expect(a).toEqual({ seat: 0, choose: { target: 2, card: 'love-2' } });
  });

  it('throws an Evil card face down when it cannot follow', () => {
    const a = decide({
      history: ['the-great-war'],
      hand: ['power-1', 'power-9', 'love-6'],
      plays: [play(2, 'wisdom-7'), play(3, 'wisdom-4')],
    });
    expect(a).toEqual({ seat: 0, play: 'power-1', faceDown: true });
  });

  it('does not win a meeting that holds an Evil card (plays a Reversal instead of the 9)', () => {
    const a = decide({
      history: ['the-revolt'],
      hand: ['wisdom-9', 'wisdom-3'],
      plays: [play(1, 'wisdom-1')],
    });
    expect(a).toEqual({ seat: 0, play: 'wisdom-3' });
  });

  it('halts a meeting it is winning when it holds what the round rewards', () => {
    const a = decide({
      history: ['monster-attack'],
      hand: ['power-5', 'power-4', 'love-8'],
      plays: [play(2, 'power-2'), play(3, 'power-3')],
    });
    expect(a).toEqual({ seat: 0, play: 'power-5' });
  });

  it('keeps the Angel while it has an Evil ally', () => {
    const a = decide({
      history: ['the-great-reform'],
      hand: ['angel', 'love-4', 'power-9'],
      allies: [['wisdom-1'], [], [], []],
      plays: [play(3, 'king')],
    });
    expect(a).not.toEqual({ seat: 0, play: 'angel' });
  });
});
