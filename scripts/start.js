// `npm start`: run the desktop app; where Electron cannot run, serve Chronicle to browsers.
// Electron's binary is downloaded lazily by the `electron` package on first use, and that
// download is impossible on some machines (no network but the npm registry). We look for the
// binary on disk instead of `require('electron')`, which would try (and fail) to download it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env['DISPLAY'] || process.env['WAYLAND_DISPLAY']);

/**
 * Runs a command in the repo root with inherited stdio; resolves to its exit code.
 * @param {string} cmd
 * @param {string[]} args
 * @returns {Promise<number>}
 */
function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    // Forward Ctrl+C / kill to the child so the server stops cleanly.
    const forward = (/** @type {NodeJS.Signals} */ sig) => child.kill(sig);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
if (electronBinary() && hasDisplay) {
  // `preview` builds main, preload and renderer into out/, then starts Electron on out/main.
  process.exitCode = await run(npx, ['electron-vite', 'preview']);
} else {
  console.log('Electron is not available on this machine; serving Chronicle to a browser instead');
  // The host serves out/renderer: build it first (electron-vite build needs no Electron binary).
  const built = await run(npx, ['electron-vite', 'build', '--logLevel', 'warn']);
  process.exitCode = built !== 0 ? built : await run(process.execPath, ['bin/chronicle.js', 'host']);
}
