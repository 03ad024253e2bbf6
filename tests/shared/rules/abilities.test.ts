// Each character ability of docs/rules.md: the ten numbered abilities and the six Wilds.
// For abilities that ask, the legal actions of the card's player are exactly the answers, an
// answer not offered is ILLEGAL_CHOICE and changes nothing, and the chosen answer takes effect.
import { describe, expect, it } from 'vitest';
import data from '../../../src/shared/rules/card-set/default-set.json';
import { type CardId, DEFAULT_CARD_SET, type GameState, currentDecider, legalActions, loadCardSet, viewFor } from '../../../src/shared/rules';
import { expectRefused, finishRound, play, quickRound, sorted, stacked } from '../../kit/game/deal';
import { seatOf } from '../../../src/shared/ids';

const alliesOf = (s: GameState, seat: number): CardId[] => [...s.allies[seat]!].sort();
const fameGained = (s: GameState): number[] => s.lastRound!.seats.map((x) => x.fameGained);
/** Four players, seat 0 starts and may lead any card (the theme card need not open). */
const free4 = (hands: string[][]): GameState => stacked({ players: 4, start: 0, hands, options: { themeCardOpens: false } });
const QUICK = { themeCardOpens: false };
const quickGame = (hands: string[][], history: string[] = ['the-coronation-of-a-king', 'monster-attack']) => stacked({ players: 6, history, hands, options: QUICK });

/**
 * Allies on two seats: seat 0 leads a Halt (one ally), then love-2; seat 1 wins that meeting
 * with love-10 and leads the third meeting with allies love-2, love-10, love-1, love-6.
 */
function twoSeatsWithAllies(hands: string[][]): GameState {
  const s = free4([
    ['power-5', 'love-2', ...hands[0]!],
    ['love-10', ...hands[1]!],
    ['love-1', ...hands[2]!],
    ['love-6', ...hands[3]!],
  ]);
  return play(s, '0 power-5', '0 love-2', '1 love-10', '2 love-1', '3 love-6');
}

describe('ability 1: Evil (1s)', () => {
  it('Evil: no effect when played; the four Evil cards are the 1s and the Demon', () => {
    let s = play(free4([['power-4', 'power-5', 'power-1']]), '0 power-5');
    s = play(s, '0 power-1');
    expect(s.pending).toBeNull();
    expect(currentDecider(s)).toBe(1);
    expect(DEFAULT_CARD_SET.characters.filter((c) => c.evil).map((c) => c.id)).toEqual(['power-1', 'wisdom-1', 'love-1', 'demon']);
  });

  it('Evil: an Evil ally excludes its holder at the end of the round', () => {
    const q = quickRound({
      keep: [
        ['power-7', 'wisdom-10', 'wisdom-8'],
        ['love-1', 'power-10', 'power-8'],
        ['love-10', 'love-8', 'wisdom-7'],
        ['love-7', 'love-6', 'wisdom-6'],
        ['love-3', 'wisdom-4', 'wisdom-3'],
      ],
    });
    const s = q.play(quickGame(q.hands));
    expect(s.lastRound!.seats[2]).toMatchObject({ power: 2, evil: 1, excluded: true });
    expect(fameGained(s)).toEqual([0, 1, 0, 0, 0, 0]); // one Power ally is the most among the others
  });
});

describe('ability 2: counts as three (2s)', () => {
  it('counts as three: a 2 counts as three allies of its suit at the end of the round', () => {
    const q = quickRound({
      keep: [
        ['power-2', 'wisdom-10', 'love-10'],
        ['power-10', 'power-8', 'wisdom-8'],
        ['love-8', 'love-7', 'wisdom-7'],
        ['love-6', 'love-4', 'wisdom-6'],
        ['love-3', 'wisdom-4', 'wisdom-3'],
      ],
    });
    const s = q.play(
      stacked({
        players: 6,
        history: ['the-coronation-of-a-king', 'monster-attack', 'the-great-war'],
        hands: q.hands,
        options: { ...QUICK, twoHistoryCards: true },
      }),
    );
    expect(s.lastRound!.seats[1]).toMatchObject({ power: 3, wisdom: 1, love: 1, total: 5 });
    expect(s.lastRound!.seats[1]!.met).toEqual(['monster-attack', 'the-great-war']);
    expect(fameGained(s)).toEqual([0, 2, 0, 0, 0, 0]);
  });
});

describe('ability 3: Reversal (3s)', () => {
  it('Reversal: the lowest strength wins that meeting only', () => {
    let s = free4([
      ['power-4', 'power-8', 'love-6'],
      ['power-3', 'love-2'],
      ['power-10', 'love-10'],
      ['power-6', 'love-1'],
    ]);
    s = play(s, '0 power-8', '1 power-3', '2 power-10', '3 power-6');
    expect(s.lastMeeting!.winner).toBe(1); // the 3 itself is the lowest
    s = play(s, '1 love-2', '2 love-10', '3 love-1', '0 love-6');
    expect(s.lastMeeting!.winner).toBe(2); // the next meeting is back to the highest
  });
});

describe('ability 4: Steal (4s)', () => {
  // Seat 0 wins meeting 1 (power-10, power-1, power-2, power-6), seat 2 meeting 2; seat 2 leads the 4.
  const hands = [
    ['power-10', 'love-2', 'power-4', 'love-3', 'love-4', 'love-5', 'love-6', 'love-7', 'love-8'],
    ['power-1', 'wisdom-8', 'wisdom-2', 'wisdom-3', 'wisdom-5', 'wisdom-6', 'power-5', 'power-7', 'power-8'],
    ['power-2', 'love-10', 'wisdom-4', 'love-1', 'love-9', 'wisdom-7', 'wisdom-9', 'wisdom-10', 'king'],
    ['power-6', 'wisdom-1', 'power-9', 'power-3', 'demon', 'dragon', 'sage', 'fool', 'angel'],
  ];

  it('Steal: take one ally of your choice from an opponent of your choice', () => {
    let s = free4(hands);
    s = play(s, '0 power-10', '1 power-1', '2 power-2', '3 power-6');
    s = play(s, '0 love-2', '1 wisdom-8 down', '2 love-10', '3 wisdom-1 down');
    expect(alliesOf(s, 2)).toEqual(['love-10', 'love-2', 'wisdom-1', 'wisdom-8']);
    s = play(s, '2 wisdom-4');
    expect(s.pending).toMatchObject({ seat: 2, kind: 'steal', source: 'wisdom-4' });
    expect(sorted(legalActions(s, seatOf(2)))).toEqual(sorted(['2 > 0 power-10', '2 > 0 power-1', '2 > 0 power-2', '2 > 0 power-6']));
    expectRefused(s, '2 > 2 love-2', 'ILLEGAL_CHOICE'); // not an opponent
    expectRefused(s, '2 > 0 love-2', 'ILLEGAL_CHOICE'); // not that opponent's ally
    expectRefused(s, '2 > 0', 'ILLEGAL_CHOICE');
    s = play(s, '2 > 0 power-1');
    expect(alliesOf(s, 0)).toEqual(['power-10', 'power-2', 'power-6']);
    expect(alliesOf(s, 2)).toEqual(['love-10', 'love-2', 'power-1', 'wisdom-1', 'wisdom-8']);
    expect(currentDecider(s)).toBe(3);
  });
});

describe('ability 5: Halt (5s)', () => {
  it('Halt: the meeting ends at once; seats that have not played keep their cards', () => {
    let s = free4([['power-4', 'power-9'], ['power-5']]);
    const before = s.hands.map((h) => [...h]);
    s = play(s, '0 power-9', '0 > 1', '1 power-5'); // seat 0's Insight, then the Halt
    expect(s.lastMeeting).toMatchObject({ halted: true, winner: 0 });
    expect(s.hands[2]).toEqual(before[2]);
    expect(s.hands[3]).toEqual(before[3]);
    expect(currentDecider(s)).toBe(0);
    expect(legalActions(s, seatOf(2))).toEqual([]);
  });
});

describe('ability 6: Recall (6s)', () => {
  it('Recall: return one of your own allies to your hand, where it is an ordinary card', () => {
    let s = twoSeatsWithAllies([[], ['power-6', 'power-2'], [], []]);
    s = play(s, '1 power-6');
    expect(s.pending).toMatchObject({ seat: 1, kind: 'recall' });
    expect(sorted(legalActions(s, seatOf(1)))).toEqual(sorted(['1 > love-2', '1 > love-10', '1 > love-1', '1 > love-6']));
    expectRefused(s, '1 > power-5', 'ILLEGAL_CHOICE'); // seat 0's ally
    expectRefused(s, '1 > 0 love-2', 'ILLEGAL_CHOICE');
    s = play(s, '1 > love-10');
    expect(alliesOf(s, 1)).toEqual(['love-1', 'love-2', 'love-6']);
    expect(s.hands[1]).toContain('love-10');
    expect(viewFor(s, seatOf(1)).hand).toContain('love-10');
  });
});

describe('ability 7: Return (7s)', () => {
  const noPower = ['wisdom-1', 'wisdom-2', 'wisdom-3', 'wisdom-4', 'wisdom-5', 'wisdom-6', 'wisdom-7', 'wisdom-8', 'wisdom-9'];

  it('Return: any other card of the meeting can be returned, face down too (ruling 14); a returned King no longer wins', () => {
    let s = free4([['power-4', 'power-2'], ['king'], noPower, ['power-7']]);
    s = play(s, '0 power-2', '1 king', '2 wisdom-3 down', '3 power-7');
    expect(s.pending).toMatchObject({ seat: 3, kind: 'return' });
    expect(sorted(legalActions(s, seatOf(3)))).toEqual(sorted(['3 > power-2', '3 > king', '3 > wisdom-3']));
    expectRefused(s, '3 > power-7', 'ILLEGAL_CHOICE'); // itself
    s = play(s, '3 > king');
    expect(s.lastMeeting!.winner).toBe(3); // power-7 beats power-2 once the King is gone
    expect(s.lastMeeting!.plays[1]).toMatchObject({ card: 'king', returned: true });
    expect(alliesOf(s, 3)).toEqual(['power-2', 'power-7', 'wisdom-3']);
    expect(s.hands[1]).toContain('king');
  });

  it('Return: the lead suit stays as it was set when the lead card is returned', () => {
    let s = free4([['power-4', 'power-2'], ['power-7'], ['power-1', 'wisdom-5'], ['power-6']]);
    s = play(s, '0 power-2', '1 power-7', '1 > power-2');
    expect(s.meeting.leadSuit).toBe('power');
    expect(s.hands[0]).toContain('power-2');
    expectRefused(s, '2 wisdom-5', 'MUST_FOLLOW_SUIT');
    s = play(s, '2 power-1', '3 power-6');
    expect(s.lastMeeting!.winner).toBe(1);
    expect(alliesOf(s, 1)).toEqual(['power-1', 'power-6', 'power-7']); // the returned card is not taken
  });

  it('Return: a returned Reversal, Dragon or Demon has no end-of-meeting effect', () => {
    const reversal = play(free4([['power-4', 'power-3'], ['power-7'], ['power-1'], ['power-6']]), '0 power-3', '1 power-7', '1 > power-3', '2 power-1', '3 power-6');
    expect(reversal.lastMeeting!.winner).toBe(1); // highest, not lowest

    const dragon = play(free4([['power-4', 'power-2'], ['dragon'], ['power-7'], ['power-6']]), '0 power-2', '1 dragon', '2 power-7', '2 > dragon', '3 power-6');
    expect(dragon.lastMeeting).toMatchObject({ winner: 2, burned: false });
    expect(alliesOf(dragon, 2)).toEqual(['power-2', 'power-6', 'power-7']);
    expect(dragon.discard).toEqual([]);
    expect(dragon.hands[1]).toContain('dragon');

    const demon = play(free4([['power-4', 'power-2'], ['demon'], ['power-7'], ['power-6']]), '0 power-2', '1 demon', '2 power-7', '2 > demon', '3 power-6');
    expect(demon.pending).toBeNull(); // nobody is asked where the Demon goes
    expect(demon.lastMeeting).toMatchObject({ winner: 2, demonTo: null });
    expect(demon.hands[1]).toContain('demon');
    expect(demon.allies.flat()).not.toContain('demon');
  });
});

describe('ability 8: Discard (8s)', () => {
  it('Discard: discard one ally of your choice from an opponent of your choice', () => {
    let s = twoSeatsWithAllies([[], ['wisdom-2'], ['wisdom-8'], []]);
    s = play(s, '1 wisdom-2', '2 wisdom-8');
    expect(s.pending).toMatchObject({ seat: 2, kind: 'discardAlly' });
    expect(sorted(legalActions(s, seatOf(2)))).toEqual(sorted(['2 > 0 power-5', '2 > 1 love-2', '2 > 1 love-10', '2 > 1 love-1', '2 > 1 love-6']));
    expectRefused(s, '2 > 0 love-2', 'ILLEGAL_CHOICE');
    expectRefused(s, '2 > 3 love-2', 'ILLEGAL_CHOICE');
    s = play(s, '2 > 1 love-10');
    expect(alliesOf(s, 1)).toEqual(['love-1', 'love-2', 'love-6']);
    expect(viewFor(s, seatOf(3))).toMatchObject({ discardTop: 'love-10', discardCount: 1 });
  });
});

describe('ability 9: Insight (9s)', () => {
  it('Insight: only its player sees the chosen opponent’s hand as it was, until the end of the round', () => {
    let s = twoSeatsWithAllies([[], ['wisdom-9'], ['wisdom-8', 'wisdom-4'], []]);
    s = play(s, '1 wisdom-9');
    expect(s.pending).toMatchObject({ seat: 1, kind: 'insight' });
    expect(sorted(legalActions(s, seatOf(1)))).toEqual(sorted(['1 > 0', '1 > 2', '1 > 3']));
    expectRefused(s, '1 > 1', 'ILLEGAL_CHOICE');
    expectRefused(s, '1 > 5', 'ILLEGAL_CHOICE');
    const seen = [...s.hands[2]!];
    s = play(s, '1 > 2');
    expect(viewFor(s, seatOf(1)).insight).toEqual({ target: 2, cards: seen });
    for (const viewer of [seatOf(0), seatOf(2), seatOf(3), 'spectator'] as const) expect(viewFor(s, viewer).insight).toBeNull();
    s = play(s, '2 wisdom-8', '2 > 0 power-5');
    expect(viewFor(s, seatOf(1)).insight!.cards).toEqual(seen); // a snapshot: it still shows wisdom-8
    const round = s.round;
    s = finishRound(s);
    expect(s.round).toBe(round + 1);
    expect(viewFor(s, seatOf(1)).insight).toBeNull();
    expect(s.insights.every((i) => i === null)).toBe(true);
  });
});

describe('ability 10: Gift (10s)', () => {
  it('Gift: give one of your allies to an opponent of your choice', () => {
    let s = twoSeatsWithAllies([[], ['wisdom-10'], [], []]);
    s = play(s, '1 wisdom-10');
    expect(s.pending).toMatchObject({ seat: 1, kind: 'gift' });
    const expected = ['love-2', 'love-10', 'love-1', 'love-6'].flatMap((c) => [0, 2, 3].map((t) => `1 > ${t} ${c}`));
    expect(sorted(legalActions(s, seatOf(1)))).toEqual(sorted(expected));
    expectRefused(s, '1 > 1 love-2', 'ILLEGAL_CHOICE');
    expectRefused(s, '1 > 2 power-5', 'ILLEGAL_CHOICE'); // not one of your allies
    s = play(s, '1 > 3 love-1');
    expect(alliesOf(s, 1)).toEqual(['love-10', 'love-2', 'love-6']);
    expect(alliesOf(s, 3)).toEqual(['love-1']);
  });
});

describe('Wild: King', () => {
  it('King: its player wins the meeting whatever the strengths', () => {
    const s = play(free4([['power-4', 'power-10'], ['power-1'], ['power-8'], ['king']]), '0 power-10', '1 power-1', '2 power-8', '3 king');
    expect(s.lastMeeting!.winner).toBe(3);
    expect(alliesOf(s, 3)).toEqual(['king', 'power-1', 'power-10', 'power-8']);
    expect(currentDecider(s)).toBe(3);
  });
});

describe('Wild: Demon', () => {
  it('Demon: at the end of the meeting its player sends it to any seat; the other cards go to the winner', () => {
    let s = play(free4([['power-4', 'power-2'], ['demon'], ['power-10'], ['power-6']]), '0 power-2', '1 demon', '2 power-10', '3 power-6');
    expect(s.pending).toMatchObject({ seat: 1, kind: 'demonChoice', source: 'demon' });
    expect(sorted(legalActions(s, seatOf(1)))).toEqual(sorted(['1 > 0', '1 > 1', '1 > 2', '1 > 3']));
    expectRefused(s, '1 > 9', 'ILLEGAL_CHOICE');
    s = play(s, '1 > 0');
    expect(alliesOf(s, 0)).toEqual(['demon']);
    expect(alliesOf(s, 2)).toEqual(['power-10', 'power-2', 'power-6']);
    expect(currentDecider(s)).toBe(2);
  });
});

describe('Wild: Dragon', () => {
  it('Dragon: all the meeting’s cards are discarded; the winner is still decided and leads next', () => {
    const s = play(free4([['power-4', 'power-2'], ['dragon'], ['power-10'], ['power-6']]), '0 power-2', '1 dragon', '2 power-10', '3 power-6');
    expect(s.lastMeeting).toMatchObject({ winner: 2, burned: true });
    expect(s.allies.flat()).toEqual([]);
    expect([...s.discard].sort()).toEqual(['dragon', 'power-10', 'power-2', 'power-6']);
    expect(currentDecider(s)).toBe(2);
  });
});

describe('Wild: Sage', () => {
  it('Sage: steals as the 4s and has no strength', () => {
    let s = twoSeatsWithAllies([['power-1'], ['wisdom-2'], ['sage'], ['wisdom-6']]);
    s = play(s, '1 wisdom-2', '2 sage');
    expect(s.pending).toMatchObject({ seat: 2, kind: 'steal', source: 'sage' });
    expect(sorted(legalActions(s, seatOf(2)))).toEqual(sorted(['2 > 0 power-5', '2 > 1 love-2', '2 > 1 love-10', '2 > 1 love-1', '2 > 1 love-6']));
    expectRefused(s, '2 > 3 love-6', 'ILLEGAL_CHOICE');
    s = play(s, '2 > 0 power-5', '3 wisdom-6', '0 power-1 down');
    expect(alliesOf(s, 2)).toEqual(['power-5']);
    expect(s.lastMeeting!.winner).toBe(3); // wisdom-6 is the highest strength; the Sage has none
  });
});

describe('Wild: Fool', () => {
  // Seat 1 wins meeting 2 (allies love-2, love-10, love-1, love-6) and leads the Fool.
  const hands = [
    ['power-5', 'love-2', 'power-4', 'power-1', 'power-2', 'power-3', 'power-7', 'power-8', 'power-9'],
    ['love-10', 'fool', 'wisdom-1', 'wisdom-2', 'wisdom-3', 'wisdom-4', 'wisdom-5', 'love-3', 'love-5'],
    ['love-1', 'sage', 'power-6', 'wisdom-7', 'wisdom-8', 'wisdom-9', 'wisdom-10', 'love-7', 'love-8'],
    ['love-6', 'wisdom-6', 'power-10', 'love-4', 'love-9', 'king', 'demon', 'dragon', 'angel'],
  ];

  it('Fool: mask any ally of any player; the mask follows a stolen card and leaves a recalled one', () => {
    let s = play(free4(hands), '0 power-5', '0 love-2', '1 love-10', '2 love-1', '3 love-6', '1 fool');
    expect(s.pending).toMatchObject({ seat: 1, kind: 'mask' });
    expect(sorted(legalActions(s, seatOf(1)))).toEqual(
      sorted(['1 > 0 power-5', '1 > 1 love-2', '1 > 1 love-10', '1 > 1 love-1', '1 > 1 love-6']), // own allies too
    );
    expectRefused(s, '1 > 2 love-2', 'ILLEGAL_CHOICE');
    s = play(s, '1 > 1 love-2');
    expect(s.masked).toEqual(['love-2']);
    expect(viewFor(s, 'spectator').masked).toEqual(['love-2']);
    s = play(s, '2 sage', '2 > 1 love-2');
    expect(alliesOf(s, 2)).toEqual(['love-2']);
    expect(s.masked).toEqual(['love-2']); // still face down with its new owner
    s = play(s, '3 wisdom-6', '0 power-9 down');
    expect(s.lastMeeting!.winner).toBe(3);
    s = play(s, '3 power-10', '3 > 0 fool', '0 power-2', '1 wisdom-1 down', '2 power-6');
    expect(legalActions(s, seatOf(2))).toEqual([{ seat: 2, choose: { card: 'love-2' } }]);
    s = play(s, '2 > love-2');
    expect(s.masked).toEqual([]);
    expect(s.hands[2]).toContain('love-2');
  });

  it('Fool: an ally already masked cannot be chosen (checked with a card set whose Sage masks too)', () => {
    const file = structuredClone(data) as { characters: { id: string; effect: { kind: string } }[] };
    file.characters.find((c) => c.id === 'sage')!.effect = { kind: 'mask' };
    const twoFools = loadCardSet(file);
    if (!twoFools.ok) throw new Error(twoFools.error.message);
    let s = stacked({ players: 4, start: 0, hands, cardSet: twoFools.value, options: { themeCardOpens: false } });
    s = play(s, '0 power-5', '0 love-2', '1 love-10', '2 love-1', '3 love-6', '1 fool', '1 > 1 love-2', '2 sage');
    expect(s.pending).toMatchObject({ seat: 2, kind: 'mask', source: 'sage' });
    expect(sorted(legalActions(s, seatOf(2)))).toEqual(sorted(['2 > 0 power-5', '2 > 1 love-10', '2 > 1 love-1', '2 > 1 love-6']));
    expectRefused(s, '2 > 1 love-2', 'ILLEGAL_CHOICE');
  });

  it('Fool: a masked 2 counts as one ally with no suit', () => {
    const q = quickRound({
      keep: [
        ['wisdom-2', 'wisdom-10', 'love-10'],
        ['love-2', 'power-10', 'power-8'],
        ['love-8', 'love-7', 'wisdom-8'],
        ['love-6', 'love-4', 'wisdom-7'],
        ['love-3', 'wisdom-4', 'wisdom-3'],
      ],
      pins: { 1: ['power-2'], 2: [undefined, 'fool'] },
      answers: { fool: { target: 0, card: 'power-2' } },
      sink: 'any',
    });
    const s = q.play(quickGame(q.hands));
    const r = s.lastRound!;
    expect(r.masked).toEqual(['power-2']);
    const power = r.allies[0]!.filter((c) => c !== 'power-2' && c.startsWith('power-')).length;
    expect(r.seats[0]).toMatchObject({ masked: 1, power, total: r.allies[0]!.length });
  });

  it('Fool: a masked Evil card is not Evil', () => {
    const q = quickRound({
      keep: [
        ['wisdom-1', 'love-1', 'demon'],
        ['love-2', 'power-10', 'power-8'],
        ['love-8', 'love-7', 'wisdom-8'],
        ['love-6', 'love-4', 'wisdom-7'],
        ['love-3', 'wisdom-4', 'wisdom-3'],
      ],
      pins: { 2: ['power-1', 'fool'] },
      answers: { fool: { target: 0, card: 'power-1' } },
      sink: 'any',
    });
    const s = q.play(quickGame(q.hands));
    const r = s.lastRound!;
    expect(r.allies[0]).toContain('power-1');
    expect(r.masked).toEqual(['power-1']);
    expect(r.seats[0]).toMatchObject({ evil: 0, masked: 1, excluded: false });
    expect(r.excluded).toEqual([1]);
  });
});

describe('Wild: Angel', () => {
  it('Angel: no effect when played and no strength', () => {
    const s = play(free4([['power-4', 'power-5', 'angel'], ['power-2'], ['power-6'], ['power-10']]), '0 power-5', '0 angel');
    expect(s.pending).toBeNull();
    expect(currentDecider(s)).toBe(1);
    const done = play(s, '1 power-2', '2 power-6', '3 power-10');
    expect(done.lastMeeting!.winner).toBe(3);
  });

  it('Angel: its holder discards all their Evil allies at the end of the round (not while masked)', () => {
    const keep = [
      ['angel', 'power-1', 'wisdom-10'],
      ['love-2', 'power-10', 'power-8'],
      ['love-8', 'love-7', 'wisdom-8'],
      ['love-6', 'love-4', 'wisdom-7'],
      ['love-3', 'wisdom-4', 'wisdom-3'],
    ];
    const q = quickRound({ keep });
    const s = q.play(quickGame(q.hands));
    expect(s.lastRound!.allies[1]).toEqual(['angel', 'wisdom-10']);
    expect(s.lastRound!.seats[1]).toMatchObject({ evil: 0, excluded: false });

    // Seat 0 takes the Angel and an Evil card, and the Fool masks its Angel: no ability, no purge.
    const masked = quickRound({
      keep: [
        ['wisdom-1', 'love-1', 'demon'],
        ['love-2', 'power-10', 'power-8'],
        ['love-8', 'love-7', 'wisdom-8'],
        ['love-6', 'love-4', 'wisdom-7'],
        ['love-3', 'wisdom-4', 'wisdom-3'],
      ],
      pins: { 2: ['angel', 'fool'], 3: ['power-1'] },
      answers: { fool: { target: 0, card: 'angel' } },
      sink: 'any',
    });
    const t = masked.play(quickGame(masked.hands));
    expect(t.lastRound!.allies[0]).toEqual(expect.arrayContaining(['angel', 'power-1']));
    expect(t.lastRound!.seats[0]).toMatchObject({ evil: 1, excluded: true });
  });
});
