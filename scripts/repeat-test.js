// `npm run test:repeat [-- N]`: the whole of `npm test`, N times in a row (default 5), then the
// failures per test over all runs and each run's time. A test that fails once here is flaky,
// and a flaky test is a bug. Exits 1 when anything failed. A failed step's whole output, and
// Playwright's traces of a failed run, are kept in repeat-results/ to find the cause.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 5);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`usage: npm run test:repeat [-- N]  (N a whole number of runs, got ${process.argv[2]})`);
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), 'chronicle-repeat-'));
const kept = 'repeat-results';
rmSync(kept, { recursive: true, force: true });
mkdirSync(kept);
/** @type {Map<string, number[]>} Test name -> the runs it failed in. */
const failures = new Map();
/** @param {string} name @param {number} run */
const fail = (name, run) => failures.set(name, [...(failures.get(name) ?? []), run]);

/**
 * Runs one step quietly; its output is printed only when it fails.
 * @param {number} run @param {string} name @param {string} command @param {string[]} args @param {Record<string, string>} [env]
 */
function step(run, name, command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024 });
  const ok = result.status === 0;
  console.log(`  run ${run} · ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) {
    const output = join(kept, `run-${run}-${name}.log`);
    writeFileSync(output, result.stdout + result.stderr);
    console.log(`${(result.stdout + result.stderr).split('\n').slice(-20).join('\n')}\n    its whole output: ${output}`);
  }
  return ok;
}

/**
 * Vitest's JSON report: one entry per file, one assertion result per test.
 * @param {string} file @param {number} run
 */
function vitestFailures(file, run) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    for (const suite of report.testResults) {
      for (const test of suite.assertionResults) if (test.status === 'failed') fail(`vitest ${suite.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`, run);
      if (suite.status === 'failed' && suite.assertionResults.length === 0) fail(`vitest ${suite.name} (the file did not load)`, run);
    }
  } catch (error) {
    fail(`vitest report unreadable: ${String(error)}`, run);
  }
}

/**
 * @typedef {{ title: string, specs?: { title: string, tests: { results: { status: string }[] }[] }[], suites?: Suite[] }} Suite
 */

/**
 * Playwright's JSON report: suites (files, describes) of specs, each with its tests' results.
 * @param {string} file @param {number} run
 */
function playwrightFailures(file, run) {
  /** @param {Suite} suite @param {string[]} path */
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.results.some((r) => r.status !== 'passed' && r.status !== 'skipped')) fail(`playwright ${[...path, spec.title].join(' › ')}`, run);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  try {
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites) walk(suite, [suite.title]);
  } catch (error) {
    fail(`playwright report unreadable: ${String(error)}`, run);
  }
}

const npx = 'npx';
const times = [];
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  console.log(`run ${run} of ${runs}`);
  if (!step(run, 'lint', 'npm', ['run', 'lint'])) fail('lint', run);
  if (!step(run, 'typecheck', 'npm', ['run', 'typecheck'])) fail('typecheck', run);
  const vitestReport = join(scratch, `vitest-${run}.json`);
  step(run, 'vitest', npx, ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${vitestReport}`]);
  vitestFailures(vitestReport, run);
  if (!step(run, 'build', 'npm', ['run', 'build'])) fail('build', run);
  const playwrightReport = join(scratch, `playwright-${run}.json`);
  // Traces on here (npm test records none, for speed): a flaky test's trace shows its cause.
  const passed = step(run, 'playwright', npx, ['playwright', 'test', '--reporter=list,json', '--trace=retain-on-failure'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  playwrightFailures(playwrightReport, run);
  // The next run would overwrite the traces of the failed tests.
  if (!passed && existsSync('test-results')) renameSync('test-results', join(kept, `run-${run}-test-results`));
  times.push((Date.now() - started) / 1000);
}
rmSync(scratch, { recursive: true, force: true });

console.log(`\n${runs} runs: ${times.map((s) => `${s.toFixed(0)} s`).join(', ')}`);
if (failures.size === 0) {
  console.log('no test failed in any run');
} else {
  console.log('failures per test:');
  for (const [name, failed] of [...failures].sort((a, b) => b[1].length - a[1].length)) console.log(`  ${failed.length}/${runs}  ${name}  (runs ${failed.join(', ')})`);
}
process.exit(failures.size === 0 ? 0 : 1);
