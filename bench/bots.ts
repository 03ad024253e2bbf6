// Bot tournaments with duplicate deals: `npm run bench:bots [-- options]`.
//
// Each pairing puts one bot of the tested level among bots of the level below (four players),
// and plays every deal once per seat of the tested bot (the engine's deals depend on the seed
// only, so every seating gets the same cards in every round: luck cancels). It prints each
// level's win share against the level below with a 95% confidence interval (over deals, the
// unit of a duplicate tournament; a fair share is 25%), the ratio to the fair share, average
// Fame per game, and decision time per level (decisions with more than one legal action).
//
// Options (or environment variables):
//   --deals N          deals for Novice vs Random and Adept vs Novice (BENCH_DEALS, default 250)
//   --master-deals N   deals for Master vs Adept                  (BENCH_MASTER_DEALS, default 14)
//   --master-ms N      the Master's budget per decision, in ms    (BENCH_MASTER_MS, default 200)
//   --jobs N           parallel processes                         (BENCH_JOBS, default: cores, at most 2)
//   --seed TEXT        tournament seed                            (BENCH_SEED, default "bench")
//   --only PAIRING     "novice", "adept" or "master" (the tested level): run one pairing only
//   --json FILE        also write the figures as JSON
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { playGame } from '../src/shared/bots/arena';
import { type Bot, type BotLevel, BotRng, createBot, hashString, randomAction } from '../src/shared/bots/index';
import { sized } from './smoke';
import { seatOf } from '../src/shared/ids';

/** The levels, and the random player below the Novice. */
type Player = BotLevel | 'random';

const PLAYERS = 4;
const FAIR = 1 / PLAYERS;

interface Pairing {
  readonly name: string;
  readonly test: Player;
  readonly base: Player;
  readonly deals: number;
  /** Target ratio to the fair share, or null (figures only). */
  readonly target: number | null;
}

interface Task {
  readonly pairing: number;
  readonly deal: number;
  readonly test: Player;
  readonly base: Player;
  readonly seed: string;
  readonly masterMs: number;
}

interface DealResult {
  readonly pairing: number;
  readonly deal: number;
  /** The tested bot's share of the win in each seating (1/k for a k-way shared win). */
  readonly shares: number[];
  readonly testFame: number[];
  /** Mean Fame of the other three seats, per seating. */
  readonly baseFame: number[];
  readonly rounds: number[];
  readonly times: Partial<Record<Player, number[]>>;
}

function arg(name: string, env: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1] !== undefined) return process.argv[i + 1]!;
  return process.env[env] ?? fallback;
}

function makePlayer(level: Player, seed: string, masterMs: number, now: () => number): Bot {
  if (level !== 'random') return createBot(level, { seed, budget: { ms: masterMs }, now });
  const rng = new BotRng(hashString(seed));
  return { level: 'novice', lastStats: null, observe() {}, decide: (view) => randomAction(view, rng) };
}

function runDeal(task: Task): DealResult {
  const now = () => performance.now();
  const result: DealResult = { pairing: task.pairing, deal: task.deal, shares: [], testFame: [], baseFame: [], rounds: [], times: {} };
  for (let testSeat = seatOf(0); testSeat < PLAYERS; testSeat++) {
    const levels = Array.from({ length: PLAYERS }, (_, s) => (s === testSeat ? task.test : task.base));
    const bots = levels.map((level, s) => makePlayer(level, `${task.seed}:${task.deal}:${testSeat}:${s}`, task.masterMs, now));
    const r = playGame({ players: PLAYERS, seed: `${task.seed}:deal:${task.deal}`, observeAll: true }, bots, {
      now,
      onDecision: (seat, ms, view) => {
        if (view.legalActions.length < 2) return;
        (result.times[levels[seat]!] ??= []).push(ms);
      },
    });
    result.shares.push(r.winners.includes(testSeat) ? 1 / r.winners.length : 0);
    result.testFame.push(r.fame[testSeat]!);
    result.baseFame.push((r.fame.reduce((a, b) => a + b, 0) - r.fame[testSeat]!) / (PLAYERS - 1));
    result.rounds.push(r.rounds);
  }
  return result;
}

// ---- child process: run the tasks it is sent ------------------------------------------------
if (process.env.BENCH_CHILD === '1') {
  process.on('message', ({ task }: { task: Task | null }) => {
    if (task === null) process.exit(0);
    process.send!(runDeal(task));
  });
} else {
  await main();
}

async function main(): Promise<void> {
  const deals = Number(arg('deals', 'BENCH_DEALS', sized('250', '1')));
  const masterDeals = Number(arg('master-deals', 'BENCH_MASTER_DEALS', sized('14', '1')));
  const masterMs = Number(arg('master-ms', 'BENCH_MASTER_MS', sized('200', '10')));
  const jobs = Math.max(1, Number(arg('jobs', 'BENCH_JOBS', sized(String(Math.min(2, availableParallelism())), '1'))));
  const seed = arg('seed', 'BENCH_SEED', 'bench');
  const only = arg('only', 'BENCH_ONLY', '');
  const jsonFile = arg('json', 'BENCH_JSON', '');

  const all: Pairing[] = [
    { name: 'Novice vs 3 Random', test: 'novice', base: 'random', deals, target: null },
    { name: 'Adept vs 3 Novices', test: 'adept', base: 'novice', deals, target: 1.6 },
    { name: 'Master vs 3 Adepts', test: 'master', base: 'adept', deals: masterDeals, target: 1.25 },
  ];
  const pairings = all.filter((p) => !only || p.test === only);

  const tasks: Task[] = [];
  // Master deals first: they are the long ones, so the processes finish together.
  for (let p = pairings.length - 1; p >= 0; p--) {
    for (let d = 0; d < pairings[p]!.deals; d++) tasks.push({ pairing: p, deal: d, test: pairings[p]!.test, base: pairings[p]!.base, seed, masterMs });
  }
  console.log(`Chronicle bot tournament: ${PLAYERS} players, duplicate deals (each deal played with the tested bot in every seat)`);
  console.log(`seed "${seed}", ${jobs} process(es), Master budget ${masterMs} ms per decision`);
  for (const p of pairings) console.log(`  ${p.name}: ${p.deals} deals = ${p.deals * PLAYERS} games`);

  const started = performance.now();
  const results: DealResult[] = [];
  let next = 0;
  let lastReport = started;
  await Promise.all(
    Array.from({ length: Math.min(jobs, tasks.length) }, () => {
      const child = fork(fileURLToPath(import.meta.url), process.argv.slice(2), { env: { ...process.env, BENCH_CHILD: '1' } });
      return new Promise<void>((resolve, reject) => {
        const feed = () => child.send(next < tasks.length ? { task: tasks[next++]! } : { task: null });
        child.on('message', (r: DealResult) => {
          results.push(r);
          if (performance.now() - lastReport > 15_000) {
            lastReport = performance.now();
            console.log(`  … ${results.length}/${tasks.length} deals, ${((lastReport - started) / 1000).toFixed(0)} s`);
          }
          feed();
        });
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench process exited with ${code}`))));
        feed();
      });
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const report: Record<string, unknown> = { seed, masterMs, jobs, seconds, pairings: [] as unknown[], times: {} };
  console.log(`\nWin share of the tested bot (fair share ${(FAIR * 100).toFixed(0)}%), 95% CI over deals:`);
  console.log(
    pad('pairing', 22) + pad('games', 7) + pad('win share', 11) + pad('95% CI', 17) + pad('× fair', 8) + pad('target', 8) + pad('Fame/game', 11) + pad('others', 8) + 'rounds/game',
  );
  pairings.forEach((p, index) => {
    const mine = results.filter((r) => r.pairing === index);
    if (mine.length === 0) return;
    const perDeal = mine.map((r) => mean(r.shares));
    const m = mean(perDeal);
    // Too few deals for a meaningful interval: print none.
    const half = mine.length >= 10 ? 1.96 * Math.sqrt(variance(perDeal) / mine.length) : NaN;
    const testFame = mean(mine.flatMap((r) => r.testFame));
    const baseFame = mean(mine.flatMap((r) => r.baseFame));
    const rounds = mean(mine.flatMap((r) => r.rounds));
    const ratio = m / FAIR;
    const verdict =
      p.target === null ? '' : Number.isNaN(half) ? '(too few deals to judge)' : ratio - half / FAIR >= p.target ? 'met' : ratio >= p.target ? 'met (CI spans it)' : 'NOT met';
    console.log(
      pad(p.name, 22) +
        pad(String(mine.length * PLAYERS), 7) +
        pad(pct(m), 11) +
        pad(`${pct(m - half)}–${pct(m + half)}`, 17) +
        pad(`${ratio.toFixed(2)}×`, 8) +
        pad(p.target === null ? '–' : `${p.target}×`, 8) +
        pad(testFame.toFixed(2), 11) +
        pad(baseFame.toFixed(2), 8) +
        rounds.toFixed(2) +
        `   ${verdict}`,
    );
    (report.pairings as unknown[]).push({
      name: p.name,
      deals: mine.length,
      games: mine.length * PLAYERS,
      share: m,
      ci: [m - half, m + half],
      ratio,
      target: p.target,
      testFame,
      baseFame,
      rounds,
    });
  });

  console.log('\nDecision time per level (decisions with a choice), ms:');
  console.log(pad('level', 10) + pad('decisions', 11) + pad('p50', 9) + pad('p95', 9) + pad('p99', 9) + 'max');
  for (const level of ['novice', 'adept', 'master'] as Player[]) {
    const t = results.flatMap((r) => r.times[level] ?? []).sort((a, b) => a - b);
    if (t.length === 0) continue;
    const q = (x: number) => t[Math.min(t.length - 1, Math.floor(x * t.length))]!;
    console.log(pad(level, 10) + pad(String(t.length), 11) + pad(q(0.5).toFixed(2), 9) + pad(q(0.95).toFixed(2), 9) + pad(q(0.99).toFixed(2), 9) + t[t.length - 1]!.toFixed(2));
    (report.times as Record<string, unknown>)[level] = { n: t.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: t[t.length - 1] };
  }
  // The Master keeps to its budget (unit tests check it honours the clock it is given; what a
  // machine's load does to it shows here): its decisions by the wall clock, as ratios to it.
  const master = results.flatMap((r) => r.times['master'] ?? []).sort((a, b) => a - b);
  if (master.length > 0) {
    const at = (x: number) => master[Math.min(master.length - 1, Math.floor(x * master.length))]! / masterMs;
    console.log(`Master decision ÷ its ${masterMs} ms budget: p50 ${at(0.5).toFixed(2)}×, p99 ${at(0.99).toFixed(2)}×, max ${at(1).toFixed(2)}×`);
  }
  console.log(`\n${seconds.toFixed(0)} s in all.`);
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(report, null, 2));
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
function variance(xs: readonly number[]): number {
  const m = mean(xs);
  return xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
}
function pct(x: number): string {
  return Number.isNaN(x) ? '–' : `${(x * 100).toFixed(1)}%`;
}
function pad(s: string, n: number): string {
  return s.length >= n ? `${s} ` : s + ' '.repeat(n - s.length);
}
