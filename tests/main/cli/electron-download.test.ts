// Every way Electron's download fails says what happened and what to do, in one line, never a
// stack trace: a mirror that takes the connection and sends nothing (given up on after
// CHRONICLE_DOWNLOAD_STALL_SECONDS: 1 s in the stall cases, 30 s by default), one that stops mid-file, a
// refused connection, a name with no DNS answer, a proxy that refuses, a file that does not match
// Electron's checksum. Stand-in mirrors and proxies listen on 127.0.0.1; the DNS case runs in a
// network namespace of its own with no network at all, so no query leaves the machine. Each case
// runs `npm start`'s own step (desktopBinary in scripts/electron-binary.js) on a copy of the
// electron package without its binary, in a child process whose whole output is checked.
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = resolve('.');
const VERSION = (JSON.parse(readFileSync(join(REPO, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const ZIP = `electron-v${VERSION}-${process.platform}-${process.arch}.zip`;
const cleanups: (() => void)[] = [];
/** Only the stall cases shorten the wait: elsewhere a slow DNS answer on a busy machine must not pass for a stall. */
const STALL_AFTER_1_S = { CHRONICLE_DOWNLOAD_STALL_SECONDS: '1' };

afterEach(() => {
  for (const clean of cleanups.splice(0).reverse()) clean();
});

/** A folder with node_modules/electron copied (without any binary) and its dependencies linked. */
function electronCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chronicle-electron-download-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'node_modules'));
  for (const scope of ['@electron', '@electron-internal']) symlinkSync(join(REPO, 'node_modules', scope), join(dir, 'node_modules', scope));
  const electron = join(REPO, 'node_modules/electron');
  cpSync(electron, join(dir, 'node_modules/electron'), { recursive: true, filter: (src) => src !== join(electron, 'dist') && src !== join(electron, 'path.txt') });
  return join(dir, 'node_modules/electron');
}

/** An HTTP server on 127.0.0.1 that handles requests with `handle`; its sockets are destroyed at the end. */
async function server(handle: Parameters<typeof createServer>[1], onConnect?: (req: { url?: string }, socket: Socket) => void): Promise<string> {
  const srv: Server = createServer(handle);
  const sockets = new Set<Socket>();
  srv.on('connection', (s: Socket) => sockets.add(s));
  if (onConnect) srv.on('connect', onConnect);
  await new Promise<void>((done) => srv.listen(0, '127.0.0.1', done));
  cleanups.push(() => {
    for (const s of sockets) s.destroy();
    srv.close();
  });
  return `http://127.0.0.1:${(srv.address() as AddressInfo).port}/`;
}

/** A port on 127.0.0.1 where nothing listens (taken, then let go). */
async function refusedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((done) => srv.listen(0, '127.0.0.1', done));
  const { port } = srv.address() as AddressInfo;
  await new Promise((done) => srv.close(done));
  return port;
}

interface Outcome {
  result: { reason?: string; hint?: string; binary?: string };
  output: string;
}

/**
 * `desktopBinary` (what `npm start` runs first) on `electronDir` as from a desktop session, with
 * only the download settings given in `env`; `within` is a command it runs under (a namespace).
 */
function desktopBinary(electronDir: string, env: Record<string, string>, within: string[] = []): Promise<Outcome> {
  const base = { ...process.env };
  for (const key of Object.keys(base)) {
    if (/^(ELECTRON_|electron_|npm_config_electron|force_no_cache)|_proxy$|_PROXY$/i.test(key)) delete base[key];
  }
  const script = `const { desktopBinary } = await import(${JSON.stringify(join(REPO, 'scripts/electron-binary.js'))});
const result = await desktopBinary(${JSON.stringify(electronDir)}, { platform: 'linux', env: { ...process.env, DISPLAY: ':77' } });
console.log('RESULT ' + JSON.stringify(result));`;
  const [command, ...before] = [...within, process.execPath];
  return new Promise((done, fail) => {
    execFile(
      command,
      [...before, '--input-type=module', '-e', script],
      { env: { ...base, ELECTRON_GET_NO_PROGRESS: '1', electron_config_cache: join(electronDir, '..', 'cache'), ...env } },
      (err, stdout, stderr) => {
        const output = stdout + stderr;
        const line = /^RESULT (.*)$/m.exec(stdout);
        if (!line) return fail(new Error(`no result (${err?.message}):\n${output}`));
        done({ result: JSON.parse(line[1]!) as Outcome['result'], output });
      },
    );
  });
}

/** The output holds the announcement and the result, and nothing else: no stack, no raw error. */
function saysNothingElse(output: string): void {
  const rest = output.split('\n').filter((l) => l.trim() && !l.startsWith('RESULT ') && !l.startsWith(`npm start: downloading Electron ${VERSION} for the desktop app`));
  expect(rest, output).toEqual([]);
}

/** Why namespaced commands cannot run here, or null; and the command to run under. */
function netnsCommand(): { why: string } | { within: string[] } {
  if (process.platform !== 'linux') return { why: 'network namespaces are Linux only' };
  const within = process.getuid?.() === 0 ? ['unshare', '--net'] : ['unshare', '--map-root-user', '--net'];
  const probe = spawnSync(within[0]!, [...within.slice(1), 'true'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return { why: `${within.join(' ')} fails here (${probe.error?.message ?? probe.stderr.trim()})` };
  return { within };
}

describe("Electron's download, when it fails", () => {
  it('gives up on a mirror that takes the connection and sends nothing, and on one that stops mid-file', async () => {
    const dir = electronCopy();
    const silent = await server(() => {}); // never answers
    const quiet = await desktopBinary(dir, { ELECTRON_MIRROR: silent, ...STALL_AFTER_1_S });
    expect(quiet.result).toEqual({
      reason: `Electron's download failed: no data from ${new URL(silent).host} for 1 s (${silent}v${VERSION}/${ZIP})`,
      hint: 'The server takes the connection but sends nothing: try again later, or check ELECTRON_MIRROR (' + silent + ') or set it to another mirror.',
    });
    saysNothingElse(quiet.output);

    const halfway = await server((_req, res) => {
      res.writeHead(200, { 'content-length': 100_000_000 });
      res.write(Buffer.alloc(64 * 1024)); // then nothing more
    });
    const stopped = await desktopBinary(dir, { ELECTRON_MIRROR: halfway, ...STALL_AFTER_1_S });
    expect(stopped.result.reason).toBe(`Electron's download failed: no data from ${new URL(halfway).host} for 1 s (${halfway}v${VERSION}/${ZIP})`);
    saysNothingElse(stopped.output);
    expect(existsSync(join(dir, 'path.txt'))).toBe(false);
  });

  it('names the refused address', async () => {
    const port = await refusedPort();
    const mirror = `http://127.0.0.1:${port}/`;
    const { result, output } = await desktopBinary(electronCopy(), { ELECTRON_MIRROR: mirror });
    expect(result).toEqual({
      reason: `Electron's download failed: 127.0.0.1:${port} refused the connection (${mirror}v${VERSION}/${ZIP})`,
      hint: `Nothing answers there: try again later, or check ELECTRON_MIRROR (${mirror}) or set it to another mirror.`,
    });
    saysNothingElse(output);
  });

  it('names the host with no DNS answer (in a namespace with no network)', async (context) => {
    const netns = netnsCommand();
    if ('why' in netns) {
      console.log(`download DNS test skipped: ${netns.why}`);
      context.skip();
      return;
    }
    const mirror = 'http://electron-mirror.invalid/';
    const { result, output } = await desktopBinary(electronCopy(), { ELECTRON_MIRROR: mirror }, netns.within);
    expect(result).toEqual({
      reason: "Electron's download failed: no DNS answer for electron-mirror.invalid",
      hint: `Check that this computer is online and that the name is spelt right in ELECTRON_MIRROR (${mirror}).`,
    });
    saysNothingElse(output);
  });

  it('says the proxy refused, naming it without its password', async () => {
    const asked: string[] = [];
    const proxy = await server(
      (req, res) => {
        asked.push(`${req.method} ${req.url}`);
        res.writeHead(403).end();
      },
      (req, socket) => {
        asked.push(`CONNECT ${req.url}`);
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      },
    );
    const withLogin = proxy.replace('http://', 'http://ann:secret@');
    const { result, output } = await desktopBinary(electronCopy(), { ELECTRON_MIRROR: 'http://electron-mirror.invalid/', HTTP_PROXY: withLogin, HTTPS_PROXY: withLogin });
    expect(asked).toEqual(['CONNECT electron-mirror.invalid:80']);
    expect(result).toEqual({
      reason: `Electron's download failed: the proxy ${proxy.replace(/\/$/, '')} refused to connect to electron-mirror.invalid (HTTP 403)`,
      hint: 'Ask whoever runs the proxy to allow it, or set ELECTRON_MIRROR to a mirror the proxy allows.',
    });
    expect(output).not.toContain('secret');
    saysNothingElse(output);
  });

  it("refuses a file that does not match Electron's checksum, and installs nothing", async () => {
    const dir = electronCopy();
    const mirror = await server((req, res) => {
      if (req.url === `/v${VERSION}/${ZIP}`) res.writeHead(200).end(Buffer.from('not the Electron you are looking for'));
      else res.writeHead(404).end();
    });
    const { result, output } = await desktopBinary(dir, { ELECTRON_MIRROR: mirror });
    expect(result).toEqual({
      reason: `Electron's download failed: the file from ${mirror}v${VERSION}/${ZIP} does not match Electron's published SHA-256 checksum`,
      hint: `The server sent a damaged or different file (nothing was installed): try again, or check ELECTRON_MIRROR (${mirror}) or set it to another mirror.`,
    });
    saysNothingElse(output);
    expect(existsSync(join(dir, 'path.txt'))).toBe(false);
    expect(existsSync(join(dir, 'dist'))).toBe(false);
  });

  it('names the URL a mirror does not have', async () => {
    const mirror = await server((_req, res) => res.writeHead(404, 'Not Found').end());
    const { result, output } = await desktopBinary(electronCopy(), { ELECTRON_MIRROR: mirror });
    expect(result).toEqual({
      reason: `Electron's download failed: ${mirror}v${VERSION}/${ZIP} answered 404 Not Found`,
      hint: `That server does not have this Electron build: check ELECTRON_MIRROR (${mirror}) or set it to another mirror.`,
    });
    saysNothingElse(output);
  });
});
