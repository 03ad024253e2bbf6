// electron-builder's afterPack hook: flips the Electron fuses of build/fuses.json in the packed
// app's binary, before it is signed and wrapped into an installer. (electron-builder 25, the
// last line that installs on Node 20 without git dependencies, has no `electronFuses` option.)
// `flip` is @electron/fuses' flipFuses; tests pass a recorder instead.
const { join } = require('node:path');
const { FuseV1Options, FuseVersion, flipFuses } = require('@electron/fuses');
const fuses = require('./fuses.json');

/** The path @electron/fuses wants: the .app bundle on macOS, the executable elsewhere. */
function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const product = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${product}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${product}.exe`);
  return join(appOutDir, packager.executableName);
}

/** build/fuses.json as @electron/fuses options; an unknown fuse name is an error, not a no-op. */
function fuseOptions() {
  const options = { version: FuseVersion.V1 };
  for (const [name, on] of Object.entries(fuses)) {
    if (!(name in FuseV1Options) || typeof on !== 'boolean') throw new Error(`build/fuses.json: unknown fuse or value ${name}`);
    options[FuseV1Options[name]] = on;
  }
  return options;
}

module.exports = async function afterPack(context, flip = flipFuses) {
  const darwin = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  // An unsigned arm64 macOS build must get its ad-hoc signature back after the binary changes.
  await flip(electronBinary(context), { ...fuseOptions(), resetAdHocDarwinSignature: darwin && context.arch === 3 });
};
module.exports.fuseOptions = fuseOptions;
