// The 12 history cards of docs/rules.md: each Fame condition, the special cards, and the theme
// card that opens the round and names its start player.
import { describe, expect, it } from 'vitest';
import { type CardId, DEFAULT_CARD_SET, type GameState, type HistoryId, legalActions, newGame, viewFor } from '../../../src/shared/rules';
import { act, expectRefused, fillDeal, quickRound, stacked } from '../../kit/game/deal';
import { seatOf } from '../../../src/shared/ids';

const fameGained = (s: GameState): number[] => s.lastRound!.seats.map((x) => x.fameGained);
/** Seats (1–5) that met history card `h` in the last round. */
const metBy = (s: GameState, h: HistoryId): number[] => s.lastRound!.seats.flatMap((x, seat) => (x.met.includes(h) ? [seat] : []));
const QUICK = { themeCardOpens: false };

// One six-player round (seat 0 takes most cards but holds an Evil ally, so it is excluded):
//   seat 1: power-2 power-10 wisdom-10   Power 4  Wisdom 1  Love 0  total 5  one 2
//   seat 2: wisdom-2 love-2 power-8      Power 1  Wisdom 3  Love 3  total 7  two 2s
//   seat 3: love-10 love-8 love-7        Power 0  Wisdom 0  Love 3  total 3
//   seat 4: wisdom-8 wisdom-7 power-7    Power 1  Wisdom 2  Love 0  total 3
//   seat 5: angel love-6 wisdom-6        Power 0  Wisdom 1  Love 1  total 3
const round = quickRound({
  keep: [
    ['power-2', 'power-10', 'wisdom-10'],
    ['wisdom-2', 'love-2', 'power-8'],
    ['love-10', 'love-8', 'love-7'],
    ['wisdom-8', 'wisdom-7', 'power-7'],
    ['angel', 'love-6', 'wisdom-6'],
  ],
});
/** The round above with the Coronation (whose King seat 0 holds) revealing `h`. */
const scored = (h: HistoryId): GameState => round.play(stacked({ players: 6, history: ['the-coronation-of-a-king', h], hands: round.hands, options: QUICK }));

describe('Fame conditions (ties share; seat 0 is excluded)', () => {
  // Each case's counts for seats 1–5 (seat 0's depend on the meetings it won).
  const cases: [HistoryId, string, number[], number[]][] = [
    ['monster-attack', 'most Power allies', [1], [4, 1, 0, 1, 0]],
    ['the-revolt', 'fewest Power allies', [3, 5], [4, 1, 0, 1, 0]],
    ['the-great-reform', 'most Wisdom allies', [2], [1, 3, 0, 2, 1]],
    ['the-witch-hunt', 'fewest Wisdom allies', [3], [1, 3, 0, 2, 1]],
    ['the-royal-wedding', 'most Love allies', [2, 3], [0, 3, 3, 0, 1]],
    ['the-scandal', 'fewest Love allies', [1, 4], [0, 3, 3, 0, 1]],
    ['the-great-war', 'most allies in total', [2], [5, 7, 3, 3, 3]],
    ['the-famine', 'fewest allies in total', [3, 4, 5], [5, 7, 3, 3, 3]],
    ['the-succession', 'most of Prince, Queen and Princess', [2], [1, 2, 0, 0, 0]],
  ];
  for (const [h, condition, winners, counts] of cases) {
    it(`${h}: ${condition}`, () => {
      const s = scored(h);
      expect(s.lastRound!.history).toEqual(['the-coronation-of-a-king', h]);
      expect(s.lastRound!.excluded).toEqual([0]);
      expect(metBy(s, h)).toEqual(winners);
      expect(fameGained(s)).toEqual([0, 1, 2, 3, 4, 5].map((seat) => (winners.includes(seat) ? 1 : 0)));
      // What each card counted, seat by seat, is told with the score (the Coronation counts nothing).
      expect(s.lastRound!.counts[0]).toEqual([0, 0, 0, 0, 0, 0]);
      expect(s.lastRound!.counts[1]!.slice(1)).toEqual(counts);
      expect(viewFor(s, seatOf(3)).lastRound!.counts).toEqual(s.lastRound!.counts);
    });
  }

  it('the-succession: "most" needs at least one, so nobody gains without a 2', () => {
    const q = quickRound({
      keep: [
        ['power-10', 'power-8', 'wisdom-10'],
        ['wisdom-8', 'love-8', 'power-7'],
        ['love-10', 'love-7', 'love-6'],
        ['wisdom-7', 'wisdom-6', 'power-6'],
        ['angel', 'love-4', 'wisdom-4'],
      ],
    });
    const s = q.play(stacked({ players: 6, history: ['the-coronation-of-a-king', 'the-succession'], hands: q.hands, options: QUICK }));
    expect(
      s
        .lastRound!.allies.slice(1)
        .flat()
        .filter((c) => c.endsWith('-2')),
    ).toEqual([]);
    expect(fameGained(s)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('A Time of Darkness', () => {
  it('a-time-of-darkness: nobody is excluded for Evil allies, and the most Evil allies gain Fame', () => {
    const q = quickRound({
      keep: [
        ['power-1', 'wisdom-1', 'power-10'],
        ['love-1', 'love-10', 'wisdom-10'],
        ['demon', 'love-8', 'wisdom-8'],
        ['love-7', 'power-7', 'wisdom-7'],
        ['love-3', 'wisdom-3', 'power-3'],
      ],
      sink: 'clean',
    });
    const s = q.play(stacked({ players: 6, history: ['the-coronation-of-a-king', 'a-time-of-darkness'], hands: q.hands, options: QUICK }));
    const r = s.lastRound!;
    expect(r.seats.map((x) => x.evil)).toEqual([0, 2, 1, 1, 0, 0]);
    expect(r.excluded).toEqual([]);
    expect(r.seats.every((x) => !x.excluded)).toBe(true);
    expect(metBy(s, 'a-time-of-darkness')).toEqual([1]);
    expect(fameGained(s)).toEqual([0, 1, 0, 0, 0, 0]);
  });
});

describe('Conversation with a Dragon', () => {
  it('conversation-with-a-dragon: revealed in round 1 it is put back and another card is revealed', () => {
    const s = stacked({ players: 4, history: ['conversation-with-a-dragon', 'the-scandal'], hands: [[], ['love-7']] });
    expect(s.deals[0]!.history).toEqual(['conversation-with-a-dragon', 'the-scandal']);
    expect(s.historyActive).toEqual(['the-scandal']);
    expect(s).toMatchObject({ themeCard: 'love-7', startSeat: 1 });
    expect(viewFor(s, 'spectator').historyDeckCount).toBe(11); // back in the deck
    const viaCoronation = stacked({ players: 4, history: ['the-coronation-of-a-king', 'conversation-with-a-dragon', 'the-famine'] });
    expect(viaCoronation.historyActive).toEqual(['the-coronation-of-a-king', 'the-famine']);
    for (let g = 0; g < 100; g++) {
      const r = newGame({ players: 4, seed: `first-${g}`, options: { twoHistoryCards: g % 2 === 1 } });
      expect(r.ok && r.value.state.historyActive.includes('conversation-with-a-dragon')).toBe(false);
    }
  });

  it('conversation-with-a-dragon: in round 2 the previous round’s card is in play again, with its condition', () => {
    const keep = [
      ['wisdom-10', 'wisdom-8', 'power-10'],
      ['wisdom-7', 'love-10', 'love-8'],
      ['wisdom-6', 'wisdom-4', 'wisdom-2'],
      ['love-7', 'love-6', 'power-8'],
      ['love-4', 'love-3', 'power-7'],
    ];
    const r1 = quickRound({ keep, nine: 'wisdom-9' });
    let s = stacked({
      players: 6,
      history: ['the-great-reform'],
      hands: r1.hands,
      next: [{ history: ['conversation-with-a-dragon'], hands: r1.hands }],
      options: QUICK,
    });
    s = r1.play(s);
    expect(metBy(s, 'the-great-reform')).toEqual([3]); // the Queen counts three
    expect(s.historyActive).toEqual(['conversation-with-a-dragon', 'the-great-reform']);
    expect(s).toMatchObject({ themeCard: 'dragon', startSeat: 0 });
    s = r1.play(s);
    expect(s.lastRound!.history).toEqual(['conversation-with-a-dragon', 'the-great-reform']);
    expect(metBy(s, 'the-great-reform')).toEqual([3]);
    expect(metBy(s, 'conversation-with-a-dragon')).toEqual([]); // no condition of its own
    expect(s.fame).toEqual([0, 0, 0, 2, 0, 0]);
  });
});

describe('The Coronation of a King', () => {
  it('the-coronation-of-a-king: its King opens, and the card it reveals is in play too', () => {
    const s = stacked({ players: 4, history: ['the-coronation-of-a-king', 'the-famine'], hands: [[], [], ['king'], ['wisdom-3']] });
    expect(s.historyActive).toEqual(['the-coronation-of-a-king', 'the-famine']);
    expect(s).toMatchObject({ themeCard: 'king', startSeat: 2 });
    expect(legalActions(s, seatOf(2))).toEqual([act('2 king')]);
    const one = newGame({ players: 4, seed: 'x', rounds: [fillDeal(4, { history: ['the-coronation-of-a-king'] })] });
    expect(one.ok ? 'accepted' : one.error.code).toBe('RECORD_DEAL_INVALID'); // it must reveal another
    const r = scored('the-famine');
    expect(metBy(r, 'the-famine')).toEqual([3, 4, 5]);
    expect(metBy(r, 'the-coronation-of-a-king')).toEqual([]); // no condition of its own
  });
});

describe('theme card: its holder starts the round and must open with it', () => {
  const cards = DEFAULT_CARD_SET.history.filter((h) => h.id !== 'conversation-with-a-dragon');
  cards.forEach((h, i) => {
    const seat = i % 4;
    const history = h.id === 'the-coronation-of-a-king' ? [h.id, 'the-scandal'] : [h.id];
    const game = (themeCardOpens: boolean) => {
      const hands: CardId[][] = [[], [], [], []];
      hands[seat] = [h.theme];
      return stacked({ players: 4, history, hands, options: { themeCardOpens } });
    };

    it(`${h.id}: the holder of ${h.theme} starts and opens with it`, () => {
      const s = game(true);
      expect(s).toMatchObject({ startSeat: seat, themeCard: h.theme });
      expect(viewFor(s, seatOf(seat))).toMatchObject({ startSeat: seat, themeCard: h.theme, toAct: { seat, kind: 'play' } });
      expect(legalActions(s, seatOf(seat))).toEqual([act(`${seat} ${h.theme}`)]);
      expectRefused(s, `${seat} ${s.hands[seat]![1]}`, 'THEME_CARD_MUST_OPEN');
      const off = game(false);
      expect(off.startSeat).toBe(seat);
      expect(legalActions(off, seatOf(seat))).toHaveLength(9);
    });
  });
});
