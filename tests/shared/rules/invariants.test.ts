// Invariants over seeded random games (docs/architecture.md "The engine contract", docs/rules.md rulings).
//
// Every player count (3–6) × every option combination, 64 games each (2,048 full games). Cheap
// invariants run on every step of every game: card and history-card conservation, the decider,
// legalActions for every seat (and against an independent oracle of rulings 2 and 7), version,
// Fame (and against independent oracles of the meeting winner, ruling 5, and of round scoring,
// ruling 9), winners, the game-length bound. Expensive ones run on a sampled subset of steps:
// every legal action applies, a battery of illegal and malformed actions is refused with the
// right code, and neither changes the input state (JSON snapshot before/after). In half the
// games every state is also deep-frozen, so any write into an input state throws at once.
import { afterAll, describe, expect, it } from 'vitest';
import { BotRng, hashString } from '../../../src/shared/bots/prng';
import {
  type CardId,
  type Action,
  type DecisionKind,
  type GameEvent,
  type GameOptions,
  type GameState,
  type RuleErrorCode,
  applyAction,
  currentDecider,
  legalActions,
  newGame,
} from '../../../src/shared/rules';
import { ALL_CARDS, ALL_HISTORY } from '../../kit/game/ids';
import { games } from '../../kit/soak';
import { cardIdOf, seatOf } from '../../../src/shared/ids';

// ---------------------------------------------------------------------------------------------
// Card knowledge written out independently of the engine and its card-set file
// (record-format.md identifiers, docs/rules.md table).

const CARD_INDEX = new Map(ALL_CARDS.map((c, i) => [c, i]));
const HISTORY_INDEX = new Map(ALL_HISTORY.map((h, i) => [h, i]));

const suitOf = (card: string): string => {
  const dash = card.indexOf('-');
  return dash < 0 ? 'wild' : card.slice(0, dash);
};
const strengthOf = (card: string): number | null => {
  const dash = card.indexOf('-');
  return dash < 0 ? null : Number(card.slice(dash + 1));
};
/** The decision a card's when-played ability asks for (docs/rules.md), or null. */
function playedDecision(card: string): DecisionKind | null {
  if (card === 'sage') return 'steal';
  if (card === 'fool') return 'mask';
  switch (strengthOf(card)) {
    case 4:
      return 'steal';
    case 6:
      return 'recall';
    case 7:
      return 'return';
    case 8:
      return 'discardAlly';
    case 9:
      return 'insight';
    case 10:
      return 'gift';
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const snap = (s: GameState): string => JSON.stringify({ ...s, cardSet: s.cardSet.id });

/** Freeze everything reachable from the state except the shared card set (its Maps) and byte arrays (which cannot be frozen). */
function deepFreeze(o: unknown): void {
  if (typeof o !== 'object' || o === null || Object.isFrozen(o) || ArrayBuffer.isView(o)) return;
  Object.freeze(o);
  for (const v of Object.values(o)) deepFreeze(v);
}
function freezeState(s: GameState): void {
  for (const [k, v] of Object.entries(s)) if (k !== 'cardSet') deepFreeze(v);
  Object.freeze(s);
}

const playKey = (card: string, faceDown: boolean): string => `p|${card}|${faceDown ? 1 : 0}`;
const chooseKey = (target: unknown, card: unknown): string => `c|${target ?? ''}|${card ?? ''}`;
function actionKey(a: Action): string {
  if ('play' in a) return playKey(a.play, a.faceDown === true);
  return chooseKey(a.choose.target, a.choose.card);
}

class InvariantError extends Error {}
function check(cond: boolean, what: () => string): asserts cond {
  if (!cond) throw new InvariantError(what());
}

const PLAY_REFUSALS: ReadonlySet<RuleErrorCode> = new Set(['THEME_CARD_MUST_OPEN', 'MUST_FOLLOW_SUIT', 'MUST_PLAY_FACE_DOWN', 'CANNOT_PLAY_FACE_DOWN']);
const ALL_CODES: ReadonlySet<string> = new Set([
  'MALFORMED_ACTION',
  'GAME_OVER',
  'NOT_YOUR_TURN',
  'DECISION_PENDING',
  'NO_DECISION_PENDING',
  'CARD_NOT_IN_HAND',
  'THEME_CARD_MUST_OPEN',
  'MUST_FOLLOW_SUIT',
  'MUST_PLAY_FACE_DOWN',
  'CANNOT_PLAY_FACE_DOWN',
  'ILLEGAL_CHOICE',
  'RECORD_DEAL_INVALID',
]);

// ---------------------------------------------------------------------------------------------
// Independent oracles

/** Lead suit from the plays (ruling 2): the first non-Wild card played face up, returned or not. */
function leadSuitOf(s: GameState): string | null {
  for (const p of s.meeting.plays) if (!p.faceDown && suitOf(p.card) !== 'wild') return suitOf(p.card);
  return null;
}

/** What ruling 2 allows for each card of the hand of the seat to play: 'up', 'down' or refused code. */
function playOracle(s: GameState): Map<string, 'up' | 'down' | RuleErrorCode> {
  const seat = (s.meeting.leader + s.meeting.plays.length) % s.players;
  const hand = s.hands[seat]!;
  const out = new Map<string, 'up' | 'down' | RuleErrorCode>();
  const opening = s.options.themeCardOpens && s.meetingsPlayed === 0 && s.meeting.plays.length === 0;
  const lead = leadSuitOf(s);
  const holdsLead = lead !== null && hand.some((c) => suitOf(c) === lead);
  for (const card of hand) {
    if (opening) out.set(card, card === s.themeCard ? 'up' : 'THEME_CARD_MUST_OPEN');
    else if (lead === null || suitOf(card) === 'wild' || suitOf(card) === lead) out.set(card, 'up');
    else out.set(card, holdsLead ? 'MUST_FOLLOW_SUIT' : 'down');
  }
  return out;
}

/** Every answer to a decision (record-format.md `choose` table), as keys. */
function choiceOracle(s: GameState, seat: number, kind: DecisionKind, source: string): Set<string> {
  const out = new Set<string>();
  const opponents = Array.from({ length: s.players }, (_, o) => o).filter((o) => o !== seat);
  switch (kind) {
    case 'steal':
    case 'discardAlly':
      for (const o of opponents) for (const c of s.allies[o]!) out.add(chooseKey(o, c));
      break;
    case 'gift':
      for (const c of s.allies[seat]!) for (const o of opponents) out.add(chooseKey(o, c));
      break;
    case 'recall':
      for (const c of s.allies[seat]!) out.add(chooseKey(undefined, c));
      break;
    case 'return':
      for (const p of s.meeting.plays) if (!p.returned && p.card !== source) out.add(chooseKey(undefined, p.card)); // face down too (ruling 14)
      break;
    case 'insight':
      for (const o of opponents) out.add(chooseKey(o, undefined));
      break;
    case 'mask':
      for (let t = 0; t < s.players; t++) for (const c of s.allies[t]!) if (!s.masked.includes(c)) out.add(chooseKey(t, c));
      break;
    case 'demonChoice':
      for (let t = 0; t < s.players; t++) out.add(chooseKey(t, undefined));
      break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Checks

interface Stats {
  games: number;
  actions: number;
  sampledSteps: number;
  illegalRefused: number;
  legalAlternativesApplied: number;
  frozenGames: number;
}
const stats: Stats = { games: 0, actions: 0, sampledSteps: 0, illegalRefused: 0, legalAlternativesApplied: 0, frozenGames: 0 };

/** How often the random games reached each rule path: the suite must cover them all. */
const covered: Record<string, number> = {};
const cover = (what: string) => {
  covered[what] = (covered[what] ?? 0) + 1;
};
const MUST_COVER = [
  'ability steal',
  'ability recall',
  'ability return',
  'ability discardAlly',
  'ability insight',
  'ability gift',
  'ability mask',
  'ability demonChoice',
  'meeting halted',
  'meeting burned by the Dragon',
  'meeting won by the King',
  'meeting under Reversal',
  'meeting without strength (lead player wins)',
  'face-down play',
  'round with an evil monopoly',
  'round with excluded seats',
  'round under A Time of Darkness',
  'round with a recalled history card',
  'round with the Coronation',
  'Conversation with a Dragon put back',
  'history deck reshuffled',
  'five-player burned card',
  'game ended tied',
  'prolonged game went on after a tie',
  'masked ally counted',
];

const MAX_ACTIONS = 5_000;

/** Invariants of one state (cheap: run on every step). */
function checkState(s: GameState): void {
  const n = s.players;
  // Every one of the 36 character cards in exactly one place.
  const seen = new Uint8Array(ALL_CARDS.length);
  const place = (card: string, where: string) => {
    const i = CARD_INDEX.get(cardIdOf(card));
    check(i !== undefined, () => `unknown card ${card} in ${where}`);
    seen[i]!++;
    check(seen[i] === 1, () => `card ${card} is in two places (again in ${where})`);
  };
  check(s.hands.length === n && s.allies.length === n, () => `${s.hands.length} hands / ${s.allies.length} ally piles for ${n} players`);
  for (let seat = 0; seat < n; seat++) {
    for (const c of s.hands[seat]!) place(c, `hand ${seat}`);
    for (const c of s.allies[seat]!) place(c, `allies ${seat}`);
  }
  for (const c of s.discard) place(c, 'discard');
  for (const p of s.meeting.plays) if (!p.returned) place(p.card, 'meeting');
  for (let i = 0; i < seen.length; i++) check(seen[i] === 1, () => `card ${ALL_CARDS[i]} is nowhere`);
  if (s.burned !== null) check(s.discard[0] === s.burned, () => `burned card ${s.burned} is not at the bottom of the discard pile`);

  // Masks only on allies, each at most once.
  const allyCards = new Set(s.allies.flat());
  check(new Set(s.masked).size === s.masked.length, () => `a card is masked twice: ${s.masked.join(',')}`);
  for (const c of s.masked) check(allyCards.has(c), () => `masked card ${c} is not an ally`);

  // Each of the 12 history cards in exactly one of deck / used / revealed.
  const hseen = new Uint8Array(ALL_HISTORY.length);
  for (const [zone, cards] of [
    ['deck', s.historyDeck],
    ['used', s.historyUsed],
    ['revealed', s.historyRevealed],
  ] as const) {
    for (const h of cards) {
      const i = HISTORY_INDEX.get(h);
      check(i !== undefined, () => `unknown history card ${h} in ${zone}`);
      hseen[i]!++;
      check(hseen[i] === 1, () => `history card ${h} is in two places (again in ${zone})`);
    }
  }
  for (let i = 0; i < hseen.length; i++) check(hseen[i] === 1, () => `history card ${ALL_HISTORY[i]} is nowhere`);
  for (const h of s.historyActive) check(HISTORY_INDEX.has(h), () => `unknown active history card ${h}`);

  // The meeting: seats in turn order from the leader, each at most once.
  const plays = s.meeting.plays;
  check(plays.length <= n, () => `${plays.length} plays in a meeting of ${n}`);
  plays.forEach((p, i) => check(p.seat === (s.meeting.leader + i) % n, () => `play ${i} by seat ${p.seat}, leader ${s.meeting.leader}`));
  check(s.meeting.leadSuit === leadSuitOf(s), () => `leadSuit ${s.meeting.leadSuit}, plays say ${leadSuitOf(s)}`);

  // Insight snapshots: of an opponent.
  s.insights.forEach((ins, seat) => {
    if (ins) check(ins.target !== seat && ins.target >= 0 && ins.target < n, () => `seat ${seat} has an insight into ${ins.target}`);
  });

  // Fame, over, winners.
  const top = Math.max(...s.fame);
  const leaders = s.fame.flatMap((f, seat) => (f === top ? [seat] : []));
  check(
    s.fame.every((f) => Number.isInteger(f) && f >= 0),
    () => `fame ${s.fame}`,
  );
  if (s.over) {
    check(top >= 3, () => `game over with top fame ${top}`);
    check(JSON.stringify(s.winners) === JSON.stringify(leaders), () => `winners ${s.winners}, fame ${s.fame}`);
    if (s.options.prolongedGame) check(s.winners.length === 1, () => `prolonged game ended tied: ${s.winners}`);
  } else {
    check(s.winners.length === 0, () => `winners ${s.winners} before the end`);
    check(top < 3 || (s.options.prolongedGame && leaders.length > 1), () => `game goes on with fame ${s.fame}`);
  }

  // Exactly one decider unless over; legalActions non-empty for it, empty for everyone else.
  const decider = currentDecider(s);
  if (s.over) {
    check(decider === null, () => `decider ${decider} after the game is over`);
  } else {
    check(decider !== null && Number.isInteger(decider) && decider >= 0 && decider < n, () => `decider ${decider}`);
    if (s.pending) {
      check(decider === s.pending.seat, () => `decider ${decider} but seat ${s.pending!.seat} must decide`);
      const src = plays.find((p) => p.card === s.pending!.source);
      check(src !== undefined && !src.faceDown && !src.returned, () => `pending ${s.pending!.kind} from ${s.pending!.source}, not a face-up play`);
      check(src.seat === s.pending.seat, () => `pending decision of seat ${s.pending!.seat} for a card of seat ${src.seat}`);
      if (s.pending.kind === 'demonChoice') {
        check(s.pending.source === 'demon', () => `demonChoice from ${s.pending!.source}`);
        check(s.meeting.halted || plays.length === n, () => 'Demon choice before the meeting ended');
      } else {
        check(plays.at(-1)!.card === s.pending.source, () => `pending ${s.pending!.kind} from ${s.pending!.source}, not the last play`);
      }
    } else {
      check(decider === (s.meeting.leader + plays.length) % n, () => `decider ${decider}, seat to play ${(s.meeting.leader + plays.length) % n}`);
      check(!s.meeting.halted && plays.length < n, () => 'no decision pending but the meeting is over');
    }
  }
  for (let seat = 0; seat < n; seat++) {
    const legal = legalActions(s, seatOf(seat));
    if (seat === decider) check(legal.length > 0, () => `no legal action for the decider ${seat}`);
    else check(legal.length === 0, () => `seat ${seat} has ${legal.length} legal actions but ${decider} decides`);
  }
  if (decider === null) return;

  // legalActions equals the independent oracle.
  const legal = legalActions(s, decider);
  const keys = legal.map(actionKey);
  check(new Set(keys).size === keys.length, () => `duplicate legal actions: ${keys}`);
  for (const a of legal) check(a.seat === decider, () => `legal action ${JSON.stringify(a)} for another seat`);
  const expected = new Set<string>();
  if (s.pending) {
    for (const k of choiceOracle(s, s.pending.seat, s.pending.kind, s.pending.source)) expected.add(k);
    for (const a of legal) check(!('play' in a), () => `a play is legal while ${s.pending!.kind} is pending`);
  } else {
    for (const [card, mode] of playOracle(s)) if (mode === 'up' || mode === 'down') expected.add(playKey(card, mode === 'down'));
    // The engine writes `faceDown: true` exactly on face-down plays (record-format.md).
    for (const a of legal) if ('play' in a) check(a.faceDown === undefined || a.faceDown === true, () => `legal play ${JSON.stringify(a)}`);
  }
  check(
    keys.length === expected.size && keys.every((k) => expected.has(k)),
    () => `legalActions ${JSON.stringify([...keys].sort())}\n  but the rules allow ${JSON.stringify([...expected].sort())}`,
  );
}

/** Ruling 5, on a finished meeting: King, else strongest (weakest under Reversal) of the lead suit, else the leader. */
function meetingWinnerOracle(m: { leader: number; plays: readonly { seat: number; card: string; faceDown: boolean; returned: boolean }[] }): number {
  const counting = m.plays.filter((p) => !p.faceDown && !p.returned);
  const king = counting.find((p) => p.card === 'king');
  if (king) return king.seat;
  let lead: string | null = null;
  for (const p of m.plays)
    if (!p.faceDown && suitOf(p.card) !== 'wild') {
      lead = suitOf(p.card);
      break;
    }
  const reversal = counting.some((p) => strengthOf(p.card) === 3);
  let best: { seat: number; strength: number } | null = null;
  for (const p of counting) {
    const strength = strengthOf(p.card);
    if (strength === null || suitOf(p.card) !== lead) continue;
    if (!best || (reversal ? strength < best.strength : strength > best.strength)) best = { seat: p.seat, strength };
  }
  return best ? best.seat : m.leader;
}

/** Fame conditions of the history cards (docs/rules.md table), written out independently of the card set. */
const FAME_CONDITION: Record<string, { kind: 'most' | 'fewest'; count: 'power' | 'wisdom' | 'love' | 'total' | 'twos' | 'evil' } | null> = {
  'monster-attack': { kind: 'most', count: 'power' },
  'the-revolt': { kind: 'fewest', count: 'power' },
  'the-great-reform': { kind: 'most', count: 'wisdom' },
  'the-witch-hunt': { kind: 'fewest', count: 'wisdom' },
  'the-royal-wedding': { kind: 'most', count: 'love' },
  'the-scandal': { kind: 'fewest', count: 'love' },
  'the-great-war': { kind: 'most', count: 'total' },
  'the-famine': { kind: 'fewest', count: 'total' },
  'the-succession': { kind: 'most', count: 'twos' },
  'a-time-of-darkness': { kind: 'most', count: 'evil' },
  'conversation-with-a-dragon': null,
  'the-coronation-of-a-king': null,
};
const EVIL = new Set(['power-1', 'wisdom-1', 'love-1', 'demon']);

/** Ruling 9 c–e from the allies as counted (after a–b): the Fame each seat gains. */
function roundFameOracle(allies: readonly (readonly string[])[], masked: readonly string[], history: readonly string[]): number[] {
  const isMasked = new Set(masked);
  const counts = allies.map((cards) => {
    const c = { power: 0, wisdom: 0, love: 0, total: 0, twos: 0, evil: 0 };
    for (const card of cards) {
      if (isMasked.has(card)) {
        c.total++;
        continue;
      }
      const weight = strengthOf(card) === 2 ? 3 : 1;
      c.total += weight;
      const suit = suitOf(card);
      if (suit !== 'wild') c[suit as 'power' | 'wisdom' | 'love'] += weight;
      if (strengthOf(card) === 2) c.twos++;
      if (EVIL.has(card)) c.evil++;
    }
    return c;
  });
  const gains = allies.map(() => 0);
  const monopoly = counts.findIndex((c) => c.evil === 4);
  if (monopoly >= 0) {
    gains[monopoly] = 2;
    return gains;
  }
  const darkness = history.includes('a-time-of-darkness');
  const eligible = counts.flatMap((c, seat) => (darkness || c.evil === 0 ? [seat] : []));
  for (const h of history) {
    const cond = FAME_CONDITION[h];
    if (!cond || eligible.length === 0) continue;
    const values = eligible.map((seat) => counts[seat]![cond.count]);
    const best = cond.kind === 'most' ? Math.max(...values) : Math.min(...values);
    if (cond.kind === 'most' && best < 1) continue;
    eligible.forEach((seat, i) => {
      if (values[i] === best) gains[seat]!++;
    });
  }
  return gains;
}

function coverRoundStarts(events: readonly GameEvent[], options: GameOptions): void {
  for (const e of events) {
    if (e.type !== 'roundStarted') continue;
    if (e.revealed.some((h) => !e.history.includes(h))) cover('Conversation with a Dragon put back');
    if (e.history.includes('the-coronation-of-a-king')) cover('round with the Coronation');
    if (e.history.includes('conversation-with-a-dragon') && e.history.length > (options.twoHistoryCards ? 2 : 1)) cover('round with a recalled history card');
    if (e.burned !== null) cover('five-player burned card');
  }
}

/** Invariants of one transition (cheap: run on every step). */
function checkTransition(s: GameState, a: Action, t: GameState, events: readonly GameEvent[]): void {
  check(t.version === s.version + 1, () => `version ${s.version} → ${t.version}`);
  check(t.players === s.players && t.seed === s.seed, () => 'players or seed changed');
  check(t.round === s.round || t.round === s.round + 1, () => `round ${s.round} → ${t.round}`);
  check(events.length > 0, () => 'no events');
  const first = events[0]!;
  if ('play' in a) {
    check(
      first.type === 'cardPlayed' && first.seat === a.seat && first.card === a.play && first.faceDown === (a.faceDown === true),
      () => `first event ${JSON.stringify(first)} for ${JSON.stringify(a)}`,
    );
  } else {
    check(first.type === 'abilityUsed' && first.seat === a.seat, () => `first event ${JSON.stringify(first)} for ${JSON.stringify(a)}`);
  }

  // Fame only grows, only when a round is scored, by at most max(2, history cards in play) ≤ 2 + that.
  const scored = events.some((e) => e.type === 'roundScored');
  check(scored === (t.round !== s.round || t.over), () => `roundScored event ${scored}, round ${s.round} → ${t.round}, over ${t.over}`);
  const bound = Math.max(2, s.historyActive.length);
  for (let seat = 0; seat < s.players; seat++) {
    const gained = t.fame[seat]! - s.fame[seat]!;
    check(gained >= 0, () => `seat ${seat} lost fame: ${s.fame} → ${t.fame}`);
    if (!scored) check(gained === 0, () => `seat ${seat} gained fame outside scoring: ${s.fame} → ${t.fame}`);
    check(gained <= bound, () => `seat ${seat} gained ${gained} with ${s.historyActive.length} history cards in play`);
    check(gained <= 2 + s.historyActive.length, () => `seat ${seat} gained ${gained}`);
    if (scored) check(t.lastRound!.seats[seat]!.fameGained === gained, () => `fame delta ${gained} but score says ${t.lastRound!.seats[seat]!.fameGained}`);
  }
  if (scored) {
    const score = t.lastRound!;
    check(score.round === s.round, () => `lastRound.round ${score.round} for round ${s.round}`);
    if (score.evilMonopoly !== null) {
      t.fame.forEach((f, seat) => check(f - s.fame[seat]! === (seat === score.evilMonopoly ? 2 : 0), () => `evil monopoly of ${score.evilMonopoly}: ${s.fame} → ${t.fame}`));
    }
  }

  // Every finished meeting has the winner ruling 5 gives.
  for (const e of events) {
    if (e.type !== 'meetingEnded') continue;
    const m = e.meeting;
    const expected = meetingWinnerOracle(m);
    check(m.winner === expected, () => `meeting ${JSON.stringify(m)} won by ${m.winner}, ruling 5 says ${expected}`);
    const counting = m.plays.filter((p) => !p.faceDown && !p.returned).map((p) => p.card);
    check(m.burned === counting.includes(cardIdOf('dragon')), () => `meeting burned=${m.burned} with ${counting}`);
    check((m.demonTo !== null) === counting.includes(cardIdOf('demon')), () => `demonTo ${m.demonTo} with ${counting}`);
    if (m.halted) cover('meeting halted');
    if (m.burned) cover('meeting burned by the Dragon');
    if (counting.includes(cardIdOf('king'))) cover('meeting won by the King');
    else if (counting.some((c) => strengthOf(c) === 3)) cover('meeting under Reversal');
    if (m.plays.every((p) => p.faceDown || p.returned || strengthOf(p.card) === null)) cover('meeting without strength (lead player wins)');
  }
  // Every scored round gives the Fame ruling 9 gives, from the allies as counted.
  for (const e of events) {
    if (e.type !== 'roundScored') continue;
    const score = e.score;
    check(JSON.stringify(score.history) === JSON.stringify(s.historyActive), () => `scored ${score.history}, in play ${s.historyActive}`);
    // (a)+(b): hands joined the allies, nothing comes back from the discard pile, and the holder
    // of an unmasked Angel has no Evil ally left.
    const counted = score.allies.flat();
    check(new Set(counted).size === counted.length && counted.every((c) => CARD_INDEX.has(c)), () => `allies counted: ${JSON.stringify(score.allies)}`);
    check(!counted.some((c) => s.discard.includes(c)), () => `a discarded card is counted as an ally: ${JSON.stringify(score.allies)}`);
    check(counted.length + s.discard.length <= ALL_CARDS.length, () => 'more cards than the deck holds');
    if (t.over) {
      t.allies.forEach((cards, seat) => check(JSON.stringify([...cards].sort()) === JSON.stringify(score.allies[seat]), () => `final allies of ${seat} differ from those counted`));
      check(
        t.hands.every((h) => h.length === 0),
        () => 'cards left in hand after the last round',
      );
    }
    score.allies.forEach((cards, seat) => {
      if (cards.includes(cardIdOf('angel')) && !score.masked.includes(cardIdOf('angel'))) {
        check(!cards.some((c) => EVIL.has(c) && !score.masked.includes(c)), () => `seat ${seat} keeps Evil allies next to the Angel: ${cards}`);
      }
    });
    const expected = roundFameOracle(score.allies, score.masked, score.history);
    const gained = e.fame.map((f, seat) => f - s.fame[seat]!);
    check(
      JSON.stringify(gained) === JSON.stringify(expected),
      () => `round ${score.round} with ${score.history}: allies ${JSON.stringify(score.allies)}, masked ${score.masked}: gains ${gained}, ruling 9 says ${expected}`,
    );
    if (score.evilMonopoly !== null) cover('round with an evil monopoly');
    if (score.excluded.length > 0) cover('round with excluded seats');
    if (score.history.includes('a-time-of-darkness')) cover('round under A Time of Darkness');
    if (score.masked.length > 0) cover('masked ally counted');
  }
  for (const e of events) {
    if (e.type === 'abilityUsed') cover(`ability ${e.kind}`);
    if (e.type === 'cardPlayed' && e.faceDown) cover('face-down play');
  }
  coverRoundStarts(events, s.options);
  if (t.historyDeck.length > s.historyDeck.length && t.round !== s.round) cover('history deck reshuffled');
  if (t.over && t.winners.length > 1) cover('game ended tied');
  if (scored && !t.over && Math.max(...t.fame) >= 3) cover('prolonged game went on after a tie');

  // Ruling 7: an ability played face up that can be applied must be.
  if ('play' in a && a.faceDown !== true) {
    const kind = playedDecision(a.play);
    if (kind) {
      const answers = choiceOracle(s, a.seat, kind, a.play);
      if (answers.size > 0) {
        check(
          t.pending !== null && t.pending.seat === a.seat && t.pending.kind === kind && t.pending.source === a.play,
          () => `${a.play} played with ${answers.size} possible answers, pending ${JSON.stringify(t.pending)}`,
        );
      } else {
        check(t.pending === null || t.pending.kind === 'demonChoice', () => `${a.play} has no answer, pending ${JSON.stringify(t.pending)}`);
      }
    }
  }
}

/** Refused, with the expected code (or any code), and without an exception. */
function expectRefused(s: GameState, action: unknown, codes: ReadonlySet<string> | string, why: string): void {
  let r: ReturnType<typeof applyAction>;
  try {
    r = applyAction(s, action as Action);
  } catch (e) {
    throw new InvariantError(`${why}: applyAction(${JSON.stringify(action) ?? String(action)}) threw ${(e as Error).stack ?? e}`);
  }
  check(!r.ok, () => `${why}: ${JSON.stringify(action)} was accepted`);
  const code = r.error.code;
  check(ALL_CODES.has(code) && typeof r.error.message === 'string' && r.error.message.length > 0, () => `${why}: bad error ${JSON.stringify(r)}`);
  if (typeof codes === 'string') check(code === codes, () => `${why}: ${JSON.stringify(action)} refused with ${code}, expected ${codes}`);
  else check(codes.has(code), () => `${why}: ${JSON.stringify(action)} refused with ${code}, expected one of ${[...codes]}`);
  stats.illegalRefused++;
}

/** The expensive battery: run on sampled steps. Every call must leave `s` unchanged. */
function checkIllegalActions(s: GameState, rng: BotRng): void {
  const decider = currentDecider(s)!;
  const n = s.players;
  const legal = legalActions(s, decider);
  const legalKeys = new Set(legal.map(actionKey));
  const hand = s.hands[decider]!;
  const others = Array.from({ length: n }, (_, o) => o).filter((o) => o !== decider);
  const otherHandCards = others.flatMap((o) => s.hands[o]!);
  const someCard = legal.find((a): a is Extract<Action, { play: string }> => 'play' in a)?.play ?? hand[0] ?? 'king';

  // Another seat acting.
  for (const o of others) {
    const own = s.hands[o]![0];
    if (own !== undefined) expectRefused(s, { seat: o, play: own }, 'NOT_YOUR_TURN', `seat ${o} plays out of turn`);
    expectRefused(s, { seat: o, choose: legal[0] && 'choose' in legal[0] ? legal[0].choose : { target: decider } }, 'NOT_YOUR_TURN', `seat ${o} chooses out of turn`);
  }

  if (!s.pending) {
    // Each card of the decider's hand in each form; what legalActions does not list is refused.
    const oracle = playOracle(s);
    for (const card of hand) {
      for (const faceDown of [undefined, false, true]) {
        const action = faceDown === undefined ? { seat: decider, play: card } : { seat: decider, play: card, faceDown };
        if (legalKeys.has(playKey(card, faceDown === true))) continue;
        const mode = oracle.get(card)!;
        const code = mode === 'up' ? 'CANNOT_PLAY_FACE_DOWN' : mode === 'down' ? 'MUST_PLAY_FACE_DOWN' : mode;
        expectRefused(s, action, PLAY_REFUSALS.has(code) ? code : PLAY_REFUSALS, `decider's own card ${card} not among the legal plays`);
      }
    }
    // Cards the decider does not hold: other hands, allies, discard, the meeting.
    const notHeld = [...otherHandCards.slice(0, 4), ...s.allies.flat().slice(0, 2), ...s.discard.slice(-1), ...s.meeting.plays.slice(0, 1).map((p) => p.card)];
    for (const card of notHeld) {
      expectRefused(s, { seat: decider, play: card }, 'CARD_NOT_IN_HAND', `card ${card} from elsewhere`);
      expectRefused(s, { seat: decider, play: card, faceDown: true }, 'CARD_NOT_IN_HAND', `card ${card} from elsewhere, face down`);
    }
    // A choose when a play is due.
    expectRefused(s, { seat: decider, choose: { target: others[0] } }, 'NO_DECISION_PENDING', 'choose while a play is due');
    expectRefused(s, { seat: decider, choose: { card: someCard } }, 'NO_DECISION_PENDING', 'choose while a play is due');
    expectRefused(s, { seat: decider, choose: {} }, 'NO_DECISION_PENDING', 'empty choose while a play is due');
  } else {
    // A play when a decision is due.
    for (const card of [...hand.slice(0, 3), ...otherHandCards.slice(0, 1)]) {
      expectRefused(s, { seat: decider, play: card }, 'DECISION_PENDING', `play ${card} while ${s.pending.kind} is pending`);
    }
    // Bogus answers.
    const bogus: { target?: number; card?: string }[] = [
      {},
      { target: n },
      { target: n + 7 },
      { target: -1 },
      { target: decider },
      { card: 'king' },
      { card: 'power-10' },
      { target: others[0]!, card: 'no-such-card' },
      { target: decider, card: someCard },
    ];
    for (const a of legal) {
      if (!('choose' in a)) continue;
      const c = a.choose;
      bogus.push({ ...c, target: c.target === undefined ? others[0] : undefined });
      bogus.push({ ...c, card: c.card === undefined ? ALL_CARDS[rng.below(ALL_CARDS.length)] : undefined });
      bogus.push({ target: c.target === undefined ? undefined : (c.target + 1 + rng.below(n)) % (n + 1), card: c.card });
      bogus.push({ target: c.target, card: c.card === undefined ? undefined : ALL_CARDS[rng.below(ALL_CARDS.length)] });
      if (bogus.length > 40) break;
    }
    for (const choose of bogus) {
      const clean = Object.fromEntries(Object.entries(choose).filter(([, v]) => v !== undefined));
      if (legalKeys.has(chooseKey(clean.target, clean.card))) continue;
      expectRefused(s, { seat: decider, choose: clean }, 'ILLEGAL_CHOICE', `bogus ${s.pending.kind} answer`);
    }
  }

  // Malformed actions, whatever is due.
  const malformed: unknown[] = [
    null,
    undefined,
    0,
    'play',
    true,
    {},
    { seat: decider },
    { play: someCard },
    { seat: null, play: someCard },
    { seat: String(decider), play: someCard },
    { seat: decider + 0.5, play: someCard },
    { seat: -1, play: someCard },
    { seat: n, play: someCard },
    { seat: Number.NaN, play: someCard },
    { seat: decider, play: null },
    { seat: decider, play: 7 },
    { seat: decider, play: ['king'] },
    { seat: decider, play: '' },
    { seat: decider, play: 'power-11' },
    { seat: decider, play: 'POWER-1' },
    { seat: decider, play: someCard, faceDown: 'true' },
    { seat: decider, play: someCard, faceDown: null },
    { seat: decider, play: someCard, faceDown: 1 },
    { seat: decider, choose: null },
    { seat: decider, choose: 'insight' },
    { seat: decider, choose: 3 },
    { seat: decider, choose: { target: String(others[0]) } },
    { seat: decider, choose: { target: null } },
    { seat: decider, choose: { target: 1.5 } },
    { seat: decider, choose: { card: 3 } },
    { seat: decider, choose: { card: null } },
    { seat: null, choose: { target: others[0] } },
  ];
  for (const m of malformed) expectRefused(s, m, 'MALFORMED_ACTION', 'malformed action');
  // Not well-formed either; any refusal code will do.
  for (const m of [[], [decider, someCard], { seat: decider, choose: [] }, { seat: decider, choose: [others[0]] }]) {
    expectRefused(s, m, ALL_CODES, 'malformed action');
  }
}

/** Every legal action applies (not just the one chosen), without touching the input. */
function checkEveryLegalAction(s: GameState, legal: readonly Action[]): void {
  for (const a of legal) {
    const r = applyAction(s, a);
    check(r.ok, () => `legal action ${JSON.stringify(a)} refused: ${JSON.stringify(!r.ok && r.error)}`);
    check(r.value.state.version === s.version + 1, () => 'version');
    stats.legalAlternativesApplied++;
  }
  // `faceDown: false` on a face-up play is the same action (record-format.md: only `true` is an error).
  const up = legal.find((a): a is Extract<Action, { play: string }> => 'play' in a && a.faceDown !== true);
  if (up) {
    const plain = applyAction(s, up);
    const explicit = applyAction(s, { ...up, faceDown: false });
    check(plain.ok && explicit.ok && snap(plain.value.state) === snap(explicit.value.state), () => `faceDown:false on ${up.play}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The games

interface Config {
  players: number;
  options: GameOptions;
}

function playGame(cfg: Config, game: number): void {
  const tag = `${cfg.players}p-${Number(cfg.options.themeCardOpens)}${Number(cfg.options.twoHistoryCards)}${Number(cfg.options.prolongedGame)}-${game}`;
  const seed = `invariants-${tag}`;
  const rng = new BotRng(hashString(seed));
  const freeze = game % 2 === 1;
  // The first game of every configuration checks the expensive battery on every step, the others on one step in eight.
  const sampleEvery = game < 1 ? 1 : 8;
  const created = newGame({ players: cfg.players, options: cfg.options, seed });
  check(created.ok, () => `newGame refused ${seed}`);
  let s = created.value.state;
  check(s.version === 0 && s.round === 0, () => `fresh game at version ${s.version}, round ${s.round}`);
  coverRoundStarts(created.value.events, cfg.options);
  if (freeze) freezeState(s);
  let step = 0;
  let last: Action | null = null;
  try {
    checkState(s);
    while (!s.over) {
      check(step < MAX_ACTIONS, () => `game not over after ${MAX_ACTIONS} actions`);
      const decider = currentDecider(s)!;
      const legal = legalActions(s, decider);
      const sampled = rng.below(sampleEvery) === 0;
      const before = sampled ? snap(s) : '';
      if (sampled) {
        stats.sampledSteps++;
        checkIllegalActions(s, rng);
        checkEveryLegalAction(s, legal);
        check(snap(s) === before, () => 'an illegal or alternative action changed the input state');
      }
      const action = rng.pick(legal);
      last = action;
      const r = applyAction(s, action);
      check(r.ok, () => `legal action ${JSON.stringify(action)} refused: ${JSON.stringify(!r.ok && r.error)}`);
      if (sampled) check(snap(s) === before, () => `applyAction(${JSON.stringify(action)}) mutated its input state`);
      const t = r.value.state;
      if (freeze) freezeState(t);
      checkTransition(s, action, t, r.value.events);
      checkState(t);
      s = t;
      step++;
    }
    // Once over: nobody acts, everything is refused with GAME_OVER.
    for (let seat = 0; seat < s.players; seat++) {
      expectRefused(s, { seat, play: 'king' }, 'GAME_OVER', 'after the end');
      expectRefused(s, { seat, choose: { target: 0 } }, 'GAME_OVER', 'after the end');
    }
  } catch (e) {
    const where = `game ${seed} (players ${cfg.players}, options ${JSON.stringify(cfg.options)}, BotRng seed ${hashString(seed)}), step ${step}, version ${s.version}, last action ${JSON.stringify(last)}`;
    const error = e instanceof Error ? e : new Error(String(e));
    throw new Error(`${where}:\n${error.message}${e instanceof InvariantError ? '' : `\n${error.stack}`}`, { cause: e });
  }
  stats.games++;
  stats.actions += step;
  if (freeze) stats.frozenGames++;
}

// Full count under `npm run test:soak` (tests/kit/soak.ts).
const GAMES_PER_CONFIG = games(64, 16);
const OPTION_COMBOS: GameOptions[] = [false, true].flatMap((themeCardOpens) =>
  [false, true].flatMap((twoHistoryCards) => [false, true].map((prolongedGame) => ({ themeCardOpens, twoHistoryCards, prolongedGame }))),
);

describe.each([3, 4, 5, 6])('random games with %i players', (players) => {
  it.each(OPTION_COMBOS.map((o) => [JSON.stringify(o), o] as const))('hold every invariant, options %s', { timeout: 60_000 }, (_name, options) => {
    const before = { ...stats };
    for (let g = 0; g < GAMES_PER_CONFIG; g++) playGame({ players, options }, g);
    expect(stats.games - before.games).toBe(GAMES_PER_CONFIG);
    expect(stats.actions - before.actions).toBeGreaterThan(GAMES_PER_CONFIG * 10);
    expect(stats.illegalRefused - before.illegalRefused).toBeGreaterThan(0);
  });
});

describe('coverage of the random games', () => {
  // Runs after the games above (tests of a file run in order).
  it('reached every ability and every rule path', () => {
    const missing = MUST_COVER.filter((what) => !covered[what]);
    expect(missing).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('catch a broken state (mutation test of the invariant checker)', () => {
    const created = newGame({ players: 4, seed: 'checker' });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const s = created.value.state;
    expect(() => checkState(s)).not.toThrow();
    const hands = s.hands.map((h) => h.slice());
    hands[1]!.push(hands[0]![0]!);
    expect(() => checkState({ ...s, hands })).toThrow(/two places/);
    expect(() => checkState({ ...s, historyUsed: [s.historyDeck[0]!] })).toThrow(/history card .* two places/);
    expect(() => checkState({ ...s, over: true })).toThrow();
    expect(() => checkState({ ...s, meeting: { ...s.meeting, leader: seatOf((s.meeting.leader + 1) % 4) } })).toThrow(/legalActions|the rules allow/);
    // The oracles on hand-made cases (docs/rules.md rulings 5 and 9).
    const play = (seat: number, card: string, faceDown = false, returned = false) => ({ seat, card, faceDown, returned });
    expect(meetingWinnerOracle({ leader: 0, plays: [play(0, 'power-4'), play(1, 'power-9'), play(2, 'love-10', true), play(3, 'power-6')] })).toBe(1);
    expect(meetingWinnerOracle({ leader: 0, plays: [play(0, 'power-4'), play(1, 'power-9'), play(2, 'power-3'), play(3, 'power-6')] })).toBe(2);
    expect(meetingWinnerOracle({ leader: 0, plays: [play(0, 'power-4'), play(1, 'king'), play(2, 'power-3'), play(3, 'power-10')] })).toBe(1);
    expect(meetingWinnerOracle({ leader: 2, plays: [play(2, 'sage'), play(3, 'fool'), play(0, 'angel')] })).toBe(2);
    expect(meetingWinnerOracle({ leader: 0, plays: [play(0, 'wisdom-4'), play(1, 'wisdom-9', false, true), play(2, 'wisdom-7')] })).toBe(2);
    const evil = ['power-1', 'wisdom-1', 'love-1', 'demon'];
    expect(roundFameOracle([evil, ['power-5'], ['love-5']], [], ['monster-attack'])).toEqual([2, 0, 0]);
    expect(roundFameOracle([['power-1', 'power-9'], ['power-5'], ['love-5']], [], ['monster-attack'])).toEqual([0, 1, 0]);
    expect(roundFameOracle([['power-1', 'power-9'], ['power-5'], ['love-5']], ['power-1'], ['monster-attack'])).toEqual([1, 1, 0]);
    expect(roundFameOracle([['power-2'], ['power-5', 'power-6'], []], [], ['monster-attack', 'the-revolt'])).toEqual([1, 0, 1]);
    expect(roundFameOracle([['power-2'], ['power-5', 'power-6'], []], ['power-2'], ['monster-attack'])).toEqual([0, 1, 0]);
    expect(roundFameOracle([['demon', 'power-1'], ['love-1'], []], [], ['a-time-of-darkness'])).toEqual([1, 0, 0]);
    // A frozen state really refuses writes (the modules run in strict mode).
    freezeState(s);
    expect(() => (s.hands[0] as CardId[]).push(cardIdOf('x'))).toThrow(TypeError);
  });
});

afterAll(() => {
  console.log(
    `invariants: ${stats.games} games (${stats.frozenGames} deep-frozen), ${stats.actions} actions checked at every step; ` +
      `${stats.sampledSteps} sampled steps with ${stats.illegalRefused} illegal actions refused and ${stats.legalAlternativesApplied} legal alternatives applied`,
  );
  console.log(`rule paths reached: ${JSON.stringify(covered)}`);
});
