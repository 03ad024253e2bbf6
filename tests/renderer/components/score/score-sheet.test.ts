// The score sheet of a whole game played by the engine: every round explained (its scoring in
// words and its counts), the newest first and open, each with the Fame after that round, and
// the reader told as "you".
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import { BotRng } from '../../../../src/shared/bots/prng';
import type { EventBatch } from '../../../../src/shared/protocol/event-log';
import { applyAction, currentDecider, legalActions, newGame, redactEvent } from '../../../../src/shared/rules';
import ScoreSheet from '../../../../src/renderer/src/components/score/ScoreSheet.svelte';
import { i18n } from '../../../../src/renderer/src/lib/i18n/index.svelte';
import { clearPage } from '../../../kit/dom/page';
import { seatOf } from '../../../../src/shared/ids';

let app: ReturnType<typeof mount> | undefined;
afterEach(() => (app = clearPage(app)));

/** A whole game of random legal moves for 3 seats, as seat 0's log; and the Fame at the end. */
function game(): { log: EventBatch[]; fame: readonly number[] } {
  const made = newGame({ players: 3, seed: 'score-sheet' });
  if (!made.ok) throw new Error(made.error.message);
  const rng = new BotRng(7);
  const log: EventBatch[] = [{ version: 0, events: made.value.events.map((e) => redactEvent(e, seatOf(0))) }];
  let state = made.value.state;
  while (!state.over) {
    const next = applyAction(state, rng.pick(legalActions(state, currentDecider(state)!)));
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
    log.push({ version: state.version, events: next.value.events.map((e) => redactEvent(e, seatOf(0))) });
  }
  return { log, fame: state.fame };
}

describe('the score sheet', () => {
  const { log, fame } = game();
  const scored = log.flatMap((b) => b.events.flatMap((e) => (e.type === 'roundScored' ? [e] : [])));

  it('explains every round, the newest first and open, from the rounds’ events', () => {
    expect(scored.length, 'the game had several rounds').toBeGreaterThan(1);
    app = mount(ScoreSheet, { target: document.body, props: { log, names: ['Ann', 'Bob', 'Cyd'], me: seatOf(0), fame } });
    flushSync();
    const rounds = Array.from(document.querySelectorAll<HTMLDetailsElement>('[data-testid="sheet-round"]'));
    expect(rounds.map((r) => Number(r.dataset['round']))).toEqual(scored.map((e) => e.score.round + 1).reverse());
    expect(rounds.map((r) => r.open)).toEqual(rounds.map((_, i) => i === 0));
    rounds.forEach((r, i) => {
      const e = scored[scored.length - 1 - i]!;
      const steps = Array.from(r.querySelectorAll('.steps li'), (li) => li.textContent ?? '');
      expect(steps[0]).toBe(`Round ${e.score.round + 1} ends: the cards left in hands join their owners' allies.`);
      expect(steps.at(-1)).toMatch(/^Fame: you \d+, Bob \d+, Cyd \d+\.$/);
      // Each history card in play has its line (unless an Evil monopoly decided the round).
      if (e.score.evilMonopoly === null) expect(steps.filter((s) => s.includes(' → ') || s.includes('no Fame condition')).length).toBe(e.score.history.length);
      expect(steps.join(' ')).not.toMatch(/\bAnn\b/);
      // The counts table: each seat's Fame after this round, not the game's.
      const fameCells = Array.from(r.querySelectorAll('[data-testid="score-table"] tbody tr'), (tr) => Number(tr.lastElementChild?.textContent));
      expect(fameCells).toEqual([...e.fame]);
    });
    expect(document.querySelector('[data-testid="score-sheet"]')?.getAttribute('data-rounds')).toBe(String(scored.length));
  });

  it('in Hungarian titles each round with its article', () => {
    i18n.set('hu');
    app = mount(ScoreSheet, { target: document.body, props: { log, names: ['Ann', 'Bob', 'Cyd'], me: null, fame } });
    flushSync();
    const first = document.querySelector('[data-testid="sheet-round"][data-round="1"] .steps li')?.textContent;
    expect(first).toMatch(/^Véget ért az 1\. forduló/);
  });

  it('says so before any round is scored', () => {
    app = mount(ScoreSheet, { target: document.body, props: { log: log.slice(0, 2), names: ['Ann', 'Bob', 'Cyd'], fame: [0, 0, 0] } });
    flushSync();
    expect(document.body.textContent).toContain('No round has been scored yet.');
  });
});
