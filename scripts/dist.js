// `npm run dist`: the desktop installer for this platform (electron-builder, electron-builder.json):
// AppImage + deb on Linux, NSIS on Windows, dmg on macOS, in dist/. It packs the Electron binary of
// node_modules/electron; where that binary could not be downloaded, it says so in one line and stops.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = new URL('../node_modules/electron/', import.meta.url);

/** The unpacked Electron folder (node_modules/electron/dist), or why there is none. */
function electronDist() {
  const pathFile = new URL('path.txt', electronDir);
  if (!existsSync(pathFile)) return { why: 'the Electron binary was never downloaded into node_modules/electron (its install step could not reach the download site)' };
  const bin = fileURLToPath(new URL(`dist/${readFileSync(pathFile, 'utf8').trim()}`, electronDir));
  if (!existsSync(bin)) return { why: `the Electron binary is missing (${bin})` };
  return { dir: fileURLToPath(new URL('dist', electronDir)) };
}

/** @returns {Promise<number>} */
function run(/** @type {string} */ cmd, /** @type {string[]} */ args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}

const electron = electronDist();
if (!electron.dir) {
  console.log(`npm run dist: cannot build the installer here: ${electron.why}.`);
  process.exitCode = 1;
} else {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const built = await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']);
  process.exitCode =
    built !== 0 ? built : await run(npx, ['electron-builder', '--config', 'electron-builder.json', '--publish', 'never', `-c.electronDist=${electron.dir}`, ...process.argv.slice(2)]);
}
