// The guided round's steps: each comes at its moment of a real game (engine states), in the
// guide's order, once; none before its moment; the round's end only after the first round.
import { describe, expect, it } from 'vitest';
import { STEPS, type StepId, currentStep, due } from '../../../../src/renderer/src/lib/help/tutorial.svelte';
import { playUntil, startGame } from '../../../kit/game/playout';
import type { GameState } from '../../../../src/shared/rules/state';
import { viewFor } from '../../../../src/shared/rules/view';
import { seatOf } from '../../../../src/shared/ids';

const at = (state: GameState, me = 0, deciding = false) => ({ view: viewFor(state, seatOf(me)), me, deciding });

describe('the guided round', () => {
  it('opens with the welcome, the history cards and the hand, in that order, each once read', () => {
    const moment = at(startGame(3));
    const read: StepId[] = [];
    for (const expected of ['welcome', 'history', 'hand'] as const) {
      expect(currentStep(read, moment)).toBe(expected);
      read.push(expected);
    }
    expect(due('roundEnd', moment)).toBe(false);
    expect(due('allies', moment)).toBe(false);
    expect(due('decision', moment)).toBe(false);
  });

  it('tells of the meeting once a card is on the table, of allies once someone has some, of a decision only while one is asked', () => {
    const playing = playUntil(3, (s) => s.round === 0 && s.meeting.plays.length > 0 && s.allies.some((a) => a.length > 0));
    const moment = at(playing);
    expect(due('meeting', moment)).toBe(true);
    expect(due('allies', moment)).toBe(true);
    expect(currentStep(['welcome', 'history', 'hand', 'play'], moment)).toBe('meeting');
    expect(currentStep(['welcome', 'history', 'hand', 'play', 'meeting'], moment)).toBe('allies');
    expect(due('decision', { ...moment, deciding: true })).toBe(true);
  });

  it('ends with the round: the last step comes after the first round, and nothing once all is read', () => {
    const second = playUntil(3, (s) => s.round === 1);
    const moment = at(second);
    expect(currentStep([], moment)).toBe('roundEnd');
    expect(STEPS.filter((step) => step !== 'roundEnd').every((step) => !due(step, moment))).toBe(true);
    expect(currentStep([...STEPS], moment)).toBeNull();
  });
});

describe("the guide's words for touch screens", () => {
  // Mouse and keyboard words, per language, that a touch player must not be told.
  const DESK_WORDS = {
    en: [/click/i, /press its number/i, /enter/i, /hover/i, /\besc\b/i],
    hu: [/kattints/i, /nyomd meg a számát/i, /enter/i, /vidd az egeret/i, /\besc\b/i],
    fr: [/cliquez/i, /tapez son numéro/i, /entrée/i, /survolez/i, /échap/i],
  } as const;
  it.each(['en', 'hu', 'fr'] as const)('in %s, the hand, play and decision steps say it in taps', async (lang) => {
    const table = (await import(`../../../../src/renderer/src/lib/i18n/${lang}.ts`))[lang] as Record<string, string>;
    for (const step of ['hand', 'play', 'decision']) {
      const words = table[`tutorial.${step}Touch`]!;
      expect(words, `tutorial.${step}Touch`).toBeTruthy();
      for (const desk of DESK_WORDS[lang]) expect(words, `tutorial.${step}Touch`).not.toMatch(desk);
    }
  });
});
