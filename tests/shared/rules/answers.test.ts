// Information flows in through answers too (docs/architecture.md, "Hidden information"): over random
// games of 3–6 players, at every decision and every play, every intent a seat could send
// (every card id, every target, every place, and their combinations) is tried against the real
// state and against another deal the seat cannot tell apart from it (the cards it cannot see
// dealt again, consistently with its view, by the bots' determinizer). What is accepted, and
// every refusal's code and message, must be the same in both: no answer lets a seat tell two
// such deals apart. At decisions, what is accepted must also be exactly what the view offers.
import { describe, expect, it } from 'vitest';
import { botCards } from '../../../src/shared/bots/cards';
import { sampleHidden } from '../../../src/shared/bots/determinize';
import { BotRng } from '../../../src/shared/bots/prng';
import { randomAction } from '../../../src/shared/bots/random-player';
import {
  type Action,
  type CardId,
  type DecisionKind,
  type GameOptions,
  type GameState,
  type Seat,
  applyAction,
  currentDecider,
  newGame,
  recordedIntent,
  resolvePlace,
  viewFor,
} from '../../../src/shared/rules';
import { ALL_CARDS } from '../../kit/game/ids';
import { SOAK, games } from '../../kit/soak';
import { seatsOf } from '../../../src/shared/ids';

/** How the host takes an intent: as one of the seat's answers as it sees them, then the engine. */
function hostOutcome(s: GameState, intent: Action): string {
  const recorded = recordedIntent(s, intent);
  if (!recorded.ok) return `${recorded.error.code}: ${recorded.error.message}`;
  const applied = applyAction(s, recorded.value);
  return applied.ok ? 'accepted' : `${applied.error.code}: ${applied.error.message}`;
}

/** How the host took one before answers were matched as seen: the control the test must catch. */
function lenientOutcome(s: GameState, intent: Action): string {
  const applied = applyAction(s, resolvePlace(s, intent));
  return applied.ok ? 'accepted' : `${applied.error.code}: ${applied.error.message}`;
}

type Outcome = (s: GameState, intent: Action) => string;

const SEATS = seatsOf(6); // every seat the protocol's schema allows
const optional = <T>(values: readonly T[]): (T | undefined)[] => [undefined, ...values];

/**
 * Every answer the schema allows: target, card and place, each absent or any value. `npm test`
 * leaves out those with all three (no decision takes three fields, and the way in compares every
 * field); `npm run test:soak` tries them too.
 */
function everyAnswer(seat: Seat): Action[] {
  const out: Action[] = [];
  for (const target of optional(SEATS))
    for (const card of optional(ALL_CARDS))
      for (const place of optional(SEATS)) {
        if (!SOAK && target !== undefined && card !== undefined && place !== undefined) continue;
        const choose: { target?: Seat; card?: CardId; place?: Seat } = {};
        if (target !== undefined) choose.target = target;
        if (card !== undefined) choose.card = card;
        if (place !== undefined) choose.place = place;
        out.push({ seat, choose });
      }
  return out;
}

/** Every play the schema allows, and answers by card or by place alone (no decision is pending). */
function everyPlay(seat: Seat): Action[] {
  const plays = ALL_CARDS.flatMap((play): Action[] => [
    { seat, play },
    { seat, play, faceDown: false },
    { seat, play, faceDown: true },
  ]);
  return [...plays, ...ALL_CARDS.map((card) => ({ seat, choose: { card } })), ...SEATS.map((place) => ({ seat, choose: { place } }))];
}

/** The real state with the cards `seat` cannot see dealt again, consistently with its view. */
function indistinguishable(s: GameState, seat: Seat, rng: BotRng): GameState {
  const hidden = sampleHidden(viewFor(s, seat), botCards(s.cardSet), null, rng);
  return {
    ...s,
    hands: hidden.hands,
    discard: hidden.discard,
    meeting: { ...s.meeting, plays: s.meeting.plays.map((p, i) => (p.faceDown && p.seat !== seat ? { ...p, card: hidden.faceDown.get(i)! } : p)) },
  };
}

const key = (a: Action): string => JSON.stringify(a, Object.keys({ seat: 0, play: 0, faceDown: 0, choose: 0, target: 0, card: 0, place: 0 }));

interface Tally {
  readonly decisions: Map<DecisionKind | 'play', number>;
  /** Return decisions with another seat's face-down card in the meeting: the case ruling 14 is about. */
  hiddenReturns: number;
  intents: number;
}

/** The first intent whose outcome differs between the real state and another it cannot be told from, or null. */
function tellsApart(s: GameState, world: GameState, seat: Seat, outcome: Outcome, tally: Tally): string | null {
  const intents = s.pending ? everyAnswer(seat) : everyPlay(seat);
  const accepted: string[] = [];
  for (const intent of intents) {
    const real = outcome(s, intent);
    const other = outcome(world, intent);
    if (real !== other) return `${JSON.stringify(intent)}: "${real}" in the real deal, "${other}" in the other`;
    if (real === 'accepted') accepted.push(key(intent));
  }
  tally.intents += intents.length;
  if (s.pending) {
    const offered = viewFor(s, seat).legalActions.map(key);
    expect(accepted.sort(), 'accepted answers are exactly those the view offers').toEqual(offered.sort());
  }
  return null;
}

const hasHiddenPlay = (s: GameState, seat: Seat): boolean => s.meeting.plays.some((p) => p.faceDown && !p.returned && p.seat !== seat);

function checkGame(players: number, options: GameOptions, game: number, tally: Tally): void {
  const seed = `answers-seed-${players}-${game}-Kx3`;
  const rng = new BotRng(0xa115 + game * 7919 + players);
  const created = newGame({ players, options, seed });
  if (!created.ok) throw new Error(`newGame refused ${seed}`);
  let s = created.value.state;
  for (let step = 0; !s.over; step++) {
    if (step > 5_000) throw new Error(`${seed}: no end after 5,000 actions`);
    const seat = currentDecider(s)!;
    const world = indistinguishable(s, seat, rng);
    const view = JSON.stringify(viewFor(s, seat));
    if (JSON.stringify(viewFor(world, seat)) !== view) expect(viewFor(world, seat), `${seed} step ${step}: the other deal looks the same`).toEqual(JSON.parse(view));
    const found = tellsApart(s, world, seat, hostOutcome, tally);
    if (found) throw new Error(`${seed} step ${step}, seat ${seat} (${s.pending?.kind ?? 'play'}): ${found}`);
    const kind = s.pending?.kind ?? 'play';
    tally.decisions.set(kind, (tally.decisions.get(kind) ?? 0) + 1);
    if (kind === 'return' && hasHiddenPlay(s, seat)) tally.hiddenReturns++;
    // What a real client does: answer from its own view, through the host's way in.
    const intent = randomAction(viewFor(s, seat), rng);
    const recorded = recordedIntent(s, intent);
    if (!recorded.ok) throw new Error(`${seed} step ${step}: offered ${JSON.stringify(intent)} refused: ${recorded.error.code}`);
    const r = applyAction(s, recorded.value);
    if (!r.ok) throw new Error(`${seed} step ${step}: ${JSON.stringify(intent)} refused: ${r.error.code}`);
    s = r.value.state;
  }
}

const OPTION_COMBOS: GameOptions[] = [false, true].flatMap((themeCardOpens) =>
  [false, true].flatMap((twoHistoryCards) => [false, true].map((prolongedGame) => ({ themeCardOpens, twoHistoryCards, prolongedGame }))),
);
// Full count under `npm run test:soak` (tests/kit/soak.ts).
const GAMES_PER_PLAYER_COUNT = games(60, 3);
const KINDS: readonly DecisionKind[] = ['steal', 'recall', 'return', 'discardAlly', 'insight', 'gift', 'mask', 'demonChoice'];

describe('no answer tells a seat apart two deals it cannot tell apart', () => {
  const all: Tally = { decisions: new Map(), hiddenReturns: 0, intents: 0 };

  it.each([3, 4, 5, 6])('%i players', { timeout: SOAK ? 1_200_000 : 120_000 }, (players) => {
    const tally: Tally = { decisions: new Map(), hiddenReturns: 0, intents: 0 };
    for (let g = 0; g < GAMES_PER_PLAYER_COUNT; g++) checkGame(players, OPTION_COMBOS[g % OPTION_COMBOS.length]!, g, tally);
    console.log(
      `answers, ${players} players: ${GAMES_PER_PLAYER_COUNT} games, ${tally.intents} intents tried in two deals at ` +
        `${[...tally.decisions].map(([k, n]) => `${n} ${k}`).join(', ')} (${tally.hiddenReturns} Returns with another seat's face-down card)`,
    );
    for (const [k, n] of tally.decisions) all.decisions.set(k, (all.decisions.get(k) ?? 0) + n);
    all.hiddenReturns += tally.hiddenReturns;
    expect(tally.decisions.get('play')).toBeGreaterThan(0);
  });

  it('reached every kind of decision, and Returns with a face-down card of another seat', () => {
    if (all.decisions.size === 0) return console.log('skipped: runs only after the games above'); // filtered on its own
    for (const kind of KINDS) expect(all.decisions.get(kind) ?? 0, kind).toBeGreaterThan(0);
    expect(all.hiddenReturns).toBeGreaterThan(0);
  });

  it('catches the oracle of a host that matched answers against every card of the meeting', () => {
    // The first Return with another seat's face-down card in a seeded game: the lenient way in
    // accepts that card's id in exactly one of the two deals.
    const rng = new BotRng(0x0_7ac1e);
    for (let game = 0; game < 50; game++) {
      const created = newGame({ players: 4, seed: `answers-oracle-${game}` });
      if (!created.ok) throw new Error(created.error.message);
      let s = created.value.state;
      while (!s.over) {
        const seat = currentDecider(s)!;
        if (s.pending?.kind === 'return' && hasHiddenPlay(s, seat)) {
          const tally: Tally = { decisions: new Map(), hiddenReturns: 0, intents: 0 };
          let world = indistinguishable(s, seat, rng);
          for (let tries = 0; tries < 20 && sameHiddenPlays(s, world, seat); tries++) world = indistinguishable(s, seat, rng);
          expect(tellsApart(s, world, seat, lenientOutcome, tally)).toMatch(/"card":.*"accepted" in the (real|other)/);
          expect(tellsApart(s, world, seat, hostOutcome, tally)).toBeNull();
          return;
        }
        const r = applyAction(s, resolvePlace(s, randomAction(viewFor(s, seat), rng)));
        if (!r.ok) throw new Error(r.error.message);
        s = r.value.state;
      }
    }
    throw new Error('no Return met another seat’s face-down card in 50 games');
  });
});

function sameHiddenPlays(a: GameState, b: GameState, seat: Seat): boolean {
  return a.meeting.plays.every((p, i) => !(p.faceDown && p.seat !== seat) || b.meeting.plays[i]!.card === p.card);
}
