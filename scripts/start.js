// `npm start [-- --port N] [--lan]`: run the desktop app; where Electron cannot run, serve
// Chronicle to browsers instead, from the production build (minified, precompressed), rebuilt
// only when a source changed since (scripts/build-stamp.js). Electron's binary is downloaded
// lazily by the `electron` package on first use, and that download is impossible on some
// machines (no network but the npm registry): we look for the binary on disk instead of
// `require('electron')`, which would try (and fail) to download it.
// Every step runs `node` on a script directly (no npm/npx child): the same on Windows, where
// spawning `npx.cmd` without a shell fails on Node >= 20.12.2. The host itself runs in this process.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsFresh, writeStamp } from './build-stamp.js';
import { START_USAGE, hostArgs, startOptions } from './start-options.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = new URL('../node_modules/electron/', import.meta.url);

function electronBinary() {
  // ELECTRON_EXEC_PATH is honoured by electron-vite too (e.g. a system-wide Electron).
  const override = process.env['ELECTRON_EXEC_PATH'];
  if (override) return existsSync(override) ? override : null;
  const pathFile = new URL('path.txt', electronDir);
  if (!existsSync(pathFile)) return null;
  const bin = fileURLToPath(new URL(`dist/${readFileSync(pathFile, 'utf8').trim()}`, electronDir));
  return existsSync(bin) ? bin : null;
}

// A Linux machine without a display cannot open a window either.
const hasDisplay = process.platform !== 'linux' || Boolean(process.env['DISPLAY'] || process.env['WAYLAND_DISPLAY']);

/** electron-vite's command-line script, run by this very `node`. */
function electronVite() {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('electron-vite/package.json');
  return join(pkg, '..', /** @type {{ bin: Record<string, string> }} */ (require(pkg)).bin['electron-vite'] ?? 'bin/electron-vite.js');
}

/**
 * Runs `node` on `args` in the repo root with inherited stdio; resolves to its exit code.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<number>}
 */
function node(args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
    // Forward Ctrl+C / kill to the child so the server stops cleanly.
    const forward = (/** @type {NodeJS.Signals} */ sig) => child.kill(sig);
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

let options;
try {
  options = startOptions(process.argv.slice(2));
} catch (e) {
  console.error(`npm start: ${/** @type {Error} */ (e).message}\n${START_USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(START_USAGE);
} else if (electronBinary() && hasDisplay) {
  // `preview` builds main, preload and renderer into out/, then starts Electron on out/main.
  const env = options.port === null ? process.env : { ...process.env, CHRONICLE_PORT: String(options.port) };
  if (options.lan) console.log('npm start: the app opens to the network from its window (Open to the network).');
  process.exitCode = await node([electronVite(), 'preview'], env);
} else {
  console.log(`Electron is not available on this machine; serving Chronicle to a browser instead${options.lan ? ' (the whole network)' : ' (this computer only; --lan for the network)'}`);
  const built = buildIsFresh() ? 0 : await build();
  if (built !== 0) process.exitCode = built;
  else {
    // The host runs in this process (one Node start fewer): bin/chronicle.js reads its
    // arguments from process.argv, and stops by itself on Ctrl-C.
    process.argv = [process.argv[0] ?? process.execPath, fileURLToPath(new URL('../bin/chronicle.js', import.meta.url)), ...hostArgs(options)];
    await import('../bin/chronicle.js');
  }
}
