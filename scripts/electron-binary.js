// Where `npm start` finds the Electron binary, and how it gets it when missing. Electron 45's
// package has no install script: its binary is downloaded on first use. We download it once,
// where a window can open, with scripts/electron-download.js (the package's installer's steps and
// settings — ELECTRON_MIRROR, electron_config_cache, proxies — with a one-line reason when it
// fails), instead of `require('electron')`, whose failure would throw rather than let us serve a
// browser instead.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How to retry when the download seemed to work but left no binary. */
export const RETRY_HINT = 'Run npm start again to download it again.';

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
 * Runs scripts/electron-download.js with the terminal attached (its progress lines show) and
 * resolves to what went wrong, or null when Electron is in place.
 * @param {string} electronDir
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ what: string, todo: string } | null>}
 */
export function runElectronDownload(electronDir, env = process.env) {
  return new Promise((resolve) => {
    const script = fileURLToPath(new URL('electron-download.js', import.meta.url));
    const child = spawn(process.execPath, [script, electronDir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env });
    /** @type {{ what: string, todo: string } | null | undefined} */
    let outcome;
    child.on('message', (/** @type {{ failed: { what: string, todo: string } | null }} */ message) => (outcome = message.failed));
    child.on('exit', (code, signal) => {
      if (outcome !== undefined) resolve(outcome);
      else resolve({ what: `the downloader stopped (${signal ?? `exit code ${code}`}, above)`, todo: 'Run npm start again to retry.' });
    });
    child.on('error', (err) => resolve({ what: `the downloader could not start (${err.message})`, todo: 'Run npm start again to retry.' }));
  });
}

/**
 * The binary to open the app with, downloading it first where a window can open; else why not,
 * as the end of a sentence ("serving a browser because …").
 * @param {string} electronDir
 * @param {{ env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, download?: typeof runElectronDownload }} [options]
 * @returns {Promise<{ binary: string } | { reason: string, hint: string }>}
 */
export async function desktopBinary(electronDir, { env = process.env, platform = process.platform, download = runElectronDownload } = {}) {
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
  const failed = await download(electronDir, env);
  if (failed) return { reason: `Electron's download failed: ${failed.what}`, hint: failed.todo };
  const binary = electronBinary(electronDir, env);
  if (!binary) return { reason: 'Electron was downloaded but its binary is missing', hint: RETRY_HINT };
  console.log(`npm start: Electron ${version} is in place (node_modules/electron); opening Chronicle.`);
  return { binary };
}
