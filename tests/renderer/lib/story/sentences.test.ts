// Every sentence the story tells, for every event kind, read by the player who acted, the one
// it was done to, one who did it to themselves, a bystander and a spectator, in each language:
// the reader is "you" (never their own name, marked or not), no name is told twice where a
// pronoun belongs, and nothing is left unfilled ({card}, "?", "A(z)").
import { describe, expect, it } from 'vitest';
import { BotRng } from '../../../../src/shared/bots/prng';
import type { DecisionKind, GameEvent } from '../../../../src/shared/rules';
import { DECISIONS } from '../../../../src/shared/rules/effects/registry';
import type { Language, Seat } from '../../../../src/shared/rules/types';
import { type VisibleEvent, redactEvent } from '../../../../src/shared/rules/view';
import { DEFAULT_BOOK } from '../../../../src/shared/card-book';
import { type MessageKey, type MessageParams, format } from '../../../../src/renderer/src/lib/i18n/index.svelte';
import { type StoryContext, linesOf } from '../../../../src/renderer/src/lib/story/describe';
import { playout } from '../../../kit/game/playout';
import { cardIdOf, seatOf, seatsOf } from '../../../../src/shared/ids';

const LANGS: readonly Language[] = ['en', 'hu', 'fr'];
// Ann starts with a vowel (French elides "de" before it); none of these is part of a card's or a history card's name.
const NAMES = ['Ann', 'Bob', 'Cyd', 'Dex'];

/** Who does what to whom in a sample: the actor, the seat it is done to (or that shares the win), and the Fame. */
interface Cast {
  readonly actor: Seat;
  readonly target: Seat;
}

const seatScores = (cast: Cast, met: (seat: Seat) => string[]) =>
  NAMES.map((_, seat) => ({
    power: seat,
    wisdom: 1,
    love: 0,
    total: seat + 1,
    evil: seat === cast.target ? 1 : 0,
    masked: 0,
    excluded: seat === cast.target && cast.target !== cast.actor,
    met: met(seatOf(seat)),
    fameGained: met(seatOf(seat)).length,
  }));
const play = (seat: Seat, card: string) => ({ seat, card: cardIdOf(card), faceDown: false, returned: false });

/**
 * Samples of every event kind a reader may be told, by kind: the record's keys are the event
 * union's kinds, so a new kind of event does not compile here until its sentences are tested
 * (and the playouts below catch any kind the engine emits that is missing).
 */
const SAMPLES: { [K in VisibleEvent['type']]: (c: Cast) => Extract<VisibleEvent, { type: K }>[] } = {
  roundStarted: ({ actor }) => [
    { type: 'roundStarted', round: 0, revealed: ['monster-attack'], history: ['monster-attack'], themeCard: cardIdOf('power-4'), startSeat: actor, burned: cardIdOf('love-3') },
  ],
  dealt: () => [{ type: 'dealt', hand: [cardIdOf('power-4')], handCounts: [9, 9, 9, 9] }],
  cardPlayed: ({ actor }) => [
    { type: 'cardPlayed', seat: actor, card: cardIdOf('power-9'), faceDown: false },
    { type: 'cardPlayed', seat: actor, card: cardIdOf('power-9'), faceDown: true },
    { type: 'cardPlayed', seat: actor, card: null, faceDown: true },
  ],
  abilityUsed: ({ actor, target }) => [
    ...(Object.keys(DECISIONS) as DecisionKind[]).map((kind): Extract<VisibleEvent, { type: 'abilityUsed' }> => ({
      type: 'abilityUsed',
      seat: actor,
      source: cardIdOf('sage'),
      kind,
      choice: { target, card: cardIdOf('power-9') },
    })),
    { type: 'abilityUsed', seat: actor, source: cardIdOf('love-7'), kind: 'return', choice: {}, faceDownOwner: target },
    { type: 'abilityUsed', seat: actor, source: cardIdOf('love-7'), kind: 'return', choice: { card: cardIdOf('power-9') }, faceDownOwner: target },
  ],
  meetingEnded: ({ actor, target }) =>
    (['king', 'highest', 'lowest', 'leader'] as const).flatMap((reason) =>
      [false, true].map((halted): Extract<VisibleEvent, { type: 'meetingEnded' }> => ({
        type: 'meetingEnded',
        reason,
        meeting: {
          leader: actor,
          plays: [play(actor, 'power-9'), play(seatOf(target === actor ? (actor + 1) % 4 : target), 'power-4')],
          halted,
          winner: actor,
          demonTo: halted ? target : null,
          burned: halted && reason === 'leader',
        },
      })),
    ),
  roundScored: (cast) => {
    const { actor, target } = cast;
    const history = ['monster-attack', 'the-succession', 'the-coronation-of-a-king', 'the-famine'];
    const score = {
      round: 4,
      history,
      excluded: cast.target === cast.actor ? [] : [target],
      evilMonopoly: null,
      seats: seatScores(cast, (seat) => (seat === actor ? ['monster-attack', 'the-succession'] : seat === target ? [] : ['the-succession'])),
      counts: [
        [0, 1, 2, 3],
        [1, 1, 0, 1],
        [0, 0, 0, 0],
        [1, 2, 3, 4],
      ],
      purge: { seat: actor, count: 3 },
    };
    return [
      { type: 'roundScored', score, fame: [1, 2, 0, 3], purged: [cardIdOf('demon')] },
      { type: 'roundScored', score: { ...score, purge: { seat: actor, count: 0 } }, fame: [1, 2, 0, 3], purged: [] },
      { type: 'roundScored', score: { ...score, evilMonopoly: actor, excluded: [] }, fame: [2, 0, 0, 0], purged: [] },
    ];
  },
  gameOver: ({ actor, target }) => [
    { type: 'gameOver', winners: [actor] },
    { type: 'gameOver', winners: [...new Set([actor, target])] },
    { type: 'gameOver', winners: seatsOf(4).filter((s) => s !== actor) },
  ],
};

/** The reader's place in a sample. */
const ROLES: readonly { role: string; cast: Cast; me: Seat | null }[] = [
  { role: 'actor', cast: { actor: seatOf(0), target: seatOf(1) }, me: seatOf(0) },
  { role: 'target', cast: { actor: seatOf(0), target: seatOf(1) }, me: seatOf(1) },
  { role: 'actor and target', cast: { actor: seatOf(0), target: seatOf(0) }, me: seatOf(0) },
  { role: 'bystander', cast: { actor: seatOf(0), target: seatOf(1) }, me: seatOf(2) },
  { role: 'bystander to a seat acting on itself', cast: { actor: seatOf(0), target: seatOf(0) }, me: seatOf(2) },
  { role: 'spectator', cast: { actor: seatOf(0), target: seatOf(1) }, me: null },
];

const t = (lang: Language) => (key: MessageKey, params?: MessageParams) => format(lang, key, params);
/** The names the table gives the story: the reader's marked as a choice shows it ("Ann (you)"). */
function context(lang: Language, me: Seat | null): StoryContext {
  const names = NAMES.map((name, seat) => (seat === me ? format(lang, 'decision.yourself', { name }) : name));
  return { names, me, lang, book: DEFAULT_BOOK, t: t(lang) };
}
const words = (text: string, name: string) => text.match(new RegExp(`(?<![\\p{L}])${name}(?![\\p{L}])`, 'gu'))?.length ?? 0;

/** What is wrong with one line told to the reader at `me`. */
function problems(line: string, me: Seat | null, lang: Language): string[] {
  const out: string[] = [];
  const marker = format(lang, 'decision.yourself', { name: '' }).trim();
  if (line.includes(marker)) out.push(`names the reader with ${marker}`);
  if (me !== null && words(line, NAMES[me]!) > 0) out.push('names the reader instead of "you"');
  // A history card's line lists each seat's count before those who gain Fame: a list, not a sentence.
  const sentence = line.replace(/—.*→/, '→');
  for (const name of NAMES) if (words(sentence, name) > 1) out.push(`names ${name} twice`);
  if (/\{\w+(:\w+)?\}/.test(line)) out.push('has a raw placeholder');
  if (/(^|[\s(])\?([\s.,)]|$)|#\d/.test(line)) out.push('has a missing name or card');
  if (/\b[Aa]\(z\)/.test(line)) out.push('has "A(z)"');
  if (/\s{2,}|\s[.,:]/.test(line.replace(/ [:→—]/g, ''))) out.push('has a gap');
  return out;
}

describe('the story tells the reader as "you", for every event kind, role and language', () => {
  for (const lang of LANGS) {
    for (const { role, cast, me } of ROLES) {
      it(`${lang}: the reader as ${role}`, () => {
        const found: string[] = [];
        for (const [kind, samples] of Object.entries(SAMPLES) as [VisibleEvent['type'], (c: Cast) => VisibleEvent[]][]) {
          for (const event of samples(cast)) {
            const told = linesOf(event, context(lang, me)).map(([, text]) => text);
            expect(told.length, `${kind} is told`).toBeGreaterThan(0);
            for (const line of told) for (const p of problems(line, me, lang)) found.push(`${kind}: "${line}" ${p}`);
          }
        }
        expect(found).toEqual([]);
      });
    }
  }
});

/** Every event of a whole game of random legal moves. */
function randomGame(players: number): GameEvent[] {
  return [...playout({ players, seed: `sentences-${players}` }, new BotRng(players))].flatMap((step) => step.events);
}

describe('the samples cover what the engine tells', () => {
  it('every event kind and every ability of whole random games (3 to 6 players) has samples', () => {
    const kinds = new Set<string>();
    const abilities = new Set<string>();
    for (const players of [3, 4, 5, 6]) {
      for (const e of randomGame(players)) {
        const seen = redactEvent(e, seatOf(0));
        kinds.add(seen.type);
        if (seen.type === 'abilityUsed') abilities.add(seen.kind);
      }
    }
    expect([...kinds].filter((k) => !(k in SAMPLES))).toEqual([]);
    expect([...abilities].filter((k) => !(k in DECISIONS))).toEqual([]);
    expect([...kinds].sort(), 'every sampled kind happens in a game').toEqual(Object.keys(SAMPLES).sort());
  });
});
