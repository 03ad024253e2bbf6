// The wrong Node is named at the first command: `npm ci` refuses it (engine-strict in .npmrc,
// package.json "engines"), and `npm start` / `npm test` begin with scripts/check-node.js, which
// says in one line which Node is needed and how to get it. The old Node is the machine's own
// (/usr/bin/node, Node 20 on Debian), run for real.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeProblem } from '../../../scripts/check-node.js';

const SYSTEM_NODE = '/usr/bin/node';
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
const dirs: string[] = [];

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs `command args` and resolves with its exit code and output (never rejects). */
function run(command: string, args: string[], cwd = resolve('.')) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(command, args, { cwd }, (err, stdout, stderr) => done({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
  });
}

/** Why the machine's own Node cannot stand in for an old one here, or null. */
async function noOldNode(): Promise<string | null> {
  if (!existsSync(SYSTEM_NODE)) return `${SYSTEM_NODE} does not exist`;
  const { stdout } = await run(SYSTEM_NODE, ['-p', 'process.versions.node']);
  return nodeProblem(stdout.trim(), pkg.engines.node, '22', SYSTEM_NODE) ? null : `${SYSTEM_NODE} is Node ${stdout.trim()}, not older than ${pkg.engines.node}`;
}

/** npm's own script (npm-cli.js), found as the `npm` on PATH. */
function npmCli(): string | null {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    const npm = join(dir, 'npm');
    if (!existsSync(npm)) continue;
    const real = realpathSync(npm);
    if (real.endsWith('.js')) return real;
  }
  return null;
}

describe('the Node version check', () => {
  it('names the Node needed and how to get it, in one line, for a Node older than "engines"', () => {
    expect(nodeProblem('20.20.2', '>=22.13', '22', '/usr/bin/node')).toBe(
      'Chronicle needs Node 22.13 or newer and this is Node 20.20.2 (/usr/bin/node): run `nvm install && nvm use` in this folder (.nvmrc names Node 22) or install Node 22 from https://nodejs.org, then run the command again.',
    );
    expect(nodeProblem('22.12.9', '>=22.13', '22', 'node')).toMatch(/^Chronicle needs Node 22\.13 or newer and this is Node 22\.12\.9 /);
    for (const fine of ['22.13.0', '22.23.5', '23.0.0', '24.1.0']) expect(nodeProblem(fine, '>=22.13', '22', 'node')).toBeNull();
  });

  it('npm start and npm test run it first', () => {
    expect(pkg.scripts['start']).toMatch(/^node scripts\/check-node\.js && /);
    expect(pkg.scripts['test']).toMatch(/^node scripts\/check-node\.js && /);
  });

  it("stops the machine's older Node with that one line and exit code 1", async (context) => {
    const why = await noOldNode();
    if (why) {
      console.log(`old-Node check skipped: ${why}`);
      context.skip();
    }
    const { code, stdout, stderr } = await run(SYSTEM_NODE, ['scripts/check-node.js']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^Chronicle needs Node 22\.13 or newer and this is Node 20\.\d+\.\d+ \(\/usr\/bin\/node\): run `nvm install && nvm use` in this folder \(\.nvmrc names Node 22\) .*\n$/,
    );
  });

  it('this Node passes the check silently', async () => {
    expect(await run(process.execPath, ['scripts/check-node.js'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('npm ci refuses an older Node, naming the version needed; on this Node every dependency accepts it', async (context) => {
    const cli = npmCli();
    const why = cli ? await noOldNode() : 'no npm on PATH';
    if (why) {
      console.log(`npm ci engine check skipped: ${why}`);
      context.skip();
    }
    // A copy of what `npm ci` reads; --dry-run checks every package's "engines" and installs nothing.
    const dir = mkdtempSync(join(tmpdir(), 'chronicle-engine-strict-'));
    dirs.push(dir);
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(file, join(dir, file));
    const args = [cli!, 'ci', '--dry-run', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'];
    const old = await run(SYSTEM_NODE, args, dir);
    expect(old.code, old.stderr).not.toBe(0);
    expect(old.stderr).toContain('EBADENGINE');
    expect(old.stderr).toContain(`Required: {"node":"${pkg.engines.node}"}`);
    const current = await run(process.execPath, args, dir);
    expect(current.stderr).not.toContain('EBADENGINE');
    expect(current.code, current.stderr).toBe(0);
  });
});
