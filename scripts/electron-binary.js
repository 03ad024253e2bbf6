// Where `npm start` finds the Electron binary, and how it gets it when missing. Electron 45's
// package has no install script: its binary is downloaded on first use by the package's own
// installer (install.js, also behind `npx install-electron`), which honours ELECTRON_MIRROR,
// electron_config_cache and proxy settings as Electron documents. We run that installer
// ourselves, once, where a window can open, instead of `require('electron')`, whose failure
// (no network but the npm registry) would throw rather than let us serve a browser instead.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How to retry the download by hand: the package's own command (its error message names it). */
export const RETRY_HINT = 'To retry the download: npx install-electron, then npm start.';

/**
 * A window can open: always on macOS and Windows, on Linux only inside a desktop session.
 * @param {NodeJS.Platform} platform
 * @param {NodeJS.ProcessEnv} env
 */
export function canOpenWindow(platform = process.platform, env = process.env) {
  return platform !== 'linux' || Boolean(env['DISPLAY'] || env['WAYLAND_DISPLAY']);
}

/**
 * The binary on disk, or null: ELECTRON_EXEC_PATH when set (electron-vite honours it too, e.g. a
 * system-wide Electron), else what the package's download left (path.txt names it under dist/).
 * @param {string} electronDir node_modules/electron
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | null}
 */
export function electronBinary(electronDir, env = process.env) {
  const override = env['ELECTRON_EXEC_PATH'];
  if (override) return existsSync(override) ? override : null;
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const bin = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? bin : null;
}

/**
 * Bytes the installer has downloaded so far: @electron/get writes the zip into a fresh
 * `electron-download-*` folder of the temporary directory, and removes it when done.
 * @param {number} since when the download started (ms)
 * @param {string} temp
 */
export function downloadedBytes(since, temp = tmpdir()) {
  let bytes = 0;
  try {
    for (const entry of readdirSync(temp, { withFileTypes: true })) {
      if (!entry.isDirectory() || !entry.name.startsWith('electron-download-')) continue;
      const dir = join(temp, entry.name);
      if (statSync(dir).ctimeMs < since - 1000) continue; // another download's leftovers
      for (const file of readdirSync(dir, { withFileTypes: true })) if (file.isFile()) bytes += statSync(join(dir, file.name)).size;
    }
  } catch {
    // The folder went away between two looks: the download has ended.
  }
  return bytes;
}

/**
 * Runs the package's installer with the terminal attached, and every 10 s prints how much it
 * has downloaded (its own progress bar shows only on a terminal, and only after 30 s).
 * Resolves to its exit code.
 * @param {string} electronDir
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
export function downloadElectron(electronDir, env = process.env) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(electronDir, 'install.js')], { stdio: 'inherit', env });
    const still = setInterval(() => {
      const mb = Math.round(downloadedBytes(started) / 1e6);
      console.log(`npm start: downloading Electron: ${mb} MB so far (${Math.round((Date.now() - started) / 1000)} s)…`);
    }, 10_000);
    const done = (/** @type {number} */ code) => {
      clearInterval(still);
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      done(1);
    });
  });
}

/**
 * The binary to open the app with, downloading it first where a window can open; else why not,
 * as the end of a sentence ("serving a browser because …").
 * @param {string} electronDir
 * @param {{ env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, download?: typeof downloadElectron }} [options]
 * @returns {Promise<{ binary: string } | { reason: string, hint: string }>}
 */
export async function desktopBinary(electronDir, { env = process.env, platform = process.platform, download = downloadElectron } = {}) {
  if (!canOpenWindow(platform, env))
    return { reason: 'no window can open here (neither DISPLAY nor WAYLAND_DISPLAY is set)', hint: 'The desktop app opens from a desktop session.' };
  const found = electronBinary(electronDir, env);
  if (found) return { binary: found };
  if (env['ELECTRON_EXEC_PATH'])
    return { reason: `ELECTRON_EXEC_PATH names no file (${env['ELECTRON_EXEC_PATH']})`, hint: 'For the desktop app, point ELECTRON_EXEC_PATH at an Electron binary or unset it.' };
  const installer = join(electronDir, 'install.js');
  if (!existsSync(installer)) return { reason: 'the electron package is not installed', hint: 'For the desktop app: npm ci, then npm start.' };
  const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'));
  console.log(`npm start: downloading Electron ${version} for the desktop app (once, about 100 MB; ELECTRON_MIRROR sets another server)…`);
  const code = await download(electronDir, env);
  if (code !== 0) return { reason: `Electron's download failed (above)`, hint: RETRY_HINT };
  const binary = electronBinary(electronDir, env);
  if (!binary) return { reason: 'Electron was downloaded but its binary is missing', hint: RETRY_HINT };
  console.log(`npm start: Electron ${version} is in place (node_modules/electron); opening Chronicle.`);
  return { binary };
}
