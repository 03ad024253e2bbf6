// Engine throughput on one core: `npm run bench:engine`. Figures only, no pass/fail. The script
// is bundled with esbuild first, as the app is: tsx's per-module export getters would otherwise
// cost the engine's many small cross-module calls about a fifth of its time.
//
//   random games      full 4-player games, each move picked uniformly from
//                     legalActions(state, decider) with a BotRng, applied with applyAction;
//   view-driven games the same, but the move is picked from viewFor(state, decider) by the
//                     random player (what a real bot does: it only ever gets its view);
//   in-place games    the same as random games, applied with applyInPlace to one private draft
//                     per game without events (what search bots do in their playouts); the goal
//                     is 5,000 a second;
//   deal-only         the baseline: newGame with a fresh seed, once per "round" (it derives the
//                     seed key, shuffles the history deck, reveals history and deals), as many
//                     rounds per game as the random games averaged.
//
//   Master            playouts per second of the Master's search over its decisions in a game
//                     against three Adepts (bench/master-rate.ts), as playouts per decision at
//                     its default 200 ms.
//
// The in-place games and the Master are also measured with the engine and bots of a baseline
// commit (bench/engine-baseline.js bundles them into out/bench/baseline.mjs), "before" beside
// "after". Everything runs in this one thread. After a warm-up, the workloads take turns in
// SLICES short slices, about MEASURE_MS in all for each.
//
// Each workload is timed twice: by the wall clock, and by the CPU time of this process (all its
// threads, the garbage collector's included). On a shared machine the wall clock also counts
// the time other processes hold the cores; the CPU time is what the work costs one core, and
// games per CPU-second are the figures to compare with an idle machine's games per second.
import { cpus, loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BotRng } from '../src/shared/bots/prng';
import { randomAction } from '../src/shared/bots/random-player';
import { type GameState, type Seat, applyAction, currentDecider, legalActions, newGame, resolvePlace, viewFor } from '../src/shared/rules';
import * as current from './comparable';
import { PLAYERS, type Tally, cpuMs, freshSeed } from './comparable';
import { sized } from './smoke';

type Comparable = typeof current;

const WARMUP_MS = sized(1_000, 30);
const MEASURE_MS = sized(3_000, 60);
const SLICES = sized(10, 2);
/** The Master's games (of MASTER_ROUNDS rounds each) per version. */
const MASTER_GAMES = sized(2, 1);
const MASTER_ROUNDS = 1;
const MASTER_DEFAULT_MS = 200;

type Chooser = (s: GameState, seat: Seat, rng: BotRng) => Parameters<typeof applyAction>[1];
const fromLegalActions: Chooser = (s, seat, rng) => rng.pick(legalActions(s, seat));
// A face-down card is answered by its place, which the host resolves (ruling 14).
const fromView: Chooser = (s, seat, rng) => resolvePlace(s, randomAction(viewFor(s, seat), rng));

function playOne(choose: Chooser, rng: BotRng, tally: Tally): void {
  const created = newGame({ players: PLAYERS, seed: freshSeed() });
  if (!created.ok) throw new Error(created.error.message);
  let s = created.value.state;
  let actions = 0;
  while (!s.over) {
    const seat = currentDecider(s)!;
    const r = applyAction(s, choose(s, seat, rng));
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code}`);
    s = r.value.state;
    actions++;
  }
  tally.games++;
  tally.actions += actions;
  tally.rounds += s.round + 1;
}

interface Timed {
  ms: number;
  cpuMs: number;
}

/** Run `step` repeatedly for about `ms`, checking the clock every `batch` steps; adds the wall and CPU time taken to `into`. */
function runFor(ms: number, batch: number, step: () => void, into: Timed = { ms: 0, cpuMs: 0 }): void {
  const start = performance.now();
  const cpuStart = cpuMs();
  let now = start;
  do {
    for (let i = 0; i < batch; i++) step();
    now = performance.now();
  } while (now - start < ms);
  into.ms += now - start;
  into.cpuMs += cpuMs() - cpuStart;
}

const perSecond = (n: number, ms: number) => (n * 1000) / ms;
const fmt = (x: number, digits = 0) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const newTally = (): Tally => ({ games: 0, actions: 0, rounds: 0, ms: 0, cpuMs: 0 });

const legalRng = new BotRng(1);
const viewRng = new BotRng(2);
const random = newTally();
const viewDriven = newTally();
const inPlaceRng = new BotRng(3);
const inPlace = newTally();
const baseline = { deals: 0, ms: 0, cpuMs: 0 };

// The baseline commit's engine and bots, when bench/engine-baseline.js could build them.
const baselineFile = join(dirname(fileURLToPath(import.meta.url)), 'baseline.mjs');
const before = existsSync(baselineFile) ? ((await import(pathToFileURL(baselineFile).href)) as Comparable & { BASELINE_COMMIT: string }) : null;
const beforeRng = new BotRng(3);
const inPlaceBefore = newTally();
const masterNow: current.MasterRate = { decisions: 0, playouts: 0, ms: 0, cpuMs: 0 };
const masterBefore: current.MasterRate = { decisions: 0, playouts: 0, ms: 0, cpuMs: 0 };

function deal(): void {
  const created = newGame({ players: PLAYERS, seed: freshSeed() });
  if (!created.ok) throw new Error(created.error.message);
}

// Warm-up: every workload, untimed.
runFor(WARMUP_MS / 3, 5, () => playOne(fromLegalActions, legalRng, newTally()));
runFor(WARMUP_MS / 3, 50, deal);
runFor(WARMUP_MS / 3, 5, () => playOne(fromView, viewRng, newTally()));
runFor(WARMUP_MS / 3, 5, () => current.playInPlace(inPlaceRng, newTally()));
if (before) runFor(WARMUP_MS / 3, 5, () => before.playInPlace(beforeRng, newTally()));

// The workloads take turns in short slices, so that a change of machine load (other
// processes) weighs on all of them alike and the ratios stay meaningful.
for (let slice = 0; slice < SLICES; slice++) {
  runFor(MEASURE_MS / SLICES, 5, () => playOne(fromLegalActions, legalRng, random), random);
  runFor(
    MEASURE_MS / SLICES,
    50,
    () => {
      deal();
      baseline.deals++;
    },
    baseline,
  );
  runFor(MEASURE_MS / SLICES, 5, () => playOne(fromView, viewRng, viewDriven), viewDriven);
  runFor(MEASURE_MS / SLICES, 5, () => current.playInPlace(inPlaceRng, inPlace), inPlace);
  if (before) runFor(MEASURE_MS / SLICES, 5, () => before.playInPlace(beforeRng, inPlaceBefore), inPlaceBefore);
}

// The Master: the same games (same seeds, same decisions) in both versions, taking turns.
for (let game = 0; game < MASTER_GAMES; game++) {
  current.measureMaster(`bench-master-${game}`, MASTER_ROUNDS, masterNow);
  before?.measureMaster(`bench-master-${game}`, MASTER_ROUNDS, masterBefore);
}

const roundsPerGame = random.rounds / random.games;
const dealsPerSecond = perSecond(baseline.deals, baseline.ms);
const gameMs = random.ms / random.games;
const dealOnlyMsPerGame = (roundsPerGame * 1000) / dealsPerSecond;
const viewGameMs = viewDriven.ms / viewDriven.games;

const BASELINE = before?.BASELINE_COMMIT ?? '';
const rows: [string, string][] = [
  ['random games / s (legalActions)', fmt(perSecond(random.games, random.ms), 1)],
  ['actions / s (legalActions)', fmt(perSecond(random.actions, random.ms))],
  ['actions per game (mean)', fmt(random.actions / random.games, 1)],
  ['rounds per game (mean)', fmt(roundsPerGame, 2)],
  ['µs per action', fmt((random.ms * 1000) / random.actions, 2)],
  ['baseline deals / s (newGame per round)', fmt(dealsPerSecond)],
  ['baseline µs per deal', fmt((baseline.ms * 1000) / baseline.deals, 2)],
  ['baseline deal-only games / s (same rounds)', fmt(dealsPerSecond / roundsPerGame, 1)],
  ['ms per game: full game', fmt(gameMs, 3)],
  ['ms per game: deal-only (same rounds)', fmt(dealOnlyMsPerGame, 3)],
  ['ratio game time / deal-only time', `${fmt(gameMs / dealOnlyMsPerGame, 1)}×`],
  ['random games / s (from viewFor)', fmt(perSecond(viewDriven.games, viewDriven.ms), 1)],
  ['actions / s (from viewFor)', fmt(perSecond(viewDriven.actions, viewDriven.ms))],
  ['ratio view-driven / legalActions game time', `${fmt(viewGameMs / gameMs, 2)}×`],
  ['random games / s (applyInPlace) — goal 5,000', fmt(perSecond(inPlace.games, inPlace.ms), 1)],
  ['actions / s (applyInPlace)', fmt(perSecond(inPlace.actions, inPlace.ms))],
  ['ratio in-place game time / deal-only time', `${fmt(inPlace.ms / inPlace.games / dealOnlyMsPerGame, 1)}×`],
  ['random games / CPU-s (applyInPlace) — goal 5,000', fmt(perSecond(inPlace.games, inPlace.cpuMs), 1)],
  ['baseline deal-only games / CPU-s (same rounds)', fmt(perSecond(baseline.deals, baseline.cpuMs) / roundsPerGame, 1)],
  ['ratio in-place game / deal-only, CPU time', `${fmt(inPlace.cpuMs / inPlace.games / ((roundsPerGame * baseline.cpuMs) / baseline.deals), 1)}×`],
  ['Master playouts / s of thinking', fmt(perSecond(masterNow.playouts, masterNow.ms))],
  [`Master playouts per ${MASTER_DEFAULT_MS} ms decision`, fmt(perSecond(masterNow.playouts, masterNow.ms) * (MASTER_DEFAULT_MS / 1000))],
  [`Master playouts per ${MASTER_DEFAULT_MS} ms of CPU`, fmt(perSecond(masterNow.playouts, masterNow.cpuMs) * (MASTER_DEFAULT_MS / 1000))],
];

if (before) {
  const gamesNow = perSecond(inPlace.games, inPlace.ms);
  const gamesBefore = perSecond(inPlaceBefore.games, inPlaceBefore.ms);
  const masterRateNow = perSecond(masterNow.playouts, masterNow.ms);
  const masterRateBefore = perSecond(masterBefore.playouts, masterBefore.ms);
  const cpuGamesNow = perSecond(inPlace.games, inPlace.cpuMs);
  const cpuGamesBefore = perSecond(inPlaceBefore.games, inPlaceBefore.cpuMs);
  const cpuMasterNow = perSecond(masterNow.playouts, masterNow.cpuMs);
  const cpuMasterBefore = perSecond(masterBefore.playouts, masterBefore.cpuMs);
  rows.push(
    [`before (${BASELINE}): random games / s (applyInPlace)`, fmt(gamesBefore, 1)],
    ['after ÷ before: in-place games', `${fmt(gamesNow / gamesBefore, 2)}×`],
    [`before: random games / CPU-s (applyInPlace)`, fmt(cpuGamesBefore, 1)],
    ['after ÷ before: in-place games, CPU time', `${fmt(cpuGamesNow / cpuGamesBefore, 2)}×`],
    [`before: Master playouts per ${MASTER_DEFAULT_MS} ms decision`, fmt(masterRateBefore * (MASTER_DEFAULT_MS / 1000))],
    ['after ÷ before: Master playouts', `${fmt(masterRateNow / masterRateBefore, 2)}×`],
    [`before: Master playouts per ${MASTER_DEFAULT_MS} ms of CPU`, fmt(cpuMasterBefore * (MASTER_DEFAULT_MS / 1000))],
    ['after ÷ before: Master playouts, CPU time', `${fmt(cpuMasterNow / cpuMasterBefore, 2)}×`],
  );
}

const width = Math.max(...rows.map(([k]) => k.length));
console.log(`Chronicle engine bench — ${PLAYERS} players, one thread, ~${MEASURE_MS / 1000} s per workload in ${SLICES} interleaved slices, after ${WARMUP_MS / 1000} s warm-up`);
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} (on ${cpus().length} cores)`,
);
console.log(`node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}`);
console.log(
  `measured: ${fmt(random.games)} games / ${fmt(random.actions)} actions (legalActions), ${fmt(baseline.deals)} deals, ` +
    `${fmt(viewDriven.games)} games / ${fmt(viewDriven.actions)} actions (viewFor), ${fmt(inPlace.games)} games in place, ` +
    `${fmt(masterNow.decisions)} Master decisions / ${fmt(masterNow.playouts)} playouts`,
);
console.log(before ? `before: the engine and bots of commit ${BASELINE}, measured in the same slices` : 'before: not measured (no baseline build)');
console.log('');
console.log(`${'figure'.padEnd(width)}  value`);
console.log(`${'-'.repeat(width)}  ${'-'.repeat(12)}`);
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v.padStart(12)}`);
