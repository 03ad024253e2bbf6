// The numbered rulings of docs/rules.md, one describe each, on stacked deals.
import { describe, expect, it } from 'vitest';
import {
  type CardId,
  DEFAULT_CARD_SET,
  type GameRecord,
  type GameState,
  type HistoryId,
  currentDecider,
  legalActions,
  newGame,
  recordOf,
  redactEvent,
  replay,
  recordedIntent,
  resolvePlace,
  viewFor,
} from '../../../src/shared/rules';
import { act, def, expectRefused, fillDeal, finishRound, legalNow, play, quickRound, sorted, stacked, step } from '../../kit/game/deal';
import { cardIdOf, seatOf } from '../../../src/shared/ids';

const themeOf = (h: HistoryId): CardId => DEFAULT_CARD_SET.historyById.get(h)!.theme;
const alliesOf = (s: GameState, seat: number): CardId[] => [...s.allies[seat]!].sort();
const fameGained = (s: GameState): number[] => s.lastRound!.seats.map((x) => x.fameGained);
/** Four players, seat 0 starts and may lead any card (the theme card need not open). */
const free4 = (hands: string[][]): GameState => stacked({ players: 4, start: 0, hands, options: { themeCardOpens: false } });
/** Options of the six-player quick rounds: seat 0 leads its 9 first, whatever the theme card. */
const QUICK = { themeCardOpens: false };

describe('ruling 1: play goes to the left, from seat s to seat s+1, wrapping', () => {
  it('the theme holder starts, turns pass 2 → 3 → 0 → 1, and the winner leads the next meeting', () => {
    let s = stacked({ players: 4, history: ['monster-attack'], hands: [['power-6'], ['power-2'], ['power-4'], ['power-8']] });
    expect(s.startSeat).toBe(2);
    expect(currentDecider(s)).toBe(2);
    for (const seat of [0, 1, 3]) expect(legalActions(s, seatOf(seat))).toEqual([]);
    expectRefused(s, '3 power-8', 'NOT_YOUR_TURN');
    s = play(s, '2 power-4');
    expect(currentDecider(s)).toBe(3);
    s = play(s, '3 power-8');
    expect(currentDecider(s)).toBe(0);
    expectRefused(s, '1 power-2', 'NOT_YOUR_TURN');
    s = play(s, '0 power-6');
    expect(currentDecider(s)).toBe(1);
    s = play(s, '1 power-2');
    expect(s.lastMeeting!.plays.map((p) => p.seat)).toEqual([2, 3, 0, 1]);
    expect(s.lastMeeting).toMatchObject({ leader: 2, winner: 3 });
    expect(currentDecider(s)).toBe(3);
    expect(viewFor(s, seatOf(0)).toAct).toEqual({ seat: 3, kind: 'play' });
  });
});

describe('ruling 2: follow the lead suit or play a Wild; otherwise face down', () => {
  // Seat 1 holds Power and a Wild, seat 2 holds no Power.
  const hands = [
    ['power-4', 'power-1', 'power-2', 'power-3', 'power-5', 'power-6', 'wisdom-1', 'wisdom-2', 'wisdom-3'],
    ['power-7', 'power-10', 'wisdom-4', 'love-8', 'sage', 'love-1', 'love-2', 'love-3', 'wisdom-5'],
    ['wisdom-6', 'wisdom-7', 'wisdom-8', 'love-4', 'love-5', 'love-6', 'fool', 'angel', 'wisdom-9'],
    ['power-8', 'power-9', 'wisdom-10', 'love-7', 'love-9', 'love-10', 'king', 'demon', 'dragon'],
  ];
  const led = () => play(stacked({ players: 4, history: ['monster-attack'], hands }), '0 power-4');

  it('a player holding the lead suit must follow it (MUST_FOLLOW_SUIT) or play a Wild, never face down', () => {
    const s = led();
    expect(s.meeting.leadSuit).toBe('power');
    expect(sorted(legalActions(s, seatOf(1)))).toEqual(sorted(['1 power-7', '1 power-10', '1 sage']));
    expectRefused(s, '1 wisdom-4', 'MUST_FOLLOW_SUIT');
    expectRefused(s, '1 love-8 down', 'MUST_FOLLOW_SUIT');
    expectRefused(s, '1 power-7 down', 'CANNOT_PLAY_FACE_DOWN');
    expectRefused(s, '1 sage down', 'CANNOT_PLAY_FACE_DOWN');
    const after = play(s, '1 sage'); // a Wild is always allowed, even holding the lead suit
    expect(after.meeting.plays[1]).toMatchObject({ seat: 1, card: 'sage', faceDown: false });
    expect(after.meeting.leadSuit).toBe('power');
  });

  it('a player without the lead suit plays a Wild face up or any other card face down (MUST_PLAY_FACE_DOWN, CANNOT_PLAY_FACE_DOWN)', () => {
    let s = play(led(), '1 power-10');
    const expected = hands[2]!.map((c) => (def(c).suit === 'wild' ? `2 ${c}` : `2 ${c} down`));
    expect(sorted(legalActions(s, seatOf(2)))).toEqual(sorted(expected)); // never forced to play a Wild
    expectRefused(s, '2 wisdom-6', 'MUST_PLAY_FACE_DOWN');
    expectRefused(s, '2 fool down', 'CANNOT_PLAY_FACE_DOWN');
    expectRefused(s, '2 angel down', 'CANNOT_PLAY_FACE_DOWN');
    s = play(s, '2 wisdom-9 down', '3 power-8');
    expect(s.lastMeeting!.plays.map((p) => p.faceDown)).toEqual([false, false, true, false]);
    expect(s.lastMeeting!.winner).toBe(1); // power-10 beats power-8
  });

  it('after a Wild lead any card may be played face up, and the first non-Wild card sets the suit', () => {
    let s = stacked({
      players: 4,
      history: ['the-coronation-of-a-king', 'monster-attack'],
      hands: [['king'], ['sage', 'power-7'], ['wisdom-6', 'love-4', 'power-1'], ['wisdom-10', 'power-8']],
    });
    s = play(s, '0 king');
    expect(s.meeting.leadSuit).toBeNull();
    expect(legalActions(s, seatOf(1))).toHaveLength(9);
    expect(legalActions(s, seatOf(1)).some((a) => 'faceDown' in a && a.faceDown)).toBe(false);
    expectRefused(s, '1 power-7 down', 'CANNOT_PLAY_FACE_DOWN');
    s = play(s, '1 sage'); // still only Wilds: no suit yet
    expect(viewFor(s, seatOf(2)).meeting.leadSuit).toBeNull();
    expect(legalActions(s, seatOf(2))).toHaveLength(9);
    s = play(s, '2 wisdom-6');
    expect(s.meeting.leadSuit).toBe('wisdom');
    expectRefused(s, '3 power-8', 'MUST_FOLLOW_SUIT');
    expectRefused(s, '3 power-8 down', 'MUST_FOLLOW_SUIT');
    s = play(s, '3 wisdom-10');
    expect(s.lastMeeting!.winner).toBe(0); // the King
  });
});

describe('ruling 3: face-down cards have no suit, strength or ability; the winner takes them face up', () => {
  const hands = [
    ['power-4', 'power-1', 'power-3', 'power-5', 'power-6', 'power-7', 'power-8', 'power-9', 'power-10'],
    ['love-5', 'love-4', 'wisdom-2', 'wisdom-3', 'wisdom-4', 'wisdom-5', 'wisdom-6', 'wisdom-7', 'wisdom-8'],
    ['love-3', 'love-10', 'love-1', 'love-2', 'love-6', 'love-7', 'love-8', 'love-9', 'wisdom-10'],
    ['power-2', 'wisdom-9', 'wisdom-1', 'king', 'demon', 'dragon', 'sage', 'fool', 'angel'],
  ];

  it('a face-down Halt does not halt and a face-down Reversal does not reverse', () => {
    let s = play(stacked({ players: 4, history: ['monster-attack'], hands }), '0 power-4', '1 love-5 down');
    expect(s.meeting.halted).toBe(false);
    expect(currentDecider(s)).toBe(2);
    s = play(s, '2 love-3 down', '3 power-2');
    expect(s.lastMeeting!.winner).toBe(0); // with a Reversal the 2 would win
    expect(alliesOf(s, 0)).toEqual(['love-3', 'love-5', 'power-2', 'power-4']);
    expect(s.masked).toEqual([]);
  });

  it('a face-down 4 steals nothing, a face-down 9 shows nothing, and face-down cards never win', () => {
    let s = play(stacked({ players: 4, history: ['monster-attack'], hands }), '0 power-4', '1 love-5 down', '2 love-3 down', '3 power-2');
    s = play(s, '0 power-1', '1 love-4 down'); // seat 0 has allies: a face-up 4 would ask to steal
    expect(s.pending).toBeNull();
    expect(currentDecider(s)).toBe(2);
    expect(viewFor(s, seatOf(2)).meeting.plays[1]!.card).toBeNull(); // hidden from the others
    expect(viewFor(s, 'spectator').meeting.plays[1]!.card).toBeNull();
    expect(viewFor(s, seatOf(1)).meeting.plays[1]!.card).toBe('love-4');
    s = play(s, '2 love-10 down', '3 wisdom-9 down');
    expect(s.pending).toBeNull();
    expect(s.insights.every((i) => i === null)).toBe(true);
    expect(s.lastMeeting!.winner).toBe(0); // power-1 is the only card with strength
    expect(viewFor(s, seatOf(2)).allies[0]).toEqual(expect.arrayContaining(['love-4', 'love-10', 'wisdom-9']));
    expect(s.masked).toEqual([]);
  });
});

describe('ruling 4: only face-up cards of the lead suit have strength; Wilds have none', () => {
  it('after a Wild lead the highest card of the suit set by the next player wins; an off-suit 10 face down loses', () => {
    const s = play(
      free4([['power-4', 'sage'], ['love-2'], ['love-8'], ['power-10', 'wisdom-1', 'wisdom-2', 'wisdom-3', 'wisdom-4', 'wisdom-5', 'wisdom-6', 'wisdom-7', 'wisdom-8']]),
      '0 sage',
      '1 love-2',
      '2 love-8',
      '3 power-10 down',
    );
    expect(s.lastMeeting!.winner).toBe(2);
  });

  it('Wilds played after a 2 do not beat it', () => {
    const s = play(free4([['power-4', 'power-2'], ['angel'], ['fool'], ['sage']]), '0 power-2', '1 angel', '2 fool', '3 sage');
    expect(s.lastMeeting!.winner).toBe(0);
    expect(alliesOf(s, 0)).toEqual(['angel', 'fool', 'power-2', 'sage']);
  });
});

describe('ruling 5: the King wins, else the highest strength (lowest under Reversal), else the lead player', () => {
  it('the highest strength of the lead suit wins without Reversal or King', () => {
    const s = play(free4([['power-4', 'power-6'], ['power-10'], ['power-1'], ['power-8']]), '0 power-6', '1 power-10', '2 power-1', '3 power-8');
    expect(s.lastMeeting!.winner).toBe(1);
  });

  it('the King wins whatever the strengths', () => {
    const s = play(free4([['power-4', 'power-10'], ['king'], ['power-8'], ['power-6']]), '0 power-10', '1 king', '2 power-8', '3 power-6');
    expect(s.lastMeeting!.winner).toBe(1);
    expect(alliesOf(s, 1)).toEqual(['king', 'power-10', 'power-6', 'power-8']);
  });

  it('under Reversal the lowest strength wins', () => {
    const s = play(free4([['power-4', 'power-3'], ['power-10'], ['power-1'], ['power-6']]), '0 power-3', '1 power-10', '2 power-1', '3 power-6');
    expect(s.lastMeeting!.winner).toBe(2);
  });

  it('the King overrides Reversal', () => {
    const s = play(free4([['power-4', 'power-3'], ['king'], ['power-1'], ['power-2']]), '0 power-3', '1 king', '2 power-1', '3 power-2');
    expect(s.lastMeeting!.winner).toBe(1);
  });

  it('three players, Sage + Fool + Angel: no card has strength, so the lead player wins', () => {
    let s = stacked({ players: 3, start: 1, hands: [['angel'], ['power-4', 'sage'], ['fool']], options: { themeCardOpens: false } });
    expect(s.startSeat).toBe(1);
    s = play(s, '1 sage', '2 fool', '0 angel');
    expect(s.lastMeeting).toMatchObject({ leader: 1, winner: 1 });
    expect(alliesOf(s, 1)).toEqual(['angel', 'fool', 'sage']);
    expect(currentDecider(s)).toBe(1);
  });
});

describe('ruling 6: end of meeting: the winner, then the Demon, then the Dragon or the winner takes the cards', () => {
  it('the Demon is placed when the meeting ends, then the Dragon discards the rest; the winner still leads', () => {
    let s = play(free4([['power-4', 'power-8'], ['demon'], ['dragon'], ['power-10']]), '0 power-8', '1 demon');
    expect(s.pending).toBeNull(); // nothing is asked when the Demon is played
    expect(currentDecider(s)).toBe(2);
    s = play(s, '2 dragon', '3 power-10');
    expect(s.pending).toMatchObject({ seat: 1, kind: 'demonChoice' });
    expect(s.lastMeeting).toBeNull(); // the meeting is not over before the choice
    expect(sorted(legalActions(s, seatOf(1)))).toEqual(sorted(['1 > 0', '1 > 1', '1 > 2', '1 > 3']));
    expect(legalActions(s, seatOf(3))).toEqual([]);
    expectRefused(s, '3 > 3', 'NOT_YOUR_TURN'); // the winner does not choose
    expectRefused(s, '1 > 4', 'ILLEGAL_CHOICE');
    s = play(s, '1 > 2');
    expect(s.lastMeeting).toMatchObject({ winner: 3, demonTo: 2, burned: true });
    expect(s.allies.map((a) => [...a])).toEqual([[], [], ['demon'], []]);
    expect(s.discard).toEqual(expect.arrayContaining(['power-8', 'dragon', 'power-10']));
    expect(currentDecider(s)).toBe(3);
  });

  it('without a Dragon the Demon goes where its player sends it (here: themself) and the winner takes the rest', () => {
    const s = play(free4([['power-4', 'power-8'], ['demon'], ['power-2'], ['power-10']]), '0 power-8', '1 demon', '2 power-2', '3 power-10', '1 > 1');
    expect(alliesOf(s, 1)).toEqual(['demon']);
    expect(alliesOf(s, 3)).toEqual(['power-10', 'power-2', 'power-8']);
    expect(currentDecider(s)).toBe(3);
  });
});

describe('ruling 7: an ability that can apply must; one that cannot does nothing; its player decides', () => {
  it('abilities with nothing to act on do nothing and ask nothing (Return led, Steal, Discard, Gift, Sage, Fool, Recall)', () => {
    let s = stacked({
      players: 6,
      start: 0,
      hands: [['wisdom-4', 'power-7'], ['power-4'], ['power-8'], ['power-10', 'power-1'], ['sage', 'power-6'], ['fool']],
      options: { themeCardOpens: false },
    });
    const seats = [1, 2, 3, 4, 5, 0];
    for (const [i, a] of ['0 power-7', '1 power-4', '2 power-8', '3 power-10', '4 sage', '5 fool'].entries()) {
      s = play(s, a);
      expect(s.pending).toBeNull();
      expect(currentDecider(s)).toBe(i < 5 ? seats[i] : 3); // the 10 won the meeting
    }
    expect(s.allies[3]).toHaveLength(6);
    s = play(s, '3 power-1', '4 power-6'); // seat 4 has no ally to recall (seat 3 has six)
    expect(s.pending).toBeNull();
    expect(currentDecider(s)).toBe(5);
  });

  it('the card’s player makes the choice, even a single possible one; nobody else can act meanwhile', () => {
    let s = play(
      free4([
        ['power-5', 'wisdom-2'],
        ['wisdom-4', 'wisdom-7'],
      ]),
      '0 power-5',
    ); // a Halt gives seat 0 one ally
    expectRefused(s, '0 > 1', 'NO_DECISION_PENDING');
    s = play(s, '0 wisdom-2', '1 wisdom-4');
    expect(s.pending).toMatchObject({ seat: 1, kind: 'steal', source: 'wisdom-4' });
    expect(currentDecider(s)).toBe(1);
    expect(legalActions(s, seatOf(1))).toEqual([act('1 > 0 power-5')]);
    for (const seat of [0, 2, 3]) expect(legalActions(s, seatOf(seat))).toEqual([]);
    expectRefused(s, '0 > 1 power-5', 'NOT_YOUR_TURN'); // the target does not choose
    expectRefused(s, '1 wisdom-7', 'DECISION_PENDING');
    expectRefused(s, '1 > 0 wisdom-2', 'ILLEGAL_CHOICE');
    s = play(s, '1 > 0 power-5');
    expect(s.pending).toBeNull();
    expect(alliesOf(s, 1)).toEqual(['power-5']);
    expect(s.allies[0]).toEqual([]);
    expect(currentDecider(s)).toBe(2);
  });
});

describe('ruling 8: Halt (5)', () => {
  it('a Halt led alone wins its meeting', () => {
    const s = play(free4([['power-4', 'power-5']]), '0 power-5');
    expect(s.lastMeeting).toMatchObject({ leader: 0, halted: true, winner: 0 });
    expect(s.lastMeeting!.plays.map((p) => p.card)).toEqual(['power-5']);
    expect(alliesOf(s, 0)).toEqual(['power-5']);
    expect(s.hands.map((h) => h.length)).toEqual([8, 9, 9, 9]);
    expect(currentDecider(s)).toBe(0);
  });

  it('a Halt ends the meeting at once: later players keep their cards, the winner is decided among the cards played', () => {
    const s = play(free4([['power-4', 'power-8'], ['power-5']]), '0 power-8', '1 power-5');
    expect(s.lastMeeting).toMatchObject({ halted: true, winner: 0 });
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 9, 9]);
    expect(alliesOf(s, 0)).toEqual(['power-5', 'power-8']);
    const won = play(free4([['power-4', 'power-2'], ['power-5']]), '0 power-2', '1 power-5');
    expect(won.lastMeeting!.winner).toBe(1); // the Halt itself counts
    const reversed = play(free4([['power-4', 'power-3'], ['power-5']]), '0 power-3', '1 power-5');
    expect(reversed.lastMeeting!.winner).toBe(0); // a Reversal played before still applies
  });
});

describe('ruling 9: end of round', () => {
  it('(a) the round ends when a hand is empty and (b) cards left in hand join their owner’s allies; the Angel’s holder discards its Evil allies', () => {
    const keep = [
      ['power-2', 'wisdom-10', 'love-10'],
      ['power-8', 'power-7', 'love-3'],
      ['angel', 'power-1', 'wisdom-1'],
      ['love-1', 'wisdom-8', 'wisdom-7'],
      ['love-9', 'love-8', 'wisdom-6'],
    ];
    const q = quickRound({ keep });
    let s = stacked({ players: 6, history: ['the-coronation-of-a-king', 'monster-attack'], hands: q.hands, options: QUICK });
    s = q.play(s);
    const r = s.lastRound!;
    expect(s.round).toBe(1);
    for (const seat of [1, 2, 4, 5]) expect(r.allies[seat]).toEqual([...keep[seat - 1]!].sort());
    expect(r.allies[3]).toEqual(['angel']); // power-1 and wisdom-1 discarded
    expect(r.purge).toEqual({ seat: 3, discarded: ['power-1', 'wisdom-1'], fromHand: ['power-1', 'wisdom-1'] });
    expect(r.allies.flat()).not.toContain('power-1');
    expect(r.allies.flat()).not.toContain('wisdom-1');
    expect(r.seats[3]).toMatchObject({ evil: 0, excluded: false });
    expect(r.seats[4]).toMatchObject({ evil: 1, excluded: true });
    expect(r.excluded).toEqual([0, 4]);
    expect(fameGained(s)).toEqual([0, 1, 0, 0, 0, 0]); // seat 1: power-2 counts three Power
  });

  it('(c) one seat holding all four Evil cards gains 2 and nobody else any, even under A Time of Darkness', () => {
    const q = quickRound({
      keep: [
        ['power-1', 'wisdom-1', 'love-1'],
        ['power-2', 'power-10', 'power-8'],
        ['love-10', 'love-8', 'wisdom-8'],
        ['love-7', 'love-6', 'wisdom-7'],
        ['love-3', 'wisdom-10', 'wisdom-6'],
      ],
      demonTo: 1,
      sink: 'any',
    });
    let s = stacked({
      players: 6,
      history: ['the-coronation-of-a-king', 'a-time-of-darkness', 'monster-attack'],
      hands: q.hands,
      options: { ...QUICK, twoHistoryCards: true },
    });
    expect(s.historyActive).toEqual(['the-coronation-of-a-king', 'a-time-of-darkness', 'monster-attack']);
    s = q.play(s);
    const r = s.lastRound!;
    expect(r.allies[1]).toEqual(['demon', 'love-1', 'power-1', 'wisdom-1']);
    expect(r.evilMonopoly).toBe(1);
    expect(fameGained(s)).toEqual([0, 2, 0, 0, 0, 0]); // seat 2 has the most Power, yet gains nothing
    expect(r.seats.every((x) => x.met.length === 0)).toBe(true);
    expect(s.fame).toEqual([0, 2, 0, 0, 0, 0]);
  });

  const evilKeep = [
    ['power-1', 'power-2', 'power-10'],
    ['power-8', 'power-7', 'love-3'],
    ['love-10', 'love-8', 'wisdom-8'],
    ['love-7', 'love-6', 'wisdom-7'],
    ['demon', 'wisdom-10', 'wisdom-6'],
  ];

  it('(d) a seat with an Evil ally is excluded: the most Power goes to the next seat', () => {
    const q = quickRound({ keep: evilKeep });
    const s = q.play(stacked({ players: 6, history: ['the-coronation-of-a-king', 'monster-attack'], hands: q.hands, options: QUICK }));
    const r = s.lastRound!;
    expect(r.seats[1]).toMatchObject({ power: 5, evil: 1, excluded: true });
    expect(r.excluded).toEqual([0, 1, 5]);
    expect(fameGained(s)).toEqual([0, 0, 1, 0, 0, 0]);
  });

  it('(d, e) under A Time of Darkness nobody is excluded, and each history card in play gives 1 Fame to each seat meeting it', () => {
    const q = quickRound({ keep: evilKeep, sink: 'clean' });
    const s = q.play(
      stacked({
        players: 6,
        history: ['the-coronation-of-a-king', 'a-time-of-darkness', 'the-scandal'],
        hands: q.hands,
        options: { ...QUICK, twoHistoryCards: true },
      }),
    );
    const r = s.lastRound!;
    expect(r.excluded).toEqual([]);
    // Seats 1 and 5 have one Evil ally each (a tie shares) and no Love ally (seat 0 has love-5).
    expect(r.seats[1]!.met).toEqual(['a-time-of-darkness', 'the-scandal']);
    expect(r.seats[5]!.met).toEqual(['a-time-of-darkness', 'the-scandal']);
    expect(fameGained(s)).toEqual([0, 2, 0, 0, 0, 2]);
  });

  it('(e) ties share the Fame of each history card', () => {
    const q = quickRound({
      keep: [
        ['power-10', 'power-8', 'power-7'],
        ['power-6', 'power-4', 'power-3'],
        ['love-10', 'love-8', 'wisdom-8'],
        ['love-7', 'love-6', 'wisdom-7'],
        ['love-3', 'wisdom-10', 'wisdom-6'],
      ],
    });
    const s = q.play(
      stacked({
        players: 6,
        history: ['the-coronation-of-a-king', 'monster-attack', 'the-scandal'],
        hands: q.hands,
        options: { ...QUICK, twoHistoryCards: true },
      }),
    );
    expect(s.lastRound!.seats[1]!.met).toEqual(['monster-attack', 'the-scandal']);
    expect(s.lastRound!.seats[2]!.met).toEqual(['monster-attack', 'the-scandal']);
    expect(fameGained(s)).toEqual([0, 2, 2, 0, 0, 0]);
  });
});

describe('ruling 10: five players burn one card, never a theme card, and get 7 cards each', () => {
  const withBurned = (burned: CardId, history: HistoryId[], twoHistoryCards = false) =>
    newGame({ players: 5, seed: 'burn', options: { twoHistoryCards }, rounds: [fillDeal(5, { history, burned })] });

  it('a stacked deal burning the theme card of a history card in play is RECORD_DEAL_INVALID', () => {
    const first = withBurned(cardIdOf('power-4'), ['monster-attack']);
    expect(first.ok ? 'accepted' : first.error.code).toBe('RECORD_DEAL_INVALID');
    const second = withBurned(cardIdOf('wisdom-9'), ['monster-attack', 'the-great-reform'], true);
    expect(second.ok ? 'accepted' : second.error.code).toBe('RECORD_DEAL_INVALID');
    const fine = withBurned(cardIdOf('power-4'), ['the-great-reform']);
    expect(fine.ok).toBe(true);
    const s = fine.ok ? fine.value.state : null;
    expect(s!.burned).toBe('power-4');
    expect(s!.discard).toEqual(['power-4']);
    expect(viewFor(s!, 'spectator')).toMatchObject({ burned: 'power-4', discardTop: 'power-4', handCounts: [7, 7, 7, 7, 7] });
  });

  it('a five-player deal burns a card; other deals burn none', () => {
    const r = newGame({ players: 5, seed: 'x', rounds: [fillDeal(5, { burned: null })] });
    expect(r.ok ? 'accepted' : r.error.code).toBe('RECORD_DEAL_INVALID');
    expect(stacked({ players: 4 })).toMatchObject({ burned: null, discard: [] });
  });

  it('in 200 seeded five-player games the burned card is never a theme card in play, and every hand holds 7', () => {
    for (let g = 0; g < 200; g++) {
      const r = newGame({ players: 5, seed: `five-${g}`, options: { twoHistoryCards: g % 2 === 1 } });
      expect(r.ok).toBe(true);
      const s = r.ok ? r.value.state : null!;
      const themes = s.historyActive.map(themeOf);
      expect(s.burned).not.toBeNull();
      expect(themes).not.toContain(s.burned);
      expect(s.hands.map((h) => h.length)).toEqual([7, 7, 7, 7, 7]);
      expect(new Set([...s.hands.flat(), s.burned]).size).toBe(36);
      expect(s.discard).toEqual([s.burned]);
      expect(s.hands[s.startSeat]).toContain(s.themeCard);
    }
  });
});

describe('ruling 11: the history deck and Conversation with a Dragon', () => {
  const round1 = quickRound({
    keep: [
      ['power-2', 'power-10', 'wisdom-10'],
      ['power-8', 'power-7', 'love-3'],
      ['love-10', 'love-8', 'wisdom-8'],
      ['love-7', 'love-6', 'wisdom-7'],
      ['love-9', 'wisdom-6', 'wisdom-4'],
    ],
  });
  const round2 = quickRound({
    keep: [
      ['love-10', 'love-8', 'wisdom-8'],
      ['power-8', 'power-7', 'power-6'],
      ['power-2', 'wisdom-10', 'love-3'],
      ['love-7', 'love-6', 'wisdom-7'],
      ['love-9', 'wisdom-6', 'wisdom-4'],
    ],
  });
  const game = (history2: HistoryId[]) =>
    stacked({
      players: 6,
      history: ['the-coronation-of-a-king', 'monster-attack'],
      hands: round1.hands,
      next: [{ history: history2, hands: round2.hands }],
      options: QUICK,
    });

  it('Conversation brings back the previous round’s cards and their conditions; the returning Coronation reveals nothing', () => {
    let s = round1.play(game(['conversation-with-a-dragon']));
    expect(s.lastRound!.seats[1]!.met).toEqual(['monster-attack']);
    expect(s.historyActive).toEqual(['conversation-with-a-dragon', 'the-coronation-of-a-king', 'monster-attack']);
    expect(s.deals[1]!.history).toEqual(['conversation-with-a-dragon']); // nothing more revealed
    expect(viewFor(s, 'spectator').history).toEqual(s.historyActive);
    expect(s.startSeat).toBe(0); // the Dragon's holder
    s = round2.play(s);
    expect(s.lastRound!.history).toEqual(['conversation-with-a-dragon', 'the-coronation-of-a-king', 'monster-attack']);
    expect(s.lastRound!.seats[2]!.met).toEqual(['monster-attack']);
    expect(s.lastRound!.seats[3]!.met).toEqual(['monster-attack']); // the Prince counts three
    expect(s.fame).toEqual([0, 1, 1, 1, 0, 0]);
  });

  it('a record revealing a card for the returning Coronation is RECORD_DEAL_INVALID', () => {
    expect(() => round1.play(game(['conversation-with-a-dragon', 'the-scandal']))).toThrow(/RECORD_DEAL_INVALID/);
  });

  it('a used history card is not in the deck before the deck runs out', () => {
    expect(() => round1.play(game(['monster-attack']))).toThrow(/RECORD_DEAL_INVALID/);
  });

  it('when the deck runs out the used history cards are shuffled into a new deck', () => {
    // A long seeded game with two history cards a round (seeded random play) must reveal more
    // than 12 cards; the deck count each round must match a model of draw / put back / refill.
    let found: GameState | null = null;
    const counts: number[] = [];
    for (let g = 0; g < 400 && !found; g++) {
      const r = newGame({ players: 6, seed: `long-${g}`, options: { twoHistoryCards: true, prolongedGame: true } });
      if (!r.ok) throw new Error(r.error.message);
      let s = r.value.state;
      counts.length = 0;
      counts.push(viewFor(s, 'spectator').historyDeckCount);
      let x = g + 1;
      while (!s.over && s.round < 7) {
        const legal = legalNow(s);
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        const round = s.round;
        s = play(s, legal[(x >>> 8) % legal.length]!);
        if (s.round !== round) counts.push(viewFor(s, 'spectator').historyDeckCount);
      }
      if (s.round >= 6) found = s;
    }
    expect(found).not.toBeNull();
    const s = found!;
    let deck = 12;
    let used = 0;
    let refills = 0;
    s.deals.forEach((deal, round) => {
      expect(new Set(deal.history).size).toBe(deal.history.length);
      let onTable = 0;
      for (const card of deal.history) {
        if (deck === 0) {
          deck = used;
          used = 0;
          refills++;
        }
        deck--;
        if (round === 0 && card === 'conversation-with-a-dragon')
          deck++; // put back
        else onTable++;
      }
      expect(counts[round]).toBe(deck);
      used += onTable;
    });
    expect(refills).toBeGreaterThan(0);
  });
});

describe('ruling 12: game end', () => {
  const powerKeep = [
    ['power-10', 'power-8', 'power-7'],
    ['power-6', 'power-4', 'power-3'],
    ['love-10', 'love-8', 'wisdom-8'],
    ['love-7', 'love-6', 'wisdom-7'],
    ['love-3', 'wisdom-10', 'wisdom-6'],
  ];
  const wisdomKeep = [
    ['wisdom-10', 'wisdom-8', 'wisdom-7'],
    ['wisdom-6', 'wisdom-4', 'wisdom-3'],
    ['love-10', 'love-8', 'power-8'],
    ['love-7', 'love-6', 'power-7'],
    ['love-3', 'power-10', 'power-6'],
  ];

  it('the game ends after the round in which a seat reaches 3 Fame; the most Fame wins', () => {
    const r1 = quickRound({ keep: [['power-1', 'wisdom-1', 'love-1'], ...powerKeep.slice(1)], demonTo: 1, sink: 'any' });
    const r2 = quickRound({
      keep: [
        ['power-2', 'power-10', 'power-8'],
        ['power-6', 'power-4', 'love-3'],
        ['love-10', 'love-8', 'wisdom-8'],
        ['love-7', 'love-6', 'wisdom-7'],
        ['wisdom-10', 'wisdom-6', 'wisdom-4'],
      ],
    });
    let s = stacked({
      players: 6,
      history: ['the-coronation-of-a-king', 'monster-attack'],
      hands: r1.hands,
      next: [{ history: ['conversation-with-a-dragon'], hands: r2.hands }],
      options: QUICK,
    });
    s = r1.play(s);
    expect(s.fame).toEqual([0, 2, 0, 0, 0, 0]); // the Evil monopoly
    expect(s.over).toBe(false);
    s = r2.play(s);
    expect(s.fame).toEqual([0, 3, 0, 0, 0, 0]);
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([1]);
    expect(currentDecider(s)).toBeNull();
    for (let seat = 0; seat < 6; seat++) expect(legalActions(s, seatOf(seat))).toEqual([]);
    expectRefused(s, '0 king', 'GAME_OVER');
    expect(viewFor(s, 'spectator')).toMatchObject({ over: true, winners: [1], toAct: null });
  });

  const tiedGame = (prolongedGame: boolean) => {
    const r12 = quickRound({ keep: powerKeep });
    const r3 = quickRound({ keep: wisdomKeep, nine: 'wisdom-9' });
    let s = stacked({
      players: 6,
      history: ['the-coronation-of-a-king', 'monster-attack'],
      hands: r12.hands,
      next: [
        { history: ['conversation-with-a-dragon'], hands: r12.hands },
        { history: ['the-great-reform'], hands: r3.hands },
      ],
      options: { ...QUICK, prolongedGame },
    });
    s = r12.play(s);
    s = r12.play(s);
    expect(s.fame).toEqual([0, 2, 2, 0, 0, 0]);
    return r3.play(s);
  };

  it('a tie for the most Fame is a shared win', () => {
    const s = tiedGame(false);
    expect(s.fame).toEqual([0, 3, 3, 0, 0, 0]);
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([1, 2]);
  });

  it('option "prolonged game": while the lead is tied, further rounds are played', () => {
    let s = tiedGame(true);
    expect(s.fame).toEqual([0, 3, 3, 0, 0, 0]);
    expect(s.over).toBe(false);
    expect(s.round).toBe(3);
    for (let rounds = 0; !s.over; rounds++) {
      expect(rounds).toBeLessThan(50);
      s = finishRound(s);
      const top = Math.max(...s.fame);
      const leaders = s.fame.flatMap((f, seat) => (f === top ? [seat] : []));
      expect(s.over).toBe(top >= 3 && leaders.length === 1);
      if (s.over) expect(s.winners).toEqual(leaders);
    }
  });
});

describe('ruling 13: option "two history cards"', () => {
  const game = (history: HistoryId[]) => stacked({ players: 4, history, hands: [[], ['power-4'], [], ['power-2']], options: { twoHistoryCards: true } });

  it('both cards are in play and the holder of the first one’s theme card starts with it', () => {
    const s = game(['the-revolt', 'monster-attack']);
    expect(s.historyActive).toEqual(['the-revolt', 'monster-attack']);
    expect(s).toMatchObject({ startSeat: 3, themeCard: 'power-2' });
    expect(legalActions(s, seatOf(3))).toEqual([act('3 power-2')]);
    expectRefused(s, `3 ${s.hands[3]!.find((c) => c !== 'power-2')}`, 'THEME_CARD_MUST_OPEN');
    expect(game(['monster-attack', 'the-revolt'])).toMatchObject({ startSeat: 1, themeCard: 'power-4' });
  });

  it('the cards in play are those revealed, then those a Conversation with a Dragon brings back', () => {
    const q = quickRound({
      nine: 'wisdom-9',
      keep: [
        ['power-2', 'wisdom-10', 'wisdom-8'],
        ['power-10', 'power-8', 'wisdom-7'],
        ['wisdom-6', 'wisdom-4', 'love-10'],
        ['love-8', 'love-7', 'love-6'],
        ['love-4', 'love-3', 'wisdom-3'],
      ],
    });
    const s = q.play(
      stacked({
        players: 6,
        history: ['the-great-reform', 'monster-attack'],
        hands: q.hands,
        next: [{ history: ['conversation-with-a-dragon', 'the-famine'], hands: q.hands }],
        options: { twoHistoryCards: true },
      }),
    );
    expect(s.round).toBe(1);
    expect(s.historyActive).toEqual(['conversation-with-a-dragon', 'the-famine', 'the-great-reform', 'monster-attack']);
    expect(viewFor(s, seatOf(0)).history).toEqual(s.historyActive);
  });

  it('a record revealing one card when two are due is RECORD_DEAL_INVALID', () => {
    const r = newGame({ players: 4, seed: 'x', options: { twoHistoryCards: true }, rounds: [fillDeal(4, { history: ['monster-attack'] })] });
    expect(r.ok ? 'accepted' : r.error.code).toBe('RECORD_DEAL_INVALID');
  });

  it('both conditions give Fame: a seat meeting both gains 2', () => {
    const q = quickRound({
      nine: 'wisdom-9',
      keep: [
        ['power-2', 'wisdom-10', 'wisdom-8'],
        ['power-10', 'power-8', 'wisdom-7'],
        ['wisdom-6', 'wisdom-4', 'love-10'],
        ['love-8', 'love-7', 'love-6'],
        ['love-4', 'love-3', 'wisdom-3'],
      ],
    });
    // The theme card wisdom-9 opens: the default option holds.
    const s = q.play(stacked({ players: 6, history: ['the-great-reform', 'monster-attack'], hands: q.hands, options: { twoHistoryCards: true } }));
    expect(s.lastRound!.seats[1]!.met).toEqual(['the-great-reform', 'monster-attack']);
    expect(s.lastRound!.seats[3]!.met).toEqual(['the-great-reform']);
    expect(fameGained(s)).toEqual([0, 2, 0, 1, 0, 0]);
  });
});

describe('ruling 14: Return (7) and face-down cards', () => {
  const noPower = ['wisdom-1', 'wisdom-2', 'wisdom-3', 'wisdom-4', 'wisdom-5', 'wisdom-6', 'wisdom-7', 'wisdom-8', 'wisdom-9'];
  const hands = [['power-4', 'power-2'], ['power-8'], noPower, ['power-7']];
  /** Seat 2 plays wisdom-3 face down; seat 3's Return must choose. */
  const atReturn = () => play(free4(hands), '0 power-2', '1 power-8', '2 wisdom-3 down', '3 power-7');

  it('the answer offered names the face-down card by its place, never by its identity', () => {
    const s = atReturn();
    expect(sorted(legalActions(s, seatOf(3)))).toEqual(sorted(['3 > power-2', '3 > power-8', '3 > wisdom-3'])); // the engine's (record) form
    const offered = viewFor(s, seatOf(3)).legalActions;
    expect(offered).toContainEqual({ seat: 3, choose: { place: 2 } });
    expect(offered).toContainEqual({ seat: 3, choose: { card: 'power-2' } });
    expect(JSON.stringify(offered)).not.toContain('wisdom-3');
    expect(JSON.stringify(viewFor(s, seatOf(3)))).not.toContain('wisdom-3');
    expect(resolvePlace(s, { seat: seatOf(3), choose: { place: seatOf(2) } })).toEqual(act('3 > wisdom-3'));
    expect(resolvePlace(s, { seat: seatOf(3), choose: { place: seatOf(1) } })).toEqual({ seat: 3, choose: { place: 1 } }); // face up: not by place
    expectRefused(s, { seat: 3, choose: { place: 1 } }, 'MALFORMED_ACTION');
    expectRefused(s, { seat: 3, choose: { place: 2 } }, 'MALFORMED_ACTION'); // the engine takes the record's form only
  });

  it('an answer is taken only as offered: a guessed id of the hidden card is refused as any impossible answer is', () => {
    const s = atReturn();
    const refusal = { ok: false, error: { code: 'ILLEGAL_CHOICE', message: 'not an answer to the return decision' } };
    const hiddenGuess = recordedIntent(s, { seat: seatOf(3), choose: { card: cardIdOf('wisdom-3') } });
    expect(hiddenGuess).toEqual(refusal);
    for (const choose of [{ card: 'wisdom-4' }, { card: 'nothing' }, { place: 1 }, { place: 3 }, { place: 2, card: 'wisdom-3' }, { target: 2 }, {}])
      expect(recordedIntent(s, act({ seat: 3, choose })), JSON.stringify(choose)).toEqual(hiddenGuess);
    expect(recordedIntent(s, { seat: seatOf(3), choose: { place: seatOf(2) } })).toEqual({ ok: true, value: act('3 > wisdom-3') });
    expect(recordedIntent(s, { seat: seatOf(3), choose: { card: cardIdOf('power-8') } })).toEqual({ ok: true, value: act('3 > power-8') });
    // Not the seat's decision: the engine says why (a place is no field of the record's form).
    expect(recordedIntent(s, { seat: seatOf(1), choose: { place: seatOf(2) } })).toEqual({ ok: true, value: { seat: 1, choose: {} } });
    expectRefused(s, { seat: 1, choose: {} }, 'NOT_YOUR_TURN');
  });

  it('the card goes back to its owner’s hand unseen by others, and the winner does not take it', () => {
    const applied = step(atReturn(), resolvePlace(atReturn(), { seat: seatOf(3), choose: { place: seatOf(2) } }));
    const s = applied.state;
    expect(s.hands[2]).toContain('wisdom-3');
    expect(viewFor(s, seatOf(2)).hand).toContain('wisdom-3');
    expect(s.lastMeeting).toMatchObject({ winner: 1 });
    expect(alliesOf(s, 1)).toEqual(['power-2', 'power-7', 'power-8']);
    for (const viewer of [seatOf(0), seatOf(1), seatOf(3), 'spectator'] as const) {
      const view = viewFor(s, viewer);
      expect(JSON.stringify(view), `view of ${viewer}`).not.toContain('wisdom-3');
      expect(view.lastMeeting!.plays[2]).toEqual({ seat: 2, card: null, faceDown: true, returned: true });
      for (const e of applied.events) expect(JSON.stringify(redactEvent(e, viewer)), `${e.type} for ${viewer}`).not.toContain('wisdom-3');
    }
    expect(viewFor(s, seatOf(2)).lastMeeting!.plays[2]).toEqual({ seat: 2, card: 'wisdom-3', faceDown: true, returned: true });
    const used = applied.events.find((e) => e.type === 'abilityUsed')!;
    expect(redactEvent(used, seatOf(3))).toMatchObject({ choice: {}, faceDownOwner: 2 });
    expect(redactEvent(used, seatOf(2))).toMatchObject({ choice: { card: 'wisdom-3' }, faceDownOwner: 2 });
  });

  it('the record names the card, and replaying it gives the same state', () => {
    const setup = { players: 4, seed: 'stacked', options: { themeCardOpens: false }, rounds: [fillDeal(4, { hands, history: ['monster-attack'] })] };
    const actions = ['0 power-2', '1 power-8', '2 wisdom-3 down', '3 power-7'].map(act);
    let s = play(newGameState(setup), ...actions);
    const answer = resolvePlace(s, { seat: seatOf(3), choose: { place: seatOf(2) } });
    s = play(s, answer);
    const record = recordOf(setup, s, [...actions, answer]);
    expect(record.actions.at(-1)).toEqual({ seat: 3, choose: { card: 'wisdom-3' } });
    const replayed = replay(JSON.parse(JSON.stringify(record)) as GameRecord, DEFAULT_CARD_SET);
    expect(replayed.ok && JSON.stringify({ ...replayed.value.state, cardSet: null })).toBe(JSON.stringify({ ...s, cardSet: null }));
  });
});

function newGameState(setup: Parameters<typeof newGame>[0]): GameState {
  const r = newGame(setup);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}
