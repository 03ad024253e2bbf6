// `npm run dist`: the desktop installer for this platform (electron-builder, electron-builder.json):
// AppImage + deb on Linux, NSIS on Windows, dmg on macOS, in dist/. It packs the Electron binary of
// node_modules/electron; where that binary was never downloaded, it says so in one line and stops.
// Signing and notarization come from the environment (electron-builder reads it): CSC_LINK and
// CSC_KEY_PASSWORD (WIN_CSC_LINK / WIN_CSC_KEY_PASSWORD for Windows only), and on macOS APPLE_ID,
// APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID (or APPLE_API_KEY, APPLE_API_KEY_ID and
// APPLE_API_ISSUER) to notarize; without them the build is unsigned.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = new URL('../node_modules/electron/', import.meta.url);

/** The unpacked Electron folder (node_modules/electron/dist), or why there is none. */
function electronDist() {
  const pathFile = new URL('path.txt', electronDir);
  if (!existsSync(pathFile))
    return {
      why: 'the Electron binary was never downloaded into node_modules/electron (`node scripts/electron-download.js` downloads it; so does `npm start` where a window can open)',
    };
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

/** electron-builder 26's own parts (@electron/get, @electron/rebuild) declare Node >= 22.12. */
function oldNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major < 22 || (major === 22 && minor < 12);
}

const electron = electronDist();
if (!electron.dir) {
  console.log(`npm run dist: cannot build the installer here: ${electron.why}.`);
  process.exitCode = 1;
} else {
  if (oldNode()) {
    // Packing the app works on Node 20 (the Electron binary is given, nothing is rebuilt), but
    // the installer tools are only supported from 22.12 on.
    console.warn(
      `npm run dist: Chronicle and electron-builder 26 need Node >= 22.12 and this is ${process.versions.node}; if a step fails, run it with the Node of .nvmrc (for example \`nvm use && npm run dist\`).`,
    );
  }
  const signed = process.env['CSC_LINK'] || process.env['WIN_CSC_LINK'] || process.env['CSC_NAME'];
  if (!signed) console.log('npm run dist: no CSC_LINK in the environment: the installer will not be signed (how to sign it: docs/desktop-app.md, "Installers").');
  // Without a certificate a macOS build is signed ad hoc: Apple silicon runs no unsigned code,
  // and flipping the fuses (electron-builder.json) breaks the signature Electron came with. An ad
  // hoc signature has no team, so the hardened runtime's library validation would refuse
  // Electron's own framework: it is off for such builds, as notarization (it needs a certificate).
  const adHocMac = process.platform === 'darwin' && !signed ? ['-c.mac.identity=-', '-c.mac.hardenedRuntime=false', '-c.mac.notarize=false'] : [];
  if (adHocMac.length > 0) console.log('npm run dist: macOS without a certificate: the app is signed ad hoc (it runs here; elsewhere Gatekeeper asks to confirm it).');
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const built = await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']);
  process.exitCode =
    built !== 0
      ? built
      : await run(npx, ['electron-builder', '--config', 'electron-builder.json', '--publish', 'never', `-c.electronDist=${electron.dir}`, ...adHocMac, ...process.argv.slice(2)]);
}
