// The installers' configuration (electron-builder.json and build/): targets per platform, the
// macOS network entries, the Windows firewall rules, the icons at every size, the fuses flipped
// after packing, and `npm run dist` explaining itself in one line where Electron is missing.
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
type AfterPack = ((context: object, flip: (path: string, options: object) => Promise<void>) => Promise<void>) & { fuseOptions(): object };
const afterPack = require('../../../build/after-pack.cjs') as AfterPack;

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

  it('opens the game port and mDNS in the Windows firewall on install, and closes them on uninstall', () => {
    const nsis = config['nsis']!;
    expect(nsis['perMachine']).toBe(true); // netsh needs the elevated installer
    const script = readFileSync(join(root, String(nsis['include'])), 'utf8');
    const install = /!macro customInstall([\s\S]*?)!macroend/.exec(script)?.[1] ?? '';
    const uninstall = /!macro customUnInstall([\s\S]*?)!macroend/.exec(script)?.[1] ?? '';
    const addRules = install.split('\n').filter((l) => l.includes('firewall add rule'));
    expect(addRules).toHaveLength(2);
    expect(addRules.find((l) => l.includes('protocol=TCP'))).toContain(`localport=${DEFAULT_PORT}`);
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
    expect(readFileSync(join(root, String(config['mac']?.['icon']))).subarray(0, 4).toString()).toBe('icns');
  });
});

describe('fuses', () => {
  const FUSES = {
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  };

  it('are flipped after packing, on the binary of each platform', async () => {
    expect(config['afterPack']).toBe('build/after-pack.cjs');
    const packager = { appInfo: { productFilename: 'Chronicle' }, executableName: 'chronicle' };
    const cases = [
      [{ electronPlatformName: 'linux', arch: 1 }, join('/out', 'chronicle'), false],
      [{ electronPlatformName: 'win32', arch: 1 }, join('/out', 'Chronicle.exe'), false],
      [{ electronPlatformName: 'darwin', arch: 3 }, join('/out', 'Chronicle.app'), true],
    ] as const;
    for (const [platform, binary, resign] of cases) {
      const flip = vi.fn(() => Promise.resolve());
      await afterPack({ appOutDir: '/out', packager, ...platform }, flip);
      expect(flip).toHaveBeenCalledExactlyOnceWith(binary, { version: FuseVersion.V1, ...FUSES, resetAdHocDarwinSignature: resign });
    }
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
