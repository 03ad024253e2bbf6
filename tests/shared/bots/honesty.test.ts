// Bots are honest: they decide from their seat's view and nothing else.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type Bot, type BotLevel, createBot } from '../../../src/shared/bots/index';
import { type PlayerView, type RoundDeal, applyAction, currentDecider, legalActions, newGame, resolvePlace, viewFor } from '../../../src/shared/rules';
import { randomGame } from '../../kit/game/playout';
import { seatOf } from '../../../src/shared/ids';

/** Every field of a PlayerView: the compiler fails here when the view gains or loses one. */
const VIEW_FIELDS: Record<keyof PlayerView, true> = {
  viewer: true,
  version: true,
  players: true,
  options: true,
  cardSetId: true,
  round: true,
  history: true,
  themeCard: true,
  startSeat: true,
  historyDeckCount: true,
  burned: true,
  hand: true,
  handCounts: true,
  allies: true,
  masked: true,
  allyStacks: true,
  discardTop: true,
  discardCount: true,
  meeting: true,
  roundBegun: true,
  themeCardMustOpen: true,
  toAct: true,
  legalActions: true,
  unplayable: true,
  insight: true,
  fame: true,
  lastMeeting: true,
  lastRound: true,
  over: true,
  winners: true,
};

/** The view, deep-frozen, behind a proxy that throws on any field a PlayerView does not have. */
function guarded(view: PlayerView, touched: Set<string>): PlayerView {
  const freeze = (o: unknown): void => {
    if (o && typeof o === 'object' && !Object.isFrozen(o)) {
      Object.freeze(o);
      for (const v of Object.values(o)) freeze(v);
    }
  };
  const copy = structuredClone(view);
  freeze(copy);
  return new Proxy(copy, {
    get(target, prop, receiver) {
      if (typeof prop === 'string') {
        if (!(prop in VIEW_FIELDS)) throw new Error(`a bot reached for "${prop}", which is not in its view`);
        touched.add(prop);
      }
      return Reflect.get(target, prop, receiver);
    },
    has(target, prop) {
      if (typeof prop === 'string' && !(prop in VIEW_FIELDS)) throw new Error(`a bot asked for "${prop}", which is not in its view`);
      return Reflect.has(target, prop);
    },
  });
}

describe('bots only ever receive a view', () => {
  it('the bot API takes a PlayerView, nothing else', () => {
    expectTypeOf<Parameters<Bot['decide']>[0]>().toEqualTypeOf<PlayerView>();
    expectTypeOf<Parameters<Bot['observe']>[0]>().toEqualTypeOf<PlayerView>();
  });

  it.each(['novice', 'adept', 'master'] as BotLevel[])('%s reads only view fields, and never writes to the view', (level) => {
    const touched = new Set<string>();
    let decisions = 0;
    for (let g = 0; g < (level === 'master' ? 2 : 10); g++) {
      const players = 3 + (g % 4);
      const bots = Array.from({ length: players }, (_, s) => createBot(level, { seed: s, budget: { playouts: 10 } }));
      let step = 0;
      for (const s of randomGame(players, `guard-${level}-${g}`)) {
        if (s.over || (level === 'master' && s.round > 0)) break;
        const seat = currentDecider(s)!;
        for (let o = 0; o < players; o++) if (o !== seat && step % 3 === 0) bots[o]!.observe(guarded(viewFor(s, seatOf(o)), touched));
        const action = bots[seat]!.decide(guarded(viewFor(s, seat), touched));
        // A face-down card is answered by its place, as the host resolves it (ruling 14).
        expect(legalActions(s, seat)).toContainEqual(resolvePlace(s, action));
        decisions++;
        step++;
      }
    }
    expect(decisions).toBeGreaterThan(50);
    expect(touched.has('legalActions')).toBe(true);
  });

  it('the Master decides the same whatever the hidden cards are (two deals, one view)', () => {
    // Seat 0 holds the same cards in both deals; seats 1 and 2 swap one card. Seat 0's view is
    // identical, so its search, sampled from that view, must be identical too.
    const base = newGame({ players: 4, seed: 'honest', options: { themeCardOpens: false } });
    if (!base.ok) throw new Error(base.error.message);
    const deal = base.value.state.deals[0]!;
    const theme = base.value.state.themeCard;
    const hands = deal.hands.map((h) => h.slice());
    // Give seat 0 the theme card so that it decides first, with a real choice.
    const holder = hands.findIndex((h) => h.includes(theme));
    if (holder !== 0) {
      const give = hands[0]![0]!;
      hands[holder]![hands[holder]!.indexOf(theme)] = give;
      hands[0]![0] = theme;
    }
    const swapped = hands.map((h) => h.slice());
    const a = swapped[1]!.findIndex((c) => c !== theme);
    const b = swapped[2]!.findIndex((c) => c !== theme);
    [swapped[1]![a], swapped[2]![b]] = [swapped[2]![b]!, swapped[1]![a]!];
    const states = [hands, swapped].map((h) => {
      const rounds: RoundDeal[] = [{ history: [...deal.history], burned: deal.burned, hands: h }];
      const r = newGame({ players: 4, seed: 'honest', options: { themeCardOpens: false }, rounds });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.state;
    });
    expect(states[0]!.hands).not.toEqual(states[1]!.hands);
    const views = states.map((s) => viewFor(s, seatOf(0)));
    expect(views[0]).toEqual(views[1]);
    expect(views[0]!.legalActions.length).toBeGreaterThan(1);
    const decide = (view: PlayerView) => {
      const bot = createBot('master', { seed: 99, budget: { playouts: 200 } });
      return { action: bot.decide(view), values: bot.lastStats!.values };
    };
    expect(decide(views[0]!)).toEqual(decide(views[1]!));
    // And the game goes on from either.
    expect(applyAction(states[0]!, decide(views[0]!).action).ok).toBe(true);
  });
});
