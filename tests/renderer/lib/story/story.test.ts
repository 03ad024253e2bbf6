// The presentation queue and the game's story in words: scenes in order at the chosen pace,
// the round summary waiting for its reader, the catch-up not replayed; lines naming who did
// what to whom in each language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventBatch } from '../../../../src/shared/protocol/event-log';
import type { VisibleEvent } from '../../../../src/shared/rules/view';
import { DEFAULT_BOOK } from '../../../../src/shared/card-book';
import { type MessageKey, type MessageParams, format } from '../../../../src/renderer/src/lib/i18n/index.svelte';
import { linesOf, storyOf } from '../../../../src/renderer/src/lib/story/describe';
import { Presentation, type Scene } from '../../../../src/renderer/src/lib/story/presentation.svelte';
import { sceneReadingMs, skippedLine } from '../../../../src/renderer/src/lib/story/scene-text';
import { YIELD_MS, pacing, readingMs } from '../../../../src/renderer/src/lib/story/speed.svelte';
import { watch } from '../../../kit/dom/watch.svelte';
import { systemReducesMotion } from '../../../kit/dom/reduced-motion';
import { meetingEnded, roundScored } from '../../../kit/game/events';
import { cardIdOf, seatOf, seatsOf } from '../../../../src/shared/ids';

const steal: VisibleEvent = { type: 'abilityUsed', seat: seatOf(3), source: cardIdOf('sage'), kind: 'steal', choice: { target: seatOf(0), card: cardIdOf('demon') } };
const ended = meetingEnded;
const scored = roundScored([0, 1, 0, 0]);
const batch = (version: number, ...events: VisibleEvent[]): EventBatch => ({ version, events });
const names = ['Ann', 'Bob', 'Cyd', 'Bot 4'];
const ctx = (lang: 'en' | 'hu' | 'fr') => ({ names, lang, book: DEFAULT_BOOK, t: (key: MessageKey, params?: MessageParams) => format(lang, key, params) });

afterEach(() => vi.useRealTimers());

describe('the presentation queue', () => {
  const HOLD = { ability: 1200, meeting: 1500 } as const;
  const byKind = (scene: Scene): number => HOLD[scene.kind];
  const meeting = (winner: number): VisibleEvent => ({ ...ended, meeting: { ...ended.meeting, winner: seatOf(winner) } });

  it('shows each scene for its time, then waits on the round summary until it is closed', () => {
    vi.useFakeTimers();
    const show = new Presentation(byKind);
    show.feed([batch(0)], 0);
    show.feed([batch(0), batch(1, steal), batch(2, ended, scored), batch(3, steal)], 0);
    expect(show.current?.kind).toBe('ability');
    vi.advanceTimersByTime(HOLD.ability - 1);
    expect(show.current?.kind).toBe('ability');
    vi.advanceTimersByTime(1);
    expect(show.current?.kind).toBe('meeting');
    vi.advanceTimersByTime(HOLD.meeting);
    expect(show.current).toBeNull();
    expect(show.summary?.fame).toEqual([0, 1, 0, 0]);
    vi.advanceTimersByTime(60_000);
    expect(show.summary).not.toBeNull(); // the reader closes it, not the clock
    show.closeSummary();
    expect(show.summary).toBeNull();
    expect(show.current?.kind).toBe('ability');
    vi.advanceTimersByTime(HOLD.ability);
    expect(show.current).toBeNull();
    expect(show.shown).toBe(3);
  });

  it('holds a scene as long as it takes to read: more words and cards, longer; never past a ceiling', () => {
    const c = { ...ctx('en'), me: seatOf(0) };
    const two: Scene = { kind: 'meeting', version: 1, index: 0, meeting: ended.meeting, reason: 'highest' };
    const plays = seatsOf(6).map((seat) => ({ seat, card: cardIdOf('power-2'), faceDown: false, returned: false }));
    const six: Scene = { ...two, meeting: { ...two.meeting, plays, halted: true } };
    const ability: Scene = { kind: 'ability', version: 1, index: 0, event: steal };
    expect(sceneReadingMs(six, c)).toBeGreaterThan(sceneReadingMs(two, c) + 1000);
    expect(sceneReadingMs(two, c)).toBeGreaterThan(sceneReadingMs(ability, c));
    expect(sceneReadingMs(two, c)).toBeGreaterThan(2500); // two cards and two lines: not the 1.5 s of old
    expect(readingMs(500, 6)).toBe(6000);
    const skipping: Scene = { ...two, skipped: [ability, two] };
    expect(sceneReadingMs(skipping, c)).toBeGreaterThan(sceneReadingMs(two, c));
  });

  it('holds the scene while the pointer is over it or after a tap, then gives it the time it had left', () => {
    vi.useFakeTimers();
    const show = new Presentation(byKind);
    show.feed([batch(1, steal), batch(2, ended)], 0);
    vi.advanceTimersByTime(1000);
    show.hover(true);
    vi.advanceTimersByTime(30_000);
    expect(show.current?.kind).toBe('ability');
    show.hover(false);
    vi.advanceTimersByTime(199);
    expect(show.current?.kind).toBe('ability');
    vi.advanceTimersByTime(1);
    expect(show.current?.kind).toBe('meeting');
    show.tap();
    vi.advanceTimersByTime(30_000);
    expect(show.current?.kind).toBe('meeting');
    show.tap();
    vi.advanceTimersByTime(HOLD.meeting);
    expect(show.current).toBeNull();
  });

  it('catches up when meetings pile up: the newest meeting, with what it jumped over in one line', () => {
    vi.useFakeTimers();
    const show = new Presentation(byKind, () => 300);
    show.feed([batch(1, meeting(1))], 0);
    expect(show.current?.version).toBe(1);
    // Two more meetings and an ability come while the first is on show: it yields soon, and the
    // next scene is the newest meeting, the ones between told in its catch-up line.
    show.feed([batch(1, meeting(1)), batch(2, steal), batch(3, meeting(1)), batch(4, meeting(0))], 0);
    vi.advanceTimersByTime(299);
    expect(show.current?.version).toBe(1);
    vi.advanceTimersByTime(1);
    expect(show.current?.version).toBe(4);
    expect(show.current?.skipped?.map((s) => `${s.kind}:${s.version}`)).toEqual(['ability:2', 'meeting:3']);
    expect(show.shown).toBe(4); // every scene told, in full or in the line
    const line = skippedLine(show.current!, { ...ctx('en'), me: seatOf(0) });
    expect(line).toBe('Meanwhile: Bot 4 stole your ally Demon · Bob wins the meeting: General is the highest strength');
  });

  it('when the player must act, shows the latest meeting at once, whatever was held or stepped back to', () => {
    vi.useFakeTimers();
    const show = new Presentation(byKind);
    show.feed([batch(1, meeting(1)), batch(2, steal)], 0);
    vi.advanceTimersByTime(HOLD.meeting);
    expect(show.current?.kind).toBe('ability');
    show.back();
    expect(show.showing?.version).toBe(1);
    show.hover(true);
    show.feed([batch(1, meeting(1)), batch(2, steal), batch(3, meeting(2)), batch(4, steal)], 0);
    vi.advanceTimersByTime(60_000);
    expect(show.showing?.version).toBe(1); // held by its reader
    show.setUrgent(true);
    expect(show.browsing).toBeNull();
    expect(show.showing?.kind).toBe('meeting');
    expect(show.showing?.version).toBe(3);
    // A meeting ending while the player must act (a decision in the next one) is shown at once.
    show.feed([batch(1, meeting(1)), batch(2, steal), batch(3, meeting(2)), batch(4, steal), batch(5, meeting(0))], 0);
    expect(show.showing?.version).toBe(5);
    expect(show.showing?.skipped?.map((s) => s.version)).toEqual([4]);
  });

  it('when the player must act in a new round, the round summary waiting comes at once, then the latest meeting', () => {
    vi.useFakeTimers();
    const show = new Presentation(byKind);
    show.feed([batch(1, steal), batch(2, ended, scored), batch(3, steal), batch(4, meeting(0))], 0);
    expect(show.current?.version).toBe(1);
    show.setUrgent(true);
    expect(show.current).toBeNull();
    expect(show.summary?.version).toBe(2);
    expect(show.shown).toBe(2);
    show.closeSummary();
    expect(show.current?.version).toBe(4);
    expect(show.current?.skipped?.map((s) => s.version)).toEqual([3]);
    expect(show.shown).toBe(4);
  });

  it('steps back through the last scenes and forward to now, the live story waiting meanwhile', () => {
    vi.useFakeTimers();
    const show = new Presentation(byKind);
    show.feed([batch(1, steal), batch(2, meeting(1)), batch(3, steal)], 0);
    vi.advanceTimersByTime(HOLD.ability + HOLD.meeting);
    expect(show.current?.version).toBe(3);
    show.back();
    expect(show.showing?.version).toBe(2);
    show.back();
    expect(show.showing?.version).toBe(1);
    expect(show.canGoBack).toBe(false);
    show.back();
    expect(show.showing?.version).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(show.current?.version).toBe(3); // the live scene waits for the reader
    show.forward();
    expect(show.showing?.version).toBe(2);
    show.forward();
    expect(show.browsing).toBeNull();
    expect(show.showing?.version).toBe(3);
    vi.advanceTimersByTime(HOLD.ability);
    expect(show.current).toBeNull();
    show.back(); // after the story went quiet, back shows the last scene told
    expect(show.showing?.version).toBe(3);
  });

  it('at instant speed shows everything at once, the last scene staying until the next; the catch-up is not replayed', () => {
    const show = new Presentation(() => 0);
    show.feed([batch(0), batch(1, steal), batch(2, ended)], 2); // a page that sat down at version 2
    expect(show.current).toBeNull();
    expect(show.shown).toBe(0);
    show.feed([batch(0), batch(1, steal), batch(2, ended), batch(3, steal), batch(4, ended)], 2);
    expect(show.shown).toBe(2);
    expect(show.current?.kind).toBe('meeting');
    expect(show.current?.version).toBe(4);
  });

  it('prefers-reduced-motion makes the table instant whatever the choice, followed live as the system setting changes', () => {
    pacing.set('slow');
    const speed = watch(() => pacing.speed);
    try {
      systemReducesMotion(true);
      expect(pacing.hold(1500)).toBe(0);
      expect([pacing.moveMs, pacing.flightMs, pacing.yieldMs]).toEqual([0, 0, 0]);
      systemReducesMotion(false);
      expect(pacing.hold(1500)).toBe(3000);
      expect(speed.values).toEqual(['slow', 'instant', 'slow']); // what a component saw, without a reload
    } finally {
      speed.stop();
      systemReducesMotion(false);
      pacing.set('normal');
    }
  });

  it('scales every duration of the story and the motion by the speed: 2× slow, 0.4× fast, none at instant', () => {
    const at = (speed: 'slow' | 'normal' | 'fast' | 'instant') => {
      pacing.set(speed);
      return [pacing.moveMs, pacing.flightMs, pacing.yieldMs, pacing.scoringStepMs, pacing.fadeMs, pacing.hold(readingMs(10, 2))];
    };
    // Normal-speed figures written out: a changed constant shows here.
    expect(at('normal')).toEqual([450, 720, 1200, 1800, 150, 2800]);
    expect(at('slow')).toEqual([900, 1440, 2400, 3600, 300, 5600]);
    expect(at('fast')).toEqual([180, 288, 480, 720, 60, 1120]);
    expect(at('instant')).toEqual([0, 0, 0, 0, 0, 0]);
    pacing.set('normal');
    expect(YIELD_MS).toBe(1200);
  });

  it("yields a long scene to a newer meeting after the pacing's yield time, at the speed in effect", () => {
    vi.useFakeTimers();
    for (const [speed, yieldMs] of [
      ['normal', 1200],
      ['slow', 2400],
    ] as const) {
      pacing.set(speed);
      const show = new Presentation(() => 10_000); // the story's own yield, as the table's story has it
      show.feed([batch(1, ended)], 0);
      show.feed([batch(1, ended), batch(2, ended), batch(3, steal)], 0);
      vi.advanceTimersByTime(yieldMs - 1);
      expect(show.current?.version, `${speed}: still the first meeting`).toBe(1);
      vi.advanceTimersByTime(1);
      expect(show.current?.version, `${speed}: the newer meeting`).toBe(2);
      show.stop();
    }
    pacing.set('normal');
  });
});

describe('the story in words', () => {
  it('names who did what to whom, and why a meeting was won', () => {
    expect(linesOf(steal, ctx('en'))).toEqual([['ability', 'Bot 4 stole Demon from Ann.']]);
    expect(linesOf(ended, ctx('en')).map(([, l]) => l)).toEqual(['Bob wins the meeting: General is the highest strength.', 'Bob takes 2 cards as allies.']);
    expect(linesOf(steal, ctx('fr'))[0]![1]).toBe('Bot 4 a volé Démon à Ann.');
    expect(linesOf(steal, ctx('hu'))[0]![1]).toBe('Bot 4 elvette Ann szövetségesét: Démon.');
  });

  it('tells what others did to the reader in the second person, in each language', () => {
    const mine = (lang: 'en' | 'hu' | 'fr') => ({ ...ctx(lang), me: seatOf(0) });
    expect(linesOf(steal, mine('en'))).toEqual([['ability', 'Bot 4 stole your ally Demon.']]);
    expect(linesOf(steal, mine('fr'))[0]?.[1]).toBe('Bot 4 vous a volé votre allié Démon.');
    expect(linesOf(steal, mine('hu'))[0]?.[1]).toBe('Bot 4 elvette a szövetségesedet: Démon.');
    const gift: VisibleEvent = { type: 'abilityUsed', seat: seatOf(3), source: cardIdOf('saint'), kind: 'gift', choice: { target: seatOf(0), card: cardIdOf('power-9') } };
    expect(linesOf(gift, mine('en'))[0]?.[1]).toBe('Bot 4 gave you General.');
    const insight: VisibleEvent = { type: 'abilityUsed', seat: seatOf(1), source: cardIdOf('magician'), kind: 'insight', choice: { target: seatOf(0) } };
    expect(linesOf(insight, mine('en'))[0]?.[1]).toBe('Bob looked at your hand.');
    // To another player, and to a spectator, the same event names its target.
    expect(linesOf(steal, { ...ctx('en'), me: seatOf(1) })[0]?.[1]).toBe('Bot 4 stole Demon from Ann.');
    expect(linesOf(steal, { ...ctx('en'), me: null })[0]?.[1]).toBe('Bot 4 stole Demon from Ann.');
    // French elides "de" before a vowel.
    const mask: VisibleEvent = { type: 'abilityUsed', seat: seatOf(1), source: cardIdOf('witch'), kind: 'mask', choice: { target: seatOf(0), card: cardIdOf('power-9') } };
    expect(linesOf(mask, ctx('fr'))[0]?.[1]).toBe('Bob a masqué l’allié Général d’Ann.');
    expect(linesOf(mask, { ...ctx('fr'), me: seatOf(2) })[0]?.[1]).toBe('Bob a masqué l’allié Général d’Ann.');
  });

  it('tells a round end step by step, with what each history card counted seat by seat', () => {
    const lines = storyOf([batch(5, scored)], ctx('en')).map((l) => l.text);
    expect(lines[0]).toMatch(/Round 1 ends/);
    expect(lines).toContain('Monster Attack — Power: Ann 0, Bob 0, Cyd 0, Bot 4 0 → nobody gains Fame.');
    const counted: VisibleEvent = {
      ...scored,
      score: {
        ...scored.score,
        counts: [[4, 1, 2, 3]],
        seats: scored.score.seats.map((x, seat) => ({ ...x, power: seat, excluded: seat === 0, met: seat === 3 ? ['monster-attack'] : [] })),
      },
    };
    expect(linesOf(counted, ctx('fr')).map(([, l]) => l)).toContain('Attaque de monstres — Puissance : Ann 4 (exclu), Bob 1, Cyd 2, Bot 4 3 → Bot 4 +1 Notoriété.');
    expect(lines.at(-1)).toBe('Fame: Ann 0, Bob 1, Cyd 0, Bot 4 0.');
    expect(lines.some((l) => l.includes('Angel'))).toBe(false); // no Angel counted this round
    // The Angel's discards come right after the hands join the allies, before the exclusions.
    const purged = (known: string[], unseen: number): VisibleEvent => ({
      ...scored,
      score: { ...scored.score, excluded: [seatOf(3)], purge: { seat: seatOf(1), count: known.length + unseen } },
      purged: known.map(cardIdOf),
    });
    const told = storyOf([batch(5, purged(['demon'], 2))], ctx('en')).map((l) => l.text);
    expect(told.slice(1, 3)).toEqual(["Bob's Angel discards their Evil allies: Demon, 2 cards from the hand.", 'Bot 4 has Evil allies and is excluded.']);
    expect(linesOf(purged([], 0), ctx('en'))[1]![1]).toBe("Bob's Angel finds no Evil allies to discard.");
    expect(linesOf(purged(['demon'], 1), ctx('fr'))[1]![1]).toBe('La carte Ange de Bob défausse ses alliés Maléfiques : Démon, 1 carte de la main.');
    expect(linesOf(purged(['demon'], 0), ctx('hu'))[1]![1]).toContain('Bob kártyája, az Angyal, eldobja');
    expect(linesOf({ type: 'cardPlayed', seat: seatOf(1), card: null, faceDown: true }, ctx('en'))[0]![1]).toBe('Bob played a card face down.');
  });

  it('gives The Succession its counts of Prince, Queen and Princess, and a card without a condition no count', () => {
    const succession: VisibleEvent = {
      ...scored,
      score: {
        ...scored.score,
        history: ['the-coronation-of-a-king', 'the-succession'],
        counts: [
          [0, 0, 0, 0],
          [1, 2, 0, 0],
        ],
        seats: scored.score.seats.map((x, seat) => ({ ...x, met: seat === 1 ? ['the-succession'] : [] })),
      },
    };
    const mine = { ...ctx('en'), me: seatOf(0) };
    expect(
      linesOf(succession, mine)
        .map(([, l]) => l)
        .slice(1, 3),
    ).toEqual(['The Coronation of a King: no Fame condition of its own.', 'The Succession — Prince, Queen, and Princess: you 1, Bob 2, Cyd 0, Bot 4 0 → Bob +1 Fame.']);
    expect(linesOf(succession, { ...ctx('hu'), me: seatOf(0) })[2]![1]).toBe('Az Örökösödés — Herceg, Királynő és Hercegnő: te 1, Bob 2, Cyd 0, Bot 4 0 → Bob +1 Hírnév.');
  });
});
