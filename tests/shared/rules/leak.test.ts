// Hidden information (docs/architecture.md): over random games, no view and no redacted event sent to
// a seat or a spectator names a card that viewer may not see.
//
// What a viewer may see is computed here from the full state, independently of view.ts:
//   - its own hand, its own face-down plays in the current meeting, its Insight snapshot;
//   - everything public at some point this round: the burned card, the theme card (its holder
//     shows it, docs/rules.md "History cards"), the discard pile, every ally, every face-up play, and
//     every card of a finished meeting (face-down plays become face-up allies when it ends),
//     except a face-down card a Return sent back to its owner's hand (ruling 14).
// The public set is reset when a new round is dealt. When a round is scored every one of its
// cards is public (hands join the allies, ruling 9a), so the events of an action up to a new
// round's `roundStarted` carry no card restriction; the new round's events are checked against
// the new round's knowledge.
import { describe, expect, it } from 'vitest';
import { BotRng } from '../../../src/shared/bots/prng';
import { randomAction } from '../../../src/shared/bots/random-player';
import { type GameEvent, type GameOptions, type GameState, type Viewer, applyAction, currentDecider, newGame, redactEvent, resolvePlace, viewFor } from '../../../src/shared/rules';
import { ALL_CARDS, ALL_HISTORY } from '../../kit/game/ids';
import { games } from '../../kit/soak';
import { seatOf, seatsOf } from '../../../src/shared/ids';

/** Keys that name authority-only data; none may appear in anything sent to a viewer. */
const SECRET_KEYS = ['"seed"', '"seedKey"', '"historyDeck"', '"presetRounds"', '"deals"', '"insights"', '"hands"'];

/** Add what the state shows everyone to the round's public set. */
function absorbPublic(s: GameState, pub: Set<string>): void {
  if (s.burned !== null) pub.add(s.burned);
  if (s.themeCard) pub.add(s.themeCard);
  for (const c of s.discard) pub.add(c);
  for (const allies of s.allies) for (const c of allies) pub.add(c);
  for (const p of s.meeting.plays) if (!p.faceDown) pub.add(p.card);
  // A face-down card a Return sent back to its owner's hand is never shown (ruling 14).
  if (s.lastMeeting) for (const p of s.lastMeeting.plays) if (!(p.faceDown && p.returned)) pub.add(p.card);
}

/** Card ids `viewer` may not see in state `s`, given the round's public set. */
function forbiddenFor(s: GameState, viewer: Viewer, pub: ReadonlySet<string>): string[] {
  const own = new Set<string>();
  if (viewer !== 'spectator') {
    for (const c of s.hands[viewer]!) own.add(c);
    for (const p of s.meeting.plays) if (p.seat === viewer) own.add(p.card);
    for (const c of s.insights[viewer]?.cards ?? []) own.add(c);
  }
  return ALL_CARDS.filter((c) => !pub.has(c) && !own.has(c));
}

interface Context {
  readonly seed: string;
  readonly step: number;
}

class LeakError extends Error {}

/** What no viewer may ever be sent in state `s`: authority-only keys, unrevealed history cards, the seed, the deck order. */
interface Secrets {
  readonly tokens: ReadonlySet<string>;
  readonly seed: string;
  readonly deckOrder: string | null;
}
function secretsOf(s: GameState): Secrets {
  const revealed = new Set(s.deals.flatMap((d) => d.history));
  // A reshuffled deck holds revealed cards too: those may be named, but not in the deck's order.
  const unrevealed = ALL_HISTORY.filter((h) => !revealed.has(h));
  return {
    tokens: new Set([...SECRET_KEYS, ...unrevealed.map((h) => `"${h}"`)]),
    seed: s.seed,
    deckOrder: s.historyDeck.length >= 2 ? s.historyDeck.map((h) => `"${h}"`).join(',') : null,
  };
}

/** Every JSON string of the text, whole (ids, keys and seeds here hold no quotes or escapes). */
const tokensOf = (json: string): string[] => json.match(/"[^"\\]*"/g) ?? [];

/**
 * `json` names none of `forbidden` — matched as whole JSON strings, so `"power-1"` is not found
 * in `"power-10"` — and none of the secrets.
 */
function assertClean(json: string, forbidden: readonly string[], secrets: Secrets, what: () => string): void {
  const quoted = new Set(forbidden.map((id) => `"${id}"`));
  for (const token of tokensOf(json)) {
    if (quoted.has(token)) throw new LeakError(`${what()} names ${token}, which it may not see:\n${json}`);
    if (secrets.tokens.has(token)) throw new LeakError(`${what()} contains ${token}:\n${json}`);
  }
  if (json.includes(secrets.seed)) throw new LeakError(`${what()} contains the seed`);
  if (secrets.deckOrder !== null && json.includes(secrets.deckOrder)) throw new LeakError(`${what()} contains the history deck's order`);
}

interface Totals {
  views: number;
  events: number;
  forbiddenChecked: number;
}

function checkViews(s: GameState, pub: ReadonlySet<string>, ctx: Context, totals: Totals): void {
  const secrets = secretsOf(s);
  const viewers: Viewer[] = [...seatsOf(s.players), 'spectator'];
  for (const viewer of viewers) {
    const forbidden = forbiddenFor(s, viewer, pub);
    const view = viewFor(s, viewer);
    const what = () => `${ctx.seed} step ${ctx.step} (version ${s.version}): viewFor(state, ${viewer})`;
    assertClean(JSON.stringify(view), forbidden, secrets, what);
    // Its own private things, and nobody else's.
    if (viewer === 'spectator') {
      if (view.hand !== null || view.insight !== null || view.legalActions.length > 0) throw new LeakError(`${what()} has a hand, insight or actions`);
    } else {
      if (JSON.stringify(view.hand) !== JSON.stringify(s.hands[viewer])) throw new LeakError(`${what()} does not show the viewer's own hand`);
      if (JSON.stringify(view.insight) !== JSON.stringify(s.insights[viewer])) throw new LeakError(`${what()} shows an insight that is not the viewer's`);
    }
    totals.views++;
    totals.forbiddenChecked += forbidden.length;
  }
}

function checkEvents(events: readonly GameEvent[], players: number, restrict: ((viewer: Viewer) => string[]) | null, s: GameState, ctx: Context, totals: Totals): void {
  if (events.length === 0) return;
  const secrets = secretsOf(s);
  const viewers: Viewer[] = [...seatsOf(players), 'spectator'];
  for (const viewer of viewers) {
    const forbidden = restrict ? restrict(viewer) : [];
    for (const e of events) {
      const what = () => `${ctx.seed} step ${ctx.step}: redactEvent(${e.type}, ${viewer})`;
      assertClean(JSON.stringify(redactEvent(e, viewer)), forbidden, secrets, what);
      totals.events++;
    }
  }
}

/** Events of the round that starts at `roundStarted` are checked against the new round's knowledge. */
function splitAtNewRound(events: readonly GameEvent[]): [readonly GameEvent[], readonly GameEvent[]] {
  const i = events.findIndex((e) => e.type === 'roundStarted');
  return i < 0 ? [events, []] : [events.slice(0, i), events.slice(i)];
}

function playLeakGame(players: number, options: GameOptions, game: number, totals: Totals): number {
  const seed = `leak-seed-${players}-${game}-Qz7`;
  const rng = new BotRng(0x5eed + game * 7919 + players);
  const created = newGame({ players, options, seed });
  if (!created.ok) throw new Error(`newGame refused ${seed}`);
  let s = created.value.state;
  let pub = new Set<string>();
  absorbPublic(s, pub);
  let step = 0;
  checkEvents(created.value.events, players, (v) => forbiddenFor(s, v, pub), s, { seed, step }, totals);
  checkViews(s, pub, { seed, step }, totals);
  while (!s.over) {
    if (step > 5_000) throw new Error(`${seed}: no end after 5,000 actions`);
    const decider = currentDecider(s)!;
    // What a real bot does: choose from its own view.
    const action = randomAction(viewFor(s, decider), rng);
    const r = applyAction(s, resolvePlace(s, action)); // as the host does (ruling 14)
    if (!r.ok) throw new Error(`${seed} step ${step}: ${JSON.stringify(action)} refused: ${r.error.code}`);
    const t = r.value.state;
    step++;
    const ctx = { seed, step };
    const newRound = t.round !== s.round;
    const roundScored = newRound || t.over;
    const [before, after] = splitAtNewRound(r.value.events);
    if (newRound) pub = new Set();
    absorbPublic(t, pub);
    const current = pub;
    // Up to a scoring, every card of the finished round is public; otherwise this round's rule holds.
    checkEvents(before, players, roundScored ? null : (v) => forbiddenFor(t, v, current), t, ctx, totals);
    checkEvents(after, players, (v) => forbiddenFor(t, v, current), t, ctx, totals);
    checkViews(t, pub, ctx, totals);
    s = t;
  }
  return step;
}

const OPTION_COMBOS: GameOptions[] = [false, true].flatMap((themeCardOpens) =>
  [false, true].flatMap((twoHistoryCards) => [false, true].map((prolongedGame) => ({ themeCardOpens, twoHistoryCards, prolongedGame }))),
);
// Full count under `npm run test:soak` (tests/kit/soak.ts).
const GAMES_PER_PLAYER_COUNT = games(75, 5);

describe('no view or event shows a card its viewer may not see', () => {
  it.each([3, 4, 5, 6])('%i players', { timeout: 60_000 }, (players) => {
    const totals: Totals = { views: 0, events: 0, forbiddenChecked: 0 };
    let actions = 0;
    for (let g = 0; g < GAMES_PER_PLAYER_COUNT; g++) {
      actions += playLeakGame(players, OPTION_COMBOS[g % OPTION_COMBOS.length]!, g, totals);
    }
    console.log(
      `leak, ${players} players: ${GAMES_PER_PLAYER_COUNT} games, ${actions} actions, ${totals.views} views and ` +
        `${totals.events} redacted events checked against ${totals.forbiddenChecked} forbidden (viewer, card) pairs`,
    );
    expect(totals.views).toBe((actions + GAMES_PER_PLAYER_COUNT) * (players + 1));
    // Hidden cards exist to be protected: on average a seat may not see most of the others' cards.
    expect(totals.forbiddenChecked / totals.views).toBeGreaterThan(5);
  });

  it('the detector itself finds a leak (full hands, a face-down card, the seed, the deck order)', () => {
    const created = newGame({ players: 4, seed: 'leak-detector-seed' });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const s = created.value.state;
    const pub = new Set<string>();
    absorbPublic(s, pub);
    const forbidden0 = forbiddenFor(s, seatOf(0), pub);
    // Seat 0 sees its own hand and the theme card, nothing of the other 27 cards in hands.
    expect(forbidden0).toHaveLength(36 - 9 - (s.hands[0]!.includes(s.themeCard) ? 0 : 1));
    const secrets = secretsOf(s);
    const none: Secrets = { tokens: new Set(), seed: s.seed, deckOrder: secrets.deckOrder };
    expect(() => assertClean(JSON.stringify(viewFor(s, seatOf(0))), forbidden0, secrets, () => 'view')).not.toThrow();
    expect(() => assertClean(JSON.stringify(s.hands), forbidden0, none, () => 'all hands')).toThrow(LeakError);
    // `power-1` must not be matched inside `power-10`.
    expect(() => assertClean('{"a":"power-10"}', ['power-1'], none, () => 'x')).not.toThrow();
    expect(() => assertClean('{"a":"power-1"}', ['power-1'], none, () => 'x')).toThrow(/names "power-1"/);
    expect(() => assertClean(JSON.stringify({ s: `x${s.seed}x` }), [], none, () => 'x')).toThrow(/seed/);
    expect(() => assertClean(JSON.stringify({ d: s.historyDeck }), [], none, () => 'x')).toThrow(/order/);
    expect(() => assertClean(JSON.stringify({ d: s.historyDeck }), [], secrets, () => 'x')).toThrow(/contains "/);
    expect(() => assertClean(JSON.stringify({ seed: 1 }), [], secrets, () => 'x')).toThrow(/"seed"/);
    expect(() => assertClean(JSON.stringify(viewFor(s, 'spectator')), forbiddenFor(s, 'spectator', pub), secrets, () => 'x')).not.toThrow();
    // The redacted deal shows each seat its own hand only.
    const dealt = created.value.events.find((e) => e.type === 'dealt')!;
    expect(() => assertClean(JSON.stringify(redactEvent(dealt, seatOf(1))), forbiddenFor(s, seatOf(1), pub), secrets, () => 'dealt')).not.toThrow();
    expect(() => assertClean(JSON.stringify(dealt), forbiddenFor(s, seatOf(1), pub), secrets, () => 'dealt')).toThrow(LeakError);
  });
});
