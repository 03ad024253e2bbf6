// The rules facts a view carries so the screens decide nothing: why each card of the viewer's
// hand can't be played now (the engine's own refusal), and each seat's allies as the round's
// end counts them (ruling 9: a face-up 2 counts three, a masked ally one, with no suit, and no
// longer Evil).
import { describe, expect, it } from 'vitest';
import { BotRng } from '../../../src/shared/bots/prng';
import { type CardId, type GameState, allyStacks, applyAction, legalActions, viewFor } from '../../../src/shared/rules';
import { games } from '../../kit/soak';
import { play, stacked } from '../../kit/game/deal';
import { playout } from '../../kit/game/playout';
import { cardIdOf, seatOf } from '../../../src/shared/ids';

// Seat 0 leads; seat 1 holds Power and a Wild, seat 2 holds no Power (ruling 2's deal).
const hands = [
  ['power-4', 'power-7', 'power-2', 'power-3', 'power-5', 'power-6', 'wisdom-1', 'wisdom-2', 'wisdom-3'],
  ['power-1', 'power-10', 'wisdom-4', 'love-8', 'sage', 'love-1', 'love-2', 'love-3', 'wisdom-5'],
  ['wisdom-6', 'wisdom-7', 'wisdom-8', 'love-4', 'love-5', 'love-6', 'fool', 'angel', 'wisdom-9'],
  ['power-8', 'power-9', 'wisdom-10', 'love-7', 'love-9', 'love-10', 'king', 'demon', 'dragon'],
];
const everyCard = (hand: readonly CardId[], code: string) => Object.fromEntries(hand.map((c) => [c, code]));

describe('why a card of your hand cannot be played', () => {
  it('is "not your turn" for every card of a seat that does not act, and nothing for a spectator', () => {
    const s = stacked({ players: 4, start: 0, hands, options: { themeCardOpens: false } });
    expect(viewFor(s, seatOf(2)).unplayable).toEqual(everyCard(s.hands[2]!, 'NOT_YOUR_TURN'));
    expect(viewFor(s, seatOf(0)).unplayable).toEqual({}); // the leader may lead any card
    expect(viewFor(s, 'spectator').unplayable).toEqual({});
  });

  it('names the theme card that must open the round', () => {
    const s = stacked({ players: 4, history: ['monster-attack'], hands });
    const seat = s.startSeat;
    const unplayable = viewFor(s, seat).unplayable;
    expect(Object.keys(unplayable).sort()).toEqual(s.hands[seat]!.filter((c) => c !== s.themeCard).sort());
    expect(new Set(Object.values(unplayable))).toEqual(new Set(['THEME_CARD_MUST_OPEN']));
  });

  it('says "follow the lead suit" for the off-suit cards of a seat holding it, and lets a seat without it play them face down', () => {
    let s = stacked({ players: 4, start: 0, hands, options: { themeCardOpens: false } });
    s = play(s, '0 power-4');
    // Seat 1 holds Power: its Power cards and its Wild may be played, the others not.
    expect(viewFor(s, seatOf(1)).unplayable).toEqual(
      everyCard([cardIdOf('wisdom-4'), cardIdOf('love-8'), cardIdOf('love-1'), cardIdOf('love-2'), cardIdOf('love-3'), cardIdOf('wisdom-5')], 'MUST_FOLLOW_SUIT'),
    );
    s = play(s, '1 power-1');
    // Seat 2 holds no Power: every card may be played (off-suit ones face down).
    expect(viewFor(s, seatOf(2)).unplayable).toEqual({});
  });

  it('says "answer your decision first" while an ability waits for your answer', () => {
    const fool = [
      ['power-5', 'love-2', 'power-4', 'power-1', 'power-2', 'power-3', 'power-7', 'power-8', 'power-9'],
      ['love-10', 'fool', 'wisdom-1', 'wisdom-2', 'wisdom-3', 'wisdom-4', 'wisdom-5', 'love-3', 'love-5'],
      ['love-1', 'sage', 'power-6', 'wisdom-7', 'wisdom-8', 'wisdom-9', 'wisdom-10', 'love-7', 'love-8'],
      ['love-6', 'wisdom-6', 'power-10', 'love-4', 'love-9', 'king', 'demon', 'dragon', 'angel'],
    ];
    let s = stacked({ players: 4, start: 0, hands: fool, options: { themeCardOpens: false } });
    s = play(s, '0 power-5', '0 love-2', '1 love-10', '2 love-1', '3 love-6', '1 fool');
    expect(s.pending).toMatchObject({ seat: 1, kind: 'mask' });
    expect(viewFor(s, seatOf(1)).unplayable).toEqual(everyCard(s.hands[1]!, 'DECISION_PENDING'));
    expect(viewFor(s, seatOf(2)).unplayable).toEqual(everyCard(s.hands[2]!, 'NOT_YOUR_TURN'));
  });

  it('over random games: each card of a hand is either played by a legal action or refused with its code, never both', () => {
    const rng = new BotRng(0x5eed);
    const wrong: string[] = [];
    let checked = 0;
    for (let game = 0; game < games(40, 2); game++) {
      for (const { state: s } of playout({ players: 3 + (game % 4), seed: `why-not-${game}` }, rng)) {
        // The seat to act, and the one after it (every other seat waits alike).
        const decider = s.pending ? s.pending.seat : (s.meeting.leader + s.meeting.plays.length) % s.players;
        for (const seat of [decider, (decider + 1) % s.players]) {
          const { unplayable } = viewFor(s, seatOf(seat));
          const legal = new Set(legalActions(s, seatOf(seat)).flatMap((a) => ('play' in a ? [a.play] : [])));
          for (const card of s.hands[seat]!) {
            const code = unplayable[card];
            const faceUp = applyAction(s, { seat: seatOf(seat), play: card });
            const faceDown = applyAction(s, { seat: seatOf(seat), play: card, faceDown: true });
            const refused = !faceUp.ok && !faceDown.ok;
            const said = faceUp.ok ? null : faceUp.error.code;
            if ((code !== undefined) !== refused || (code !== undefined && code !== said) || legal.has(card) === refused) {
              wrong.push(`version ${s.version}, seat ${seat}, ${card}: view says ${code}, the engine ${said}`);
            }
            checked++;
          }
          if (Object.keys(unplayable).some((c) => !s.hands[seat]!.includes(cardIdOf(c)))) wrong.push(`version ${s.version}, seat ${seat}: a card not in the hand`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('ally stacks', () => {
  const base = stacked({ players: 4, start: 0, hands, options: { themeCardOpens: false } });
  const withAllies = (allies: CardId[][], masked: CardId[]): GameState => ({ ...base, allies, masked });

  it('count a 2 as three, mark a face-up Evil card, and keep masked allies apart, in suit order', () => {
    const s = withAllies(
      [[cardIdOf('love-1'), cardIdOf('power-7'), cardIdOf('wisdom-1'), cardIdOf('power-2'), cardIdOf('demon'), cardIdOf('sage')], [], [], []],
      [cardIdOf('love-1')],
    );
    expect(allyStacks(s, s.allies[0]!)).toEqual([
      { suit: 'power', cards: ['power-7', 'power-2'], counts: 4, evil: false },
      { suit: 'wisdom', cards: ['wisdom-1'], counts: 1, evil: true },
      { suit: 'wild', cards: ['demon', 'sage'], counts: 2, evil: true },
      { suit: 'masked', cards: ['love-1'], counts: 1, evil: false },
    ]);
  });

  it('count a masked 2 as one ally, and a masked Evil card as no longer Evil', () => {
    const s = withAllies([[cardIdOf('love-2'), cardIdOf('power-1')], [], [], []], [cardIdOf('love-2'), cardIdOf('power-1')]);
    expect(allyStacks(s, s.allies[0]!)).toEqual([{ suit: 'masked', cards: ['love-2', 'power-1'], counts: 2, evil: false }]);
  });

  it('are in every view, the same for every viewer', () => {
    const s = withAllies([[cardIdOf('power-2')], [], [cardIdOf('wisdom-1'), cardIdOf('love-2')], []], [cardIdOf('love-2')]);
    const stacks = [
      [{ suit: 'power', cards: ['power-2'], counts: 3, evil: false }],
      [],
      [
        { suit: 'wisdom', cards: ['wisdom-1'], counts: 1, evil: true },
        { suit: 'masked', cards: ['love-2'], counts: 1, evil: false },
      ],
      [],
    ];
    for (const viewer of [seatOf(0), seatOf(1), seatOf(2), seatOf(3), 'spectator'] as const) expect(viewFor(s, viewer).allyStacks).toEqual(stacks);
  });
});
