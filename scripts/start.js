// `npm start [-- --port N] [--lan]`: open the desktop app; where it cannot open, serve Chronicle
// to browsers instead. Both run the production build (minified, precompressed), rebuilt only when
// a source changed since (scripts/build-stamp.js). Where a window can open and Electron's binary
// is missing, it is downloaded first by the electron package's own installer
// (scripts/electron-binary.js); a browser is served only when that fails or no window can open.
// Every step runs `node` on a script directly (no npm/npx child): the same on Windows, where
// spawning `npx.cmd` without a shell fails on Node >= 20.12.2. The host itself runs in this process.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsFresh, writeStamp } from './build-stamp.js';
import { desktopBinary } from './electron-binary.js';
import { START_USAGE, hostArgs, npmTookOptions, startOptions } from './start-options.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = fileURLToPath(new URL('../node_modules/electron/', import.meta.url));

/** electron-vite's command-line script, run by this very `node`. */
function electronVite() {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('electron-vite/package.json');
  return join(pkg, '..', /** @type {{ bin: Record<string, string> }} */ (require(pkg)).bin['electron-vite'] ?? 'bin/electron-vite.js');
}

/** Whether the last child was stopped by a signal passed on from us (Ctrl+C), not by itself. */
let interrupted = false;

/**
 * Runs `command` (by default this `node`) on `args` in the repo root with inherited stdio;
 * resolves to its exit code.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @param {string} [command]
 * @returns {Promise<number>}
 */
function node(args, env = process.env, command = process.execPath) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    // Forward Ctrl+C / kill to the child so the server stops cleanly.
    interrupted = false;
    const forward = (/** @type {NodeJS.Signals} */ sig) => {
      interrupted = true;
      child.kill(sig);
    };
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}

/** `npm run build`, step by step: the renderer, main and preload; their compression; the CLI. */
async function build() {
  console.log('Building Chronicle (sources changed since the last build)…');
  for (const step of [[electronVite(), 'build', '--logLevel', 'warn'], ['scripts/compress-renderer.js'], ['scripts/build-cli.js']]) {
    const code = await node(step);
    if (code !== 0) return code;
  }
  writeStamp();
  return 0;
}

const misspelt = npmTookOptions(process.env, process.argv.slice(2));
if (misspelt) {
  console.error(`npm start: ${misspelt}`);
  process.exit(2);
}
/** @type {ReturnType<typeof startOptions>} */
let options;
try {
  options = startOptions(process.argv.slice(2));
} catch (e) {
  console.error(`npm start: ${/** @type {Error} */ (e).message}\n${START_USAGE}`);
  process.exit(2);
}
/** Serves Chronicle to browsers from this process (the host stops by itself on Ctrl-C). */
async function serveBrowsers() {
  const built = buildIsFresh() ? 0 : await build();
  if (built !== 0) process.exitCode = built;
  else {
    // bin/chronicle.js reads its arguments from process.argv (one Node start fewer than a child).
    process.argv = [process.argv[0] ?? process.execPath, fileURLToPath(new URL('../bin/chronicle.js', import.meta.url)), ...hostArgs(options)];
    await import('../bin/chronicle.js');
  }
}

/** An Electron that ends with an error this soon never opened its window (a display it cannot use, missing system libraries). */
const FAILED_START_MS = 15_000;

const electron = options.help ? null : await desktopBinary(electronDir);
const scope = options.lan ? 'the whole network' : 'this computer only; `npm start -- --lan` for the network';
if (!electron) {
  console.log(START_USAGE);
} else if ('binary' in electron) {
  const built = buildIsFresh() ? 0 : await build();
  if (built !== 0) process.exitCode = built;
  else {
    // The app's main entry is package.json's "main" (out/main/index.js), as `electron .` runs it.
    const env = options.port === null ? process.env : { ...process.env, CHRONICLE_PORT: String(options.port) };
    if (options.lan) console.log('npm start: the app opens to the network from its window (Open to the network).');
    const launched = Date.now();
    const code = await node([root], env, electron.binary);
    if (code !== 0 && !interrupted && Date.now() - launched < FAILED_START_MS) {
      console.log(`npm start: Electron stopped at once (exit code ${code}, above), so no window could open; serving Chronicle to a browser instead (${scope}).`);
      await serveBrowsers();
    } else process.exitCode = code;
  }
} else {
  console.log(`npm start: ${electron.reason}; serving Chronicle to a browser instead (${scope}). ${electron.hint}`);
  await serveBrowsers();
}
