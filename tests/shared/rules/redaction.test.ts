// The redaction of each event kind for every viewer (each seat and a spectator): what a
// viewer may know passes unchanged, what it may not see is removed and nothing else is.
import { describe, expect, it } from 'vitest';
import { type GameEvent, type MeetingSummary, type RoundScore, type Viewer, redactEvent } from '../../../src/shared/rules';
import { play, stacked, step } from '../../kit/game/deal';
import { cardIdOf, seatOf } from '../../../src/shared/ids';

const VIEWERS: readonly Viewer[] = [seatOf(0), seatOf(1), seatOf(2), seatOf(3), 'spectator'];
const HANDS = [
  ['power-4', 'love-2'],
  ['wisdom-9', 'king'],
  ['love-7', 'demon'],
  ['power-10', 'sage'],
].map((hand) => hand.map(cardIdOf));

const meeting = (plays: MeetingSummary['plays']): MeetingSummary => ({ leader: seatOf(0), plays, halted: false, winner: seatOf(1), demonTo: null, burned: false });
const score: RoundScore = {
  round: 0,
  history: ['monster-attack'],
  allies: [[cardIdOf('power-4')], [cardIdOf('love-2'), cardIdOf('wisdom-9')], [], [cardIdOf('demon')]],
  masked: [cardIdOf('wisdom-9')],
  excluded: [seatOf(3)],
  evilMonopoly: null,
  purge: null,
  counts: [[1, 0, 0, 0]],
  seats: HANDS.map((_, seat) => ({
    power: seat === 0 ? 1 : 0,
    wisdom: 0,
    love: 0,
    total: 1,
    evil: seat === 3 ? 1 : 0,
    masked: 0,
    excluded: seat === 3,
    met: seat === 0 ? ['monster-attack'] : [],
    fameGained: seat === 0 ? 1 : 0,
  })),
};

describe('redactEvent, kind by kind, for every viewer', () => {
  it('roundStarted and gameOver are public: unchanged for everyone', () => {
    const started: GameEvent = {
      type: 'roundStarted',
      round: 1,
      revealed: ['the-famine'],
      history: ['the-famine'],
      themeCard: cardIdOf('wisdom-3'),
      startSeat: seatOf(2),
      burned: null,
    };
    const over: GameEvent = { type: 'gameOver', winners: [seatOf(1), seatOf(3)] };
    for (const viewer of VIEWERS) {
      expect(redactEvent(started, viewer)).toEqual(started);
      expect(redactEvent(over, viewer)).toEqual(over);
    }
  });

  it('dealt: a seat learns its own hand and everyone the counts; a spectator no hand', () => {
    const dealt: GameEvent = { type: 'dealt', hands: HANDS };
    for (const viewer of VIEWERS) {
      const seen = redactEvent(dealt, viewer);
      expect(seen).toEqual({ type: 'dealt', hand: viewer === 'spectator' ? null : HANDS[viewer], handCounts: [2, 2, 2, 2] });
      const others = HANDS.filter((_, seat) => seat !== viewer).flat();
      for (const card of others) expect(JSON.stringify(seen)).not.toContain(`"${card}"`);
    }
  });

  it('cardPlayed face up is public; face down only its player learns the card', () => {
    const up: GameEvent = { type: 'cardPlayed', seat: seatOf(2), card: cardIdOf('love-7'), faceDown: false };
    const down: GameEvent = { type: 'cardPlayed', seat: seatOf(2), card: cardIdOf('power-4'), faceDown: true };
    for (const viewer of VIEWERS) {
      expect(redactEvent(up, viewer)).toEqual(up);
      expect(redactEvent(down, viewer)).toEqual(viewer === 2 ? down : { ...down, card: null });
    }
  });

  it('abilityUsed is public, except the card of a face-down play a Return chose (ruling 14): only its owner learns it', () => {
    const steal: GameEvent = { type: 'abilityUsed', seat: seatOf(1), source: cardIdOf('sage'), kind: 'steal', choice: { target: seatOf(2), card: cardIdOf('love-2') } };
    const insight: GameEvent = { type: 'abilityUsed', seat: seatOf(0), source: cardIdOf('love-9'), kind: 'insight', choice: { target: seatOf(3) } };
    const returnFaceUp: GameEvent = { type: 'abilityUsed', seat: seatOf(0), source: cardIdOf('love-7'), kind: 'return', choice: { card: cardIdOf('love-10') } };
    const returnFaceDown: GameEvent = {
      type: 'abilityUsed',
      seat: seatOf(0),
      source: cardIdOf('love-7'),
      kind: 'return',
      choice: { card: cardIdOf('power-8') },
      faceDownOwner: seatOf(3),
    };
    for (const viewer of VIEWERS) {
      expect(redactEvent(steal, viewer)).toEqual(steal);
      expect(redactEvent(insight, viewer)).toEqual(insight);
      expect(redactEvent(returnFaceUp, viewer)).toEqual(returnFaceUp);
      const seen = redactEvent(returnFaceDown, viewer);
      if (viewer === 3) expect(seen).toEqual(returnFaceDown);
      else {
        expect(seen).toEqual({ ...returnFaceDown, choice: {} });
        expect(JSON.stringify(seen)).not.toContain('power-8');
      }
    }
  });

  it('meetingEnded shows every card the winner took (face-down ones turn face up) but not a face-down card sent back', () => {
    const plays = [
      { seat: seatOf(0), card: cardIdOf('power-4'), faceDown: false, returned: false },
      { seat: seatOf(1), card: cardIdOf('love-2'), faceDown: true, returned: false },
      { seat: seatOf(2), card: cardIdOf('power-7'), faceDown: false, returned: false },
      { seat: seatOf(3), card: cardIdOf('wisdom-5'), faceDown: true, returned: true },
    ];
    const ended: GameEvent = { type: 'meetingEnded', meeting: meeting(plays), reason: 'highest' };
    for (const viewer of VIEWERS) {
      const seen = redactEvent(ended, viewer);
      if (seen.type !== 'meetingEnded') throw new Error('kind changed');
      expect(seen.reason).toBe('highest');
      expect(seen.meeting.winner).toBe(1);
      expect(seen.meeting.plays.slice(0, 3)).toEqual(plays.slice(0, 3));
      expect(seen.meeting.plays[3]).toEqual({ ...plays[3], card: viewer === 3 ? 'wisdom-5' : null });
    }
  });

  it('roundScored keeps the counts and drops the cards', () => {
    const scored: GameEvent = { type: 'roundScored', score, fame: [1, 0, 0, 0] };
    for (const viewer of VIEWERS) {
      const seen = redactEvent(scored, viewer);
      if (seen.type !== 'roundScored') throw new Error('kind changed');
      expect(seen.fame).toEqual([1, 0, 0, 0]);
      expect(seen.score.seats).toEqual(score.seats);
      expect(seen.score.counts).toEqual(score.counts);
      expect(seen.score.excluded).toEqual([3]);
      expect(seen.purged).toEqual([]);
      expect(JSON.stringify(seen)).not.toMatch(/"(power|love|wisdom)-\d+"|"demon"/);
    }
  });

  it("roundScored names the Angel's discards from the allies to everyone, and those from its holder's hand only to the holder", () => {
    const angel = { seat: seatOf(2), discarded: ['demon', 'power-1', 'wisdom-1'].map(cardIdOf), fromHand: ['power-1', 'wisdom-1'].map(cardIdOf) };
    const scored: GameEvent = { type: 'roundScored', score: { ...score, purge: angel }, fame: [1, 0, 0, 0] };
    for (const viewer of VIEWERS) {
      const seen = redactEvent(scored, viewer);
      if (seen.type !== 'roundScored') throw new Error('kind changed');
      expect(seen.score.purge).toEqual({ seat: 2, count: 3 });
      expect(seen.purged).toEqual(viewer === 2 ? angel.discarded : ['demon']);
      if (viewer !== 2) expect(JSON.stringify(seen)).not.toMatch(/"power-1"|"wisdom-1"/);
    }
  });
});

describe('meetingEnded names the reason of ruling 5', () => {
  const free4 = (hands: string[][]) => stacked({ players: 4, start: 0, hands, options: { themeCardOpens: false } });
  const reasonOf = (hands: string[][], ...actions: string[]) => {
    const s = play(free4(hands), ...actions.slice(0, -1));
    const ended = step(s, actions.at(-1)!).events.find((e) => e.type === 'meetingEnded');
    if (ended?.type !== 'meetingEnded') throw new Error('the meeting did not end');
    return { reason: ended.reason, winner: ended.meeting.winner };
  };

  it('the highest strength, the lowest under Reversal, the King, and the leader when no card has strength', () => {
    expect(reasonOf([['power-1'], ['power-2'], ['angel'], ['dragon']], '0 power-1', '1 power-2', '2 angel', '3 dragon')).toEqual({ reason: 'highest', winner: 1 });
    expect(reasonOf([['power-2'], ['power-3'], ['power-1'], ['angel']], '0 power-2', '1 power-3', '2 power-1', '3 angel')).toEqual({ reason: 'lowest', winner: 2 });
    expect(reasonOf([['power-2'], ['king'], ['power-1'], ['angel']], '0 power-2', '1 king', '2 power-1', '3 angel')).toEqual({ reason: 'king', winner: 1 });
    expect(reasonOf([['angel'], ['sage'], ['fool'], ['dragon']], '0 angel', '1 sage', '2 fool', '3 dragon')).toEqual({ reason: 'leader', winner: 0 });
  });
});
