// Bots in whole games: every move legal, same seed same moves, the Master stopping when the clock
// it is given says its budget is spent (how long it takes on a real clock is bench:bots' figure).
import { describe, expect, it } from 'vitest';
import { playGame } from '../../../src/shared/bots/arena';
import { type BotLevel, createBot } from '../../../src/shared/bots/index';
import type { Action, PlayerView } from '../../../src/shared/rules';
import { games } from '../../kit/soak';
import { OPTION_SETS } from '../../kit/game/playout';

const LEVELS: readonly BotLevel[] = ['novice', 'adept', 'master'];
// Full count under `npm run test:soak` (tests/kit/soak.ts).
const LEGAL_GAMES = games(2000, 64);
const MASTER_GAMES = games(48, 4);

describe('every bot move is legal', () => {
  // The arena applies each move with the engine and throws on a refused one.
  it(`Novice and Adept, in ${LEGAL_GAMES} games of 3–6 players with every option set`, () => {
    let decisions = 0;
    for (let g = 0; g < LEGAL_GAMES; g++) {
      const players = 3 + (g % 4);
      const bots = Array.from({ length: players }, (_, s) => createBot((g + s) % 2 === 0 ? 'novice' : 'adept', { seed: g * 7 + s }));
      const r = playGame({ players, seed: `legal-${g}`, options: OPTION_SETS[(g >> 2) % OPTION_SETS.length], observeAll: g % 8 === 0 }, bots);
      expect(r.state.over).toBe(true);
      decisions += r.decisions;
    }
    expect(decisions).toBeGreaterThan(LEGAL_GAMES * 150);
  }, 300_000);

  it(`Master (small playout budget), in ${MASTER_GAMES} games of 3–6 players`, () => {
    let masterDecisions = 0;
    for (let g = 0; g < MASTER_GAMES; g++) {
      const players = 3 + (g % 4);
      const bots = Array.from({ length: players }, (_, s) => createBot(s % 2 === 0 ? 'master' : LEVELS[(g + s) % 2]!, { seed: g * 11 + s, budget: { playouts: 12 } }));
      const r = playGame({ players, seed: `legal-master-${g}`, options: OPTION_SETS[g % OPTION_SETS.length], observeAll: true, maxRounds: 2 }, bots, {
        onDecision: (seat) => {
          if (seat % 2 === 0) masterDecisions++;
        },
      });
      expect(r.decisions).toBeGreaterThan(0);
    }
    expect(masterDecisions).toBeGreaterThan(MASTER_GAMES * 40);
  }, 300_000);
});

describe('determinism', () => {
  const record = (levels: readonly BotLevel[], seed: number): Action[] => {
    const actions: Action[] = [];
    const bots = levels.map((level, s) => createBot(level, { seed: seed + s, budget: { playouts: 20 } }));
    playGame({ players: levels.length, seed: 'same-deal', maxRounds: 1 }, bots, { onDecision: (_s, _ms, _v, a) => actions.push(a) });
    return actions;
  };

  it('the same seeds give the same decisions, for every level', () => {
    const levels: BotLevel[] = ['master', 'adept', 'novice', 'master'];
    expect(record(levels, 100)).toEqual(record(levels, 100));
  });

  it('another seed gives other decisions (the seed is used)', () => {
    expect(record(['novice', 'novice', 'novice', 'novice'], 1)).not.toEqual(record(['novice', 'novice', 'novice', 'novice'], 2));
  });

  it('a decision depends on the view alone, not on what was asked before', () => {
    const views: PlayerView[] = [];
    const bots = [0, 1, 2, 3].map((s) => createBot('master', { seed: s, budget: { playouts: 16 } }));
    playGame({ players: 4, seed: 'replay', maxRounds: 1 }, bots, { onDecision: (seat, _ms, v) => seat === 0 && views.push(v) });
    const first = createBot('master', { seed: 0, budget: { playouts: 16 } });
    const again = createBot('master', { seed: 0, budget: { playouts: 16 } });
    const late = views.slice(3);
    // A fresh bot shown only the later views decides like one that saw them all: the views it
    // missed only change what it remembers, and here nothing it could remember changes the sample.
    const a = late.map((v) => first.decide(v));
    const b = late.map((v) => again.decide(v));
    expect(a).toEqual(b);
  });
});

describe('the Master keeps to its time budget', () => {
  it('stops thinking when its clock says the budget is spent (a clock that ticks per reading)', () => {
    // Each reading of this clock advances it by 0.25 ms: the Master's decision "takes" exactly
    // as long as it reads the clock, whatever the machine is doing.
    let t = 0;
    const now = () => (t += 0.25);
    const budget = 40;
    const elapsed: number[] = [];
    const full: number[] = [];
    const bots = [0, 1, 2, 3].map((s) => createBot(s === 0 ? 'master' : 'adept', { seed: s, budget: { ms: budget }, now }));
    playGame({ players: 4, seed: 'ticks', maxRounds: 1 }, bots, {
      now,
      onDecision: (seat, ms, view) => {
        if (seat !== 0 || view.legalActions.length < 2) return;
        elapsed.push(ms);
        // A search that found a clear winner may stop before its budget.
        if (!bots[0]!.lastStats!.early) full.push(ms);
      },
    });
    expect(elapsed.length).toBeGreaterThan(5);
    // The arena's own two readings plus one playout past the deadline.
    for (const ms of elapsed) expect(ms).toBeLessThanOrEqual(budget + 1);
    expect(full.length).toBeGreaterThan(0);
    for (const ms of full) expect(ms).toBeGreaterThanOrEqual(budget);
  });
});
