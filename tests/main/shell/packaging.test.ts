// The installers' configuration (electron-builder.json and build/): targets per platform, the
// macOS network entries, signing and notarization, the Windows firewall rules, the AppArmor
// profiles, the icons at every size, the fuses as electron-builder 26 flips them, and
// `npm run dist` explaining itself in one line where Electron is missing.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { describe, expect, it, vi } from 'vitest';
import { SERVICE_TYPE } from '../../../src/main/discovery/mdns-stack';
import { DEFAULT_PORT } from '../../../src/main/host/create-host';

const root = join(import.meta.dirname, '../../..');
const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')) as Record<string, Record<string, unknown>>;
const require = createRequire(import.meta.url);
/** electron-builder's own translation of `electronFuses` into @electron/fuses options. */
const { PlatformPackager } = require('app-builder-lib') as {
  PlatformPackager: { prototype: { generateFuseConfig(fuses: unknown): Promise<object> } };
};
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };

describe('electron-builder configuration', () => {
  it('builds AppImage + deb, NSIS and dmg from the built app, in an asar archive', () => {
    expect(config['linux']?.['target']).toEqual(['AppImage', 'deb']);
    expect(config['win']?.['target']).toEqual(['nsis']);
    expect(config['mac']?.['target']).toEqual(['dmg']);
    expect(config['asar']).toBe(true);
    expect(config['files']).toEqual(expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**']));
    expect(config['directories']).toMatchObject({ buildResources: 'build' });
  });

  it('tells macOS why the app uses the local network, and which Bonjour service it browses', () => {
    const info = config['mac']?.['extendInfo'] as Record<string, unknown>;
    expect(info['NSLocalNetworkUsageDescription']).toMatch(/local network/);
    expect(info['NSBonjourServices']).toEqual([`_${SERVICE_TYPE}._tcp`]);
  });

  it('opens Chronicle’s own program (on whatever port it took) and mDNS in the Windows firewall on install, and closes them on uninstall', () => {
    const nsis = config['nsis']!;
    expect(nsis['perMachine']).toBe(true); // netsh needs the elevated installer
    const script = readFileSync(join(root, String(nsis['include'])), 'utf8');
    const install = /!macro customInstall([\s\S]*?)!macroend/.exec(script)?.[1] ?? '';
    const uninstall = /!macro customUnInstall([\s\S]*?)!macroend/.exec(script)?.[1] ?? '';
    const addRules = install.split('\n').filter((l) => l.includes('firewall add rule'));
    expect(addRules).toHaveLength(2);
    // The app falls back to another port when its own is taken: the rule must not name one.
    expect(addRules.find((l) => l.includes('protocol=TCP'))).not.toContain('localport');
    expect(DEFAULT_PORT).toBe(7420);
    expect(addRules.find((l) => l.includes('protocol=UDP'))).toContain('localport=5353');
    for (const rule of addRules) expect(rule).toMatch(/program="\$INSTDIR\\\$\{APP_EXECUTABLE_FILENAME\}" profile=private,domain/);
    for (const name of ['Chronicle (game port)', 'Chronicle (mDNS)']) expect(uninstall).toContain(`delete rule name="${name}"`);
  });

  it('has the icons at every size', () => {
    const pngSize = (file: string) => {
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      return [png.readUInt32BE(16), png.readUInt32BE(20)];
    };
    for (const n of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) expect(pngSize(join(root, `build/icons/${n}x${n}.png`))).toEqual([n, n]);
    expect(config['linux']?.['icon']).toBe('build/icons');
    expect(readFileSync(join(root, String(config['win']?.['icon']))).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    expect(
      readFileSync(join(root, String(config['mac']?.['icon'])))
        .subarray(0, 4)
        .toString(),
    ).toBe('icns');
  });
});

describe('fuses', () => {
  it('are flipped by electron-builder 26 itself (its electronFuses), before signing', async () => {
    expect(pkg.devDependencies['electron-builder']).toMatch(/^\^?26\./);
    expect(config['afterPack']).toBeUndefined(); // the 25-era hook that broke Windows asar integrity is gone
    expect(await PlatformPackager.prototype.generateFuseConfig(config['electronFuses'])).toEqual({
      version: FuseVersion.V1,
      resetAdHocDarwinSignature: undefined,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
    // Nothing to rebuild (no native module): electron-builder's Node >= 22.12 rebuild step never runs.
    expect(config['npmRebuild']).toBe(false);
  });
});

describe('Linux', () => {
  it('gives the deb an AppArmor profile granting user namespaces, and ships one for the AppImage', () => {
    const deb = readFileSync(join(root, String(config['deb']?.['appArmorProfile'])), 'utf8');
    expect(deb).toMatch(/^abi <abi\/4\.0>,$/m);
    expect(deb).toContain('profile "${executable}" "/opt/${sanitizedProductName}/${executable}" flags=(unconfined) {');
    expect(deb).toMatch(/^\s+userns,$/m);
    const appImage = readFileSync(join(root, 'build/linux/chronicle-appimage.apparmor'), 'utf8');
    expect(appImage).toContain(`"/tmp/.mount_*/${String(config['linux']?.['executableName'])}" flags=(unconfined)`);
    expect(appImage).toMatch(/^\s+userns,$/m);
  });
});

describe('macOS signing', () => {
  it('signs with the hardened runtime and notarizes when the environment has the credentials', () => {
    expect(config['mac']).toMatchObject({ hardenedRuntime: true, notarize: true });
    const entitlements = readFileSync(join(root, String(config['mac']?.['entitlements'])), 'utf8');
    for (const key of ['com.apple.security.cs.allow-jit', 'com.apple.security.network.server', 'com.apple.security.network.client'])
      expect(entitlements).toContain(`<key>${key}</key>`);
    // Secrets never in the configuration: electron-builder reads CSC_LINK, APPLE_ID... from the environment.
    expect(JSON.stringify(config)).not.toMatch(/cscLink|certificatePassword|appleIdPassword|CSC_|APPLE_/i);
  });
});

describe('npm run dist', () => {
  const binaryMissing = !existsSync(join(root, 'node_modules/electron/path.txt'));
  if (!binaryMissing) console.log('npm run dist test skipped: the Electron binary is here, so it would build a real installer');

  it.skipIf(!binaryMissing)('says in one line why it cannot build where the Electron binary is missing', async () => {
    const run = promisify(execFile)(process.execPath, ['scripts/dist.js'], { cwd: root });
    const failure = (await run.then(
      () => null,
      (e: unknown) => e,
    )) as { code: number; stdout: string; stderr: string } | null;
    expect(failure?.code).toBe(1);
    expect(failure!.stdout.trim().split('\n')).toHaveLength(1);
    expect(failure!.stdout).toMatch(/^npm run dist: cannot build the installer here: .*Electron binary/);
    expect(failure!.stderr).toBe('');
  });
});
