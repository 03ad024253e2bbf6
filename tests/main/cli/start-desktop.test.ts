// `npm start` where a window can open (DISPLAY set) and Electron's binary was never downloaded:
// it downloads the binary with the electron package's own installer, from the mirror
// ELECTRON_MIRROR names (here a local HTTP server), then opens the app; when the download fails
// it serves a browser and says why and how to retry. The project is a temporary copy whose
// node_modules/electron is its own (the rest links to the real one), so the real package never
// gets the stand-in binary; the installer's cache is a temporary folder too.
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { signalGroup, spawnInGroup } from '../../kit/child-process';
import { expectFreshBuild } from '../../kit/fresh-build';
import { zip } from '../../kit/zip';

const REPO = resolve('.');
const VERSION = (JSON.parse(readFileSync(join(REPO, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const ZIP = `electron-v${VERSION}-${process.platform}-${process.arch}.zip`;
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const clean of cleanups.splice(0).reverse()) clean();
});

/** Why these tests cannot run here, or null. */
function cannotRun(): string | null {
  if (process.platform !== 'linux') return 'the stand-in Electron binary is a shell script named as on Linux';
  expectFreshBuild();
  return null;
}

/** A copy of the project: its own node_modules/electron (without any binary), everything else linked. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chronicle-npm-start-electron-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  // start.js finds the project from its own path, so the scripts are copied (keeping their
  // times: they count as build sources); the rest is linked.
  cpSync(join(REPO, 'scripts'), join(dir, 'scripts'), { recursive: true, preserveTimestamps: true });
  for (const name of ['package.json', 'src', 'out', 'bin', 'electron.vite.config.ts', 'tsconfig.json', 'tsconfig.node.json', 'tsconfig.web.json']) {
    symlinkSync(join(REPO, name), join(dir, name));
  }
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(REPO, 'node_modules'))) {
    if (name !== 'electron' && name !== '.bin') symlinkSync(join(REPO, 'node_modules', name), join(dir, 'node_modules', name));
  }
  const electron = join(REPO, 'node_modules/electron');
  cpSync(electron, join(dir, 'node_modules/electron'), {
    recursive: true,
    filter: (src) => src !== join(electron, 'dist') && src !== join(electron, 'path.txt'),
  });
  return dir;
}

interface Mirror {
  readonly url: string;
  readonly asked: string[];
}

/** A download mirror on loopback: `files` by path, 404 for anything else; records every request. */
async function mirror(files: Record<string, Buffer>): Promise<Mirror> {
  const asked: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const path = new URL(req.url ?? '/', 'http://mirror').pathname;
    asked.push(path);
    const body = files[path];
    if (body) res.writeHead(200, { 'content-length': body.length }).end(body);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, asked };
}

/** `node scripts/start.js ...args` in `dir`, as from a desktop session (DISPLAY set), its output collected. */
function npmStart(dir: string, env: NodeJS.ProcessEnv, args: string[]) {
  const base = { ...process.env };
  // What this test sets decides: no system-wide Electron, no npm options from a parent npm.
  for (const key of [
    'ELECTRON_EXEC_PATH',
    'ELECTRON_OVERRIDE_DIST_PATH',
    'WAYLAND_DISPLAY',
    'npm_config_lan',
    'npm_config_long',
    'npm_config_all',
    'npm_config_port',
    'electron_use_remote_checksums',
    'npm_config_electron_use_remote_checksums',
  ]) {
    delete base[key];
  }
  const data = join(dir, 'data');
  const child: ChildProcess = spawnInGroup(process.execPath, [join(dir, 'scripts/start.js'), ...args], {
    cwd: dir,
    env: { ...base, DISPLAY: ':77', CHRONICLE_DATA: data, electron_config_cache: join(dir, 'electron-cache'), ELECTRON_GET_NO_PROGRESS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => signalGroup(child, 'SIGKILL'));
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += String(d)));
  child.stderr?.on('data', (d: Buffer) => (out += String(d)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  /** Resolves with the first match of `pattern` in the output; rejects if the process ends first. */
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((done, fail) => {
      const look = () => {
        const m = pattern.exec(out);
        if (m) {
          child.stdout?.off('data', look);
          done(m);
        }
      };
      child.stdout?.on('data', look);
      look();
      void exited.then((code) => fail(new Error(`npm start exited (${code}) before ${pattern}:\n${out}`)));
    });
  return { child, exited, waitFor, output: () => out };
}

describe('npm start where a window can open and the Electron binary is missing', () => {
  it('asks the mirror for Electron, and when it has nothing serves a browser, saying in one line why and what to do', async (context) => {
    const why = cannotRun();
    if (why) {
      console.log(`npm start download test skipped: ${why}`);
      context.skip();
    }
    const dir = project();
    const { url, asked } = await mirror({});
    const run = npmStart(dir, { ELECTRON_MIRROR: url }, ['--port', '0']);
    const [, address] = await run.waitFor(/(http:\/\/\S+)\s+\(this machine\)/);
    expect(asked).toContain(`/v${VERSION}/${ZIP}`);
    // One line: what happened (the URL and its answer), what is served instead, what to do.
    expect(run.output()).toContain(
      `npm start: Electron's download failed: ${url}v${VERSION}/${ZIP} answered 404 Not Found; serving Chronicle to a browser instead (this computer only; \`npm start -- --lan\` for the network). That server does not have this Electron build: check ELECTRON_MIRROR (${url}) or set it to another mirror.\n`,
    );
    expect(run.output()).not.toMatch(/^\s+at /m);
    expect((await fetch(address!)).status).toBe(200);
    expect(existsSync(join(dir, 'node_modules/electron/path.txt'))).toBe(false);
    run.child.kill('SIGTERM');
    await run.exited;
  });

  it('downloads a stand-in Electron build from the mirror and launches it on the project', async (context) => {
    const why = cannotRun();
    if (why) {
      console.log(`npm start download test skipped: ${why}`);
      context.skip();
    }
    const dir = project();
    const record = join(dir, 'launched.txt');
    // The stand-in "binary" writes down where and how it was started, then exits.
    const standIn = `#!/bin/sh\n{ pwd; echo "port=$CHRONICLE_PORT"; for a in "$@"; do echo "arg=$a"; done; } > "$STANDIN_RECORD"\n`;
    const build = zip([
      { name: 'electron', data: standIn, mode: 0o755 },
      { name: 'version', data: `v${VERSION}` },
    ]);
    const sums = `${createHash('sha256').update(build).digest('hex')} *${ZIP}\n`;
    const { url, asked } = await mirror({ [`/v${VERSION}/${ZIP}`]: build, [`/v${VERSION}/SHASUMS256.txt`]: Buffer.from(sums) });
    const realBinaryBefore = existsSync(join(REPO, 'node_modules/electron/path.txt'));

    const run = npmStart(dir, { ELECTRON_MIRROR: url, electron_use_remote_checksums: '1', STANDIN_RECORD: record }, ['--port', '0']);
    // It ends when the stand-in does; serving a browser instead would never end by itself.
    const browser = run.waitFor(/serving Chronicle to a browser/).then(
      () => 'a browser',
      () => 'exit',
    );
    expect(await Promise.race([run.exited.then(() => 'exit'), browser]), run.output()).toBe('exit');
    expect(await run.exited, run.output()).toBe(0);
    expect(asked).toContain(`/v${VERSION}/${ZIP}`);
    expect(asked).toContain(`/v${VERSION}/SHASUMS256.txt`);
    expect(run.output()).toContain(`npm start: downloading Electron ${VERSION}`);
    expect(run.output()).toContain(`npm start: Electron ${VERSION} is in place (node_modules/electron); opening Chronicle.`);
    expect(run.output()).not.toContain('serving Chronicle to a browser');
    // Launched in the project, on the project: Electron runs its package.json "main" (out/main/index.js).
    const lines = readFileSync(record, 'utf8').trim().split('\n');
    expect(resolve(lines[0]!)).toBe(resolve(dir));
    expect(lines[1]).toBe('port=0');
    expect(lines.slice(2).map((a) => resolve(a.replace(/^arg=/, '')))).toEqual([resolve(dir)]);
    expect(existsSync(join(dir, 'out/main/index.js'))).toBe(true);
    expect(readFileSync(join(dir, 'node_modules/electron/path.txt'), 'utf8')).toBe('electron');
    // The real package was left as it was.
    expect(existsSync(join(REPO, 'node_modules/electron/path.txt'))).toBe(realBinaryBefore);
  });

  it('serves a browser, saying so, when the Electron it opens stops at once with an error (no window could open)', async (context) => {
    const why = cannotRun();
    if (why) {
      console.log(`npm start download test skipped: ${why}`);
      context.skip();
    }
    const dir = project();
    // An Electron that cannot open its window (a display it cannot reach, a missing library) ends at once.
    const failing = join(dir, 'electron-that-fails');
    writeFileSync(failing, '#!/bin/sh\necho "cannot open display" >&2\nexit 1\n', { mode: 0o755 });
    const run = npmStart(dir, { ELECTRON_EXEC_PATH: failing }, ['--port', '0']);
    const [, address] = await run.waitFor(/(http:\/\/\S+)\s+\(this machine\)/);
    expect(run.output()).toContain('cannot open display');
    expect(run.output()).toMatch(
      /npm start: Electron stopped at once \(exit code 1, above\), so no window could open; serving Chronicle to a browser instead \(this computer only; /,
    );
    expect((await fetch(address!)).status).toBe(200);
    run.child.kill('SIGTERM');
    await run.exited;
  });
});
