// Every input mistake on the `chronicle` command line is answered in one line that names the bad
// value and what to do, never a stack trace: a data folder that cannot be made, written, read, or
// that is a file; a path Node's recursive mkdir never settles on (/proc/x); a bad option; an
// unknown command; `replay` without a record. `--version` answers; and a host serving this
// computer only says so, without pointing at network addresses it does not have. Run as users
// run it: bin/chronicle.js in a child process. Permissions are real: as root (CI), the command
// runs as the unprivileged user `nobody`, for whom the folders' modes apply.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const BIN = resolve('bin/chronicle.js');
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
/** As root, permissions only bind another user: the command then runs as nobody (65534). */
const AS_USER = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  // The bundle up to date, as `npm ci` leaves it: the launcher would otherwise rebuild it first.
  await new Promise((done, fail) => execFile(process.execPath, ['scripts/build-cli.js'], (err) => (err ? fail(err) : done(null))));
});

afterEach(() => {
  for (const clean of cleanups.splice(0).reverse()) clean();
});

/** A fresh folder anyone may enter (so that `nobody` reaches what the test makes inside it). */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chronicle-cli-errors-'));
  chmodSync(dir, 0o755);
  cleanups.push(() => {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** `chronicle ...args`; resolves with its exit code and output once it ends. */
function chronicle(args: string[], user = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(process.execPath, [BIN, ...args], { ...user, env: { ...process.env, CHRONICLE_DATA: '' } }, (err, stdout, stderr) =>
      done({ code: child.exitCode ?? (err ? 1 : 0), stdout, stderr }),
    );
    cleanups.push(() => child.kill('SIGKILL'));
  });
}

/** The whole of stderr is one line matching `line`; nothing on stdout; exit code 2. */
function oneLine(result: { code: number | null; stdout: string; stderr: string }, line: string): void {
  expect(result.stderr).toBe(`${line}\n`);
  expect(result.stdout).toBe('');
  expect(result.code).toBe(2);
}

const hostArgs = (data: string) => ['host', '--port', '0', '--no-qr', '--no-mdns', '--data', data];

describe('chronicle host --data', () => {
  it('names a folder that cannot be made inside a folder it may not write to', async () => {
    const parent = join(folder(), 'locked');
    mkdirSync(parent, { mode: 0o555 });
    chmodSync(parent, 0o555);
    const data = join(parent, 'games');
    oneLine(await chronicle(hostArgs(data), AS_USER), `chronicle host: --data ${data} cannot be made in ${parent} (permission denied, EACCES): name a folder you can write to`);
    expect(existsSync(data)).toBe(false);
  });

  it('names a folder it may read but not write', async () => {
    const data = join(folder(), 'read-only');
    mkdirSync(data);
    chmodSync(data, 0o555);
    oneLine(
      await chronicle(hostArgs(data), AS_USER),
      `chronicle host: --data ${data} cannot be written to (permission denied, EACCES): give yourself write access to it, or name another folder`,
    );
  });

  it('names a folder it may not read', async () => {
    const data = join(folder(), 'closed');
    mkdirSync(data);
    chmodSync(data, 0o333);
    oneLine(
      await chronicle(hostArgs(data), AS_USER),
      `chronicle host: --data ${data} cannot be read (permission denied, EACCES): give yourself access to it, or name another folder`,
    );
  });

  it('names a file given as the folder, and a folder under a file', async () => {
    const file = join(folder(), 'notes.txt');
    writeFileSync(file, 'not a folder');
    oneLine(await chronicle(hostArgs(file)), `chronicle host: --data ${file} is a file, not a folder: name a folder (it is made when missing)`);
    oneLine(await chronicle(hostArgs(join(file, 'games'))), `chronicle host: --data ${join(file, 'games')} cannot be made: ${file} is a file, not a folder`);
    expect(readFileSync(file, 'utf8')).toBe('not a folder');
  });

  it('answers at once for a folder the system does not let be made (/proc/x: Node’s recursive mkdir never settles there)', async (context) => {
    if (!existsSync('/proc/self')) {
      console.log('/proc test skipped: this system has no /proc');
      context.skip();
    }
    const result = await chronicle(hostArgs('/proc/x'));
    // Root is told /proc takes no new folders; any other user is refused before that.
    expect(result.stderr).toMatch(
      /^chronicle host: --data \/proc\/x cannot be made in \/proc \((it takes no new folders, ENOENT|permission denied, EACCES)\): name a folder you can write to\n$/,
    );
    expect(result.code).toBe(2);
  });
});

describe('chronicle command line', () => {
  it('names a bad option value and an option that does not exist', async () => {
    oneLine(await chronicle(['host', '--port', 'abc']), 'chronicle host: --port abc: give a whole number from 0 to 65535 (chronicle host --help lists the options)');
    oneLine(await chronicle(['host', '--seats', '9']), 'chronicle host: --seats 9: give a whole number from 3 to 6 (chronicle host --help lists the options)');
    oneLine(await chronicle(['host', '--prot', '7420']), 'chronicle host: there is no option --prot (chronicle host --help lists the options)');
    oneLine(await chronicle(['host', '--data']), 'chronicle host: --data needs a value (chronicle host --help lists the options)');
  });

  it('names an unknown command, with the one meant when it is close', async () => {
    oneLine(await chronicle(['hots']), 'chronicle: there is no command "hots"; did you mean "host"? The commands are host and replay (chronicle --help).');
    oneLine(await chronicle(['serve']), 'chronicle: there is no command "serve". The commands are host and replay (chronicle --help).');
  });

  it('--version says the version', async () => {
    expect(await chronicle(['--version'])).toEqual({ code: 0, stdout: `chronicle ${VERSION}\n`, stderr: '' });
  });

  it('replay without a record answers in words, not JSON', async () => {
    oneLine(await chronicle(['replay']), 'chronicle replay: which record? Name a game record file: chronicle replay FILE (a .chronicle.json file; the app saves one per game)');
    oneLine(await chronicle(['replay', 'a.json', 'b.json']), 'chronicle replay: one record at a time, and 2 were given (a.json b.json): chronicle replay FILE');
  });
});

describe('chronicle host serving this computer only', () => {
  it('says so, and points at no network address', async () => {
    const data = folder();
    const child: ChildProcess = spawn(process.execPath, [BIN, 'host', '--host', '127.0.0.1', '--port', '0', '--no-qr', '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
    cleanups.push(() => child.kill('SIGKILL'));
    let out = '';
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += String(d)));
    await new Promise<void>((done, fail) => {
      child.stdout?.on('data', (d: Buffer) => {
        out += String(d);
        if (out.includes('Press Ctrl-C to stop.')) done();
      });
      child.once('exit', (code) => fail(new Error(`exited (${code}):\n${out}\n${err}`)));
    });
    // After the host's own log lines (the default table it opened), the served lines, and only them.
    const served = out.slice(out.indexOf('Chronicle is being served'));
    expect(served.replace(/:\d+\//, ':PORT/')).toBe(
      `Chronicle is being served to this computer only (data: ${data}). Open:\n  http://127.0.0.1:PORT/   (this machine)\nPress Ctrl-C to stop.\n`,
    );
    expect(out).not.toContain('this network');
    expect(out).not.toContain('share the addresses');
  });
});
