// The `chronicle` command runs its built bundle (out/cli/, built by `npm ci`'s prepare script),
// so a host answers HTTP within moments of the command starting; `npm start` where Electron
// cannot run serves the production build on loopback, rebuilding only when sources changed.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lanAddresses } from '../../../src/main/host/lan-urls';
import { spawnInGroup } from '../../kit/child-process';
import { expectFreshBuild } from '../../kit/fresh-build';
import { tcpRefused } from '../../kit/shell/electron-fakes';

const run = promisify(execFile);
const BUNDLE = resolve('out/cli/main.js');
const children: ChildProcess[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  // What `npm ci` does through the prepare script.
  await run(process.execPath, ['scripts/build-cli.js']);
});

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Resolves with the first match of `pattern` in the growing text of `stream`. */
function waitFor(stream: NodeJS.ReadableStream, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  return new Promise((done, fail) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = pattern.exec(text);
      if (m) done(m);
    });
    stream.on('end', () => fail(new Error(`${what} never appeared in:\n${text}`)));
  });
}

describe('chronicle CLI start-up', () => {
  it('chronicle host runs the bundle and answers HTTP 200 with the built page', async () => {
    // How fast (the goal: half a second, against a bare `node -e 0` in the same run) is
    // bench:start's figure: a time bound here would fail on any busy machine.
    const data = mkdtempSync(join(tmpdir(), 'chronicle-start-'));
    dirs.push(data);
    const child = spawn(process.execPath, ['bin/chronicle.js', 'host', '--port', '0', '--data', data, '--no-mdns', '--no-qr'], {
      env: { ...process.env, CHRONICLE_TRACE_ENTRY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    const entry = waitFor(child.stderr, /chronicle: running (.*)\n/, 'the entry line');
    const [, url] = await waitFor(child.stdout, /(http:\/\/\S+)\s+\(this machine\)/, 'the local address');
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    // It serves the built renderer from out/renderer (`npm test` builds after the unit tests:
    // without a build yet, the host's notice says so).
    const built = resolve('out/renderer/index.html');
    if (existsSync(built)) expect(await res.text()).toBe(readFileSync(built, 'utf8'));
    else {
      console.log('start.test: out/renderer is not built yet; checking the host says so');
      expect(await res.text()).toMatch(/not built/);
    }
    expect((await entry)[1]).toBe(BUNDLE);
    // The bundle's bot workers load (a missing worker file is reported at once): nothing to wait
    // for when all is well, so a short look.
    await new Promise((r) => setTimeout(r, 1500));
    expect(stderr).not.toMatch(/\[bots\]/);
  });

  it('chronicle replay runs the bundle', async () => {
    const { stderr } = await run(process.execPath, ['bin/chronicle.js'], { env: { ...process.env, CHRONICLE_TRACE_ENTRY: '1' } });
    expect(stderr).toContain(`chronicle: running ${BUNDLE}`);
    expect(stderr).toContain('chronicle replay FILE');
  });
});

describe('npm start where Electron cannot run', () => {
  it('listens on this computer only without mDNS unless --lan, and honours --port', async () => {
    const { hostArgs, startOptions } = await import('../../../scripts/start-options.js');
    expect(hostArgs(startOptions([]))).toEqual(['host', '--host', '127.0.0.1', '--no-mdns', '--no-qr']);
    expect(hostArgs(startOptions(['--port', '7425']))).toEqual(['host', '--host', '127.0.0.1', '--no-mdns', '--no-qr', '--port', '7425']);
    expect(hostArgs(startOptions(['--lan', '--port', '0']))).toEqual(['host', '--host', '0.0.0.0', '--port', '0']);
    for (const bad of [['--port', 'x'], ['--port', '70000'], ['--port', '-1'], ['--verbose'], ['--port']]) expect(() => startOptions(bad), bad.join(' ')).toThrow();
  });

  it('rebuilds only when a source is newer than the last build', async () => {
    const { buildIsFresh, writeStamp } = await import('../../../scripts/build-stamp.js');
    const base = mkdtempSync(join(tmpdir(), 'chronicle-stamp-'));
    dirs.push(base);
    mkdirSync(join(base, 'src'));
    mkdirSync(join(base, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(base, 'src', 'a.ts'), 'x');
    writeFileSync(join(base, 'out', 'renderer', 'index.html'), 'x');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(base, 'src', 'a.ts'), past, past);
    expect(buildIsFresh(base, ['src'])).toBe(false); // never built
    writeStamp(base);
    expect(buildIsFresh(base, ['src'])).toBe(true);
    mkdirSync(join(base, 'src', 'deep'));
    writeFileSync(join(base, 'src', 'deep', 'b.ts'), 'y');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(base, 'src', 'deep', 'b.ts'), future, future);
    expect(buildIsFresh(base, ['src'])).toBe(false); // a source changed since
    writeStamp(base);
    utimesSync(join(base, 'out', '.build-stamp'), new Date(Date.now() + 120_000), new Date(Date.now() + 120_000));
    expect(buildIsFresh(base, ['src'])).toBe(true);
    rmSync(join(base, 'out', 'renderer', 'index.html'));
    expect(buildIsFresh(base, ['src'])).toBe(false); // no build to serve
  });

  it('serves the minified, precompressed build on the port asked, on loopback only', async () => {
    expectFreshBuild();
    const port = await freePort();
    const data = mkdtempSync(join(tmpdir(), 'chronicle-npm-start-'));
    dirs.push(data);
    const env = { ...process.env, CHRONICLE_DATA: data, DISPLAY: '', WAYLAND_DISPLAY: '' };
    const child = spawnInGroup(process.execPath, ['scripts/start.js', '--port', String(port)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const [, url] = await waitFor(child.stdout!, /(http:\/\/\S+)\s+\(this machine\)/, 'the local address');
      expect(url).toBe(`http://127.0.0.1:${port}/`);
      const page = await fetch(url!);
      expect(page.status).toBe(200);
      const script = /src="\.?\/?(assets\/index-[\w-]+\.js)"/.exec(await page.text())?.[1];
      expect(script).toBeDefined();
      const raw = await rawGet(`${url}${script}`, { 'accept-encoding': 'br, gzip' });
      expect(raw.encoding).toBe('br');
      const text = brotliDecompressSync(raw.body).toString();
      expect(text.split('\n').length, 'minified: long lines (the readable build has thousands)').toBeLessThan(1000);
      expect(raw.body.length).toBeLessThan(text.length / 3);
      for (const address of lanAddresses()) expect(await tcpRefused(`http://${address}:${port}`), address).toBe(true);
    } finally {
      await stop(child);
    }
  });
});

/** A port free right now. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/** Stops `npm start` as Ctrl-C would (it passes the signal on to the host), and waits for it. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

function rawGet(url: string, headers: Record<string, string>): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((done, fail) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

describe('npm start options npm keeps for itself', () => {
  it('refuses `npm start --lan` and `npm start --port N` (without "--") with the spelling that works', async () => {
    const { npmTookOptions } = await import('../../../scripts/start-options.js');
    // What npm 11 leaves in the environment and argv for each spelling (measured).
    expect(npmTookOptions({ npm_config_long: 'true', npm_config_all: 'true', npm_config_yes: '' }, [])).toBe(
      'npm kept --lan for itself (its own options come before "--"); write: npm start -- --lan',
    );
    expect(npmTookOptions({ npm_config_port: 'true' }, ['7425'])).toBe('npm kept --port 7425 for itself (its own options come before "--"); write: npm start -- --port 7425');
    expect(npmTookOptions({ npm_config_port: '0', npm_config_long: 'true', npm_config_all: 'true' }, [])).toContain('write: npm start -- --lan --port 0');
    expect(npmTookOptions({ npm_config_lan: 'true' }, [])).toContain('write: npm start -- --lan');
    // `npm start -- --lan`: npm passes it on and sets nothing.
    expect(npmTookOptions({ npm_config_yes: '' }, ['--lan'])).toBeNull();
  });

  it('npm start --lan -- --port 0 exits 2 with the spelling that works instead of serving this computer only', async () => {
    const env = { ...process.env, npm_config_long: 'true', npm_config_all: 'true', DISPLAY: '', WAYLAND_DISPLAY: '' };
    // Were --lan lost, it would serve (on a free port) until the timeout ends it.
    const failed = await run(process.execPath, ['scripts/start.js', '--port', '0'], { env, timeout: 10_000 }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain('write: npm start -- --lan');
  });
});

describe('where npm start opens the desktop app', () => {
  it('opens a window on macOS and Windows always, on Linux only with a display; no display means no download', async () => {
    const { canOpenWindow, desktopBinary } = await import('../../../scripts/electron-binary.js');
    expect(canOpenWindow('darwin', {})).toBe(true);
    expect(canOpenWindow('win32', {})).toBe(true);
    expect(canOpenWindow('linux', {})).toBe(false);
    expect(canOpenWindow('linux', { DISPLAY: ':0' })).toBe(true);
    expect(canOpenWindow('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    let downloads = 0;
    const download = () => {
      downloads++;
      return Promise.resolve(null);
    };
    const headless = await desktopBinary(resolve('node_modules/electron'), { env: {}, platform: 'linux', download });
    expect(headless).toEqual({ reason: 'no window can open here (neither DISPLAY nor WAYLAND_DISPLAY is set)', hint: 'The desktop app opens from a desktop session.' });
    expect(downloads).toBe(0);
    const missing = await desktopBinary(resolve('node_modules/electron'), { env: { ELECTRON_EXEC_PATH: '/nowhere/electron' }, platform: 'win32', download });
    expect(missing).toMatchObject({ reason: 'ELECTRON_EXEC_PATH names no file (/nowhere/electron)' });
    expect(downloads).toBe(0);
  });
});
