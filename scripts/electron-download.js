// `node scripts/electron-download.js [ELECTRON_PACKAGE_DIR]`: puts Electron's binary into node_modules/electron as the
// package's own installer (install.js, `npx install-electron`) does — the same release file and
// checksums (checksums.json, or the mirror's SHASUMS256.txt with electron_use_remote_checksums),
// the same mirror settings (ELECTRON_MIRROR), the same cache (electron_config_cache) and unpacking
// — but a failure ends in one line saying what happened and what to do, never a stack: a server
// that sends no byte for 30 s (CHRONICLE_DOWNLOAD_STALL_SECONDS) is given up on, instead of
// waiting minutes for the network to time out. HTTPS_PROXY / HTTP_PROXY are used when set (the
// installer needs ELECTRON_GET_USE_PROXY for that; here their presence says so).
// `npm start` runs it (scripts/electron-binary.js) and gets the outcome over IPC; the release
// workflow runs it before `npm run dist`.
import { execSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, renameSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HttpStatusError, StalledDownload, explainDownloadError } from './download-errors.js';

export const DEFAULT_STALL_SECONDS = 30;

/**
 * A downloader for @electron/get that gives up when no byte arrives for `stallSeconds`, and
 * keeps count of what it has received (for the progress lines).
 */
class WatchedDownloader {
  /** @param {number} stallSeconds */
  constructor(stallSeconds) {
    this.stallSeconds = stallSeconds;
    /** @type {{ url: string, received: number, total: number | null } | null} */
    this.current = null;
  }

  /**
   * @param {string} url
   * @param {string} target
   */
  async download(url, target) {
    const progress = { url, received: 0, total: /** @type {number | null} */ (null) };
    this.current = progress;
    await mkdir(dirname(target), { recursive: true });
    const controller = new AbortController();
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const stillWaiting = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new StalledDownload(url, this.stallSeconds)), this.stallSeconds * 1000);
    };
    stillWaiting();
    try {
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) throw new HttpStatusError(url, response.status, response.statusText);
      if (!response.body) throw new Error(`${url} answered with no body`);
      progress.total = Number(response.headers.get('content-length')) || null;
      const counted = async function* (/** @type {AsyncIterable<Buffer>} */ source) {
        for await (const chunk of source) {
          stillWaiting();
          progress.received += chunk.length;
          yield chunk;
        }
      };
      await pipeline(Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream} */ (response.body)), counted, createWriteStream(target));
    } catch (err) {
      throw controller.signal.aborted ? controller.signal.reason : err;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The proxy a request to `url` goes through, without its password, or null.
 * @param {string} url
 * @param {NodeJS.ProcessEnv} env
 */
export function proxyFor(url, env) {
  if (!env['ELECTRON_GET_USE_PROXY']) return null;
  const https = url.startsWith('https:');
  const proxy = (https ? env['HTTPS_PROXY'] || env['https_proxy'] : '') || env['HTTP_PROXY'] || env['http_proxy'];
  if (!proxy) return null;
  const host = new URL(url).hostname;
  const skip = (env['NO_PROXY'] || env['no_proxy'] || '').split(/[,\s]+/).filter(Boolean);
  if (skip.some((entry) => entry === '*' || host === entry.replace(/^\./, '') || host.endsWith(`.${entry.replace(/^\./, '')}`))) return null;
  try {
    const shown = new URL(proxy);
    shown.username = '';
    shown.password = '';
    return shown.origin;
  } catch {
    return proxy;
  }
}

/** Where Electron's executable is inside dist/, as the package's path.txt names it. */
function platformPath(/** @type {string} */ platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/** The platform and architecture the package's installer would download for. */
function target(/** @type {NodeJS.ProcessEnv} */ env) {
  const platform = env['ELECTRON_INSTALL_PLATFORM'] || env['npm_config_platform'] || process.platform;
  let arch = env['ELECTRON_INSTALL_ARCH'] || env['npm_config_arch'] || process.arch;
  if (platform === 'darwin' && process.platform === 'darwin' && arch === 'x64' && env['npm_config_arch'] === undefined) {
    // An x64 Node under Rosetta on Apple silicon: the arm64 build, as the installer picks.
    try {
      if (execSync('sysctl -in sysctl.proc_translated').toString().trim() === '1') arch = 'arm64';
    } catch {
      // Not translated, or no sysctl: keep x64.
    }
  }
  return { platform, arch };
}

/**
 * Downloads and unpacks Electron into `electronDir`. Resolves to null when it is in place, else
 * to what happened and what to do.
 * @param {string} electronDir node_modules/electron
 * @param {{ stallSeconds?: number, progress?: (line: string) => void }} [options]
 * @returns {Promise<{ what: string, todo: string } | null>}
 */
export async function downloadElectron(electronDir, { stallSeconds = DEFAULT_STALL_SECONDS, progress = console.log } = {}) {
  // @electron/get reads its settings (ELECTRON_MIRROR, proxies) from the environment itself.
  const env = process.env;
  if (!existsSync(join(electronDir, 'package.json'))) return { what: `the electron package is not installed (${electronDir})`, todo: 'Run npm ci, then try again.' };
  const electronRequire = createRequire(join(electronDir, 'package.json'));
  const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'));
  const remoteChecksums = env['electron_use_remote_checksums'] || env['npm_config_electron_use_remote_checksums'];
  const { platform, arch } = target(env);
  // @electron/get reads ELECTRON_GET_USE_PROXY when it loads.
  if (!env['ELECTRON_GET_USE_PROXY'] && (env['HTTPS_PROXY'] || env['https_proxy'] || env['HTTP_PROXY'] || env['http_proxy'])) env['ELECTRON_GET_USE_PROXY'] = '1';
  /** @type {typeof import('@electron/get')} */
  const get = await import(pathToFileURL(electronRequire.resolve('@electron/get')).href);
  const downloader = new WatchedDownloader(stallSeconds);
  const started = Date.now();
  const ticker = setInterval(() => {
    const now = downloader.current;
    if (!now) return;
    const mb = (/** @type {number} */ n) => Math.round(n / 1e6);
    const of = now.total ? ` of ${mb(now.total)}` : '';
    progress(`Downloading Electron: ${mb(now.received)}${of} MB (${Math.round((Date.now() - started) / 1000)} s)…`);
  }, 10_000);
  try {
    const zip = await get.downloadArtifact({
      version,
      artifactName: 'electron',
      platform,
      arch,
      // The installer's force_no_cache: download again, whatever the cache holds.
      cacheMode: env['force_no_cache'] === 'true' ? get.ElectronDownloadCacheMode.WriteOnly : get.ElectronDownloadCacheMode.ReadWrite,
      cacheRoot: env['electron_config_cache'],
      checksums: remoteChecksums ? undefined : JSON.parse(readFileSync(join(electronDir, 'checksums.json'), 'utf8')),
      downloader,
    });
    // Unpacked as the package's installer does: dist/, its electron.d.ts moved up, path.txt last.
    const { extract } = electronRequire('@electron-internal/extract-zip');
    await extract(zip, { dir: resolve(electronDir, 'dist') });
    const types = join(electronDir, 'dist', 'electron.d.ts');
    if (existsSync(types)) renameSync(types, join(electronDir, 'electron.d.ts'));
    await writeFile(join(electronDir, 'path.txt'), platformPath(platform));
    return null;
  } catch (err) {
    const url = downloader.current?.url ?? `${env['ELECTRON_MIRROR'] ?? 'https://github.com/electron/electron/releases/download/'}v${version}/`;
    return explainDownloadError(err, { url, mirror: env['ELECTRON_MIRROR'], proxy: proxyFor(url, env) });
  } finally {
    clearInterval(ticker);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const electronDir = process.argv[2] ?? fileURLToPath(new URL('../node_modules/electron/', import.meta.url));
  const stall = Number(process.env['CHRONICLE_DOWNLOAD_STALL_SECONDS']);
  const failed = await downloadElectron(electronDir, { stallSeconds: stall > 0 ? stall : DEFAULT_STALL_SECONDS }).catch((/** @type {Error} */ err) => ({
    // Whatever was not foreseen (a broken electron package): still one line.
    what: err.message.split('\n')[0] ?? String(err),
    todo: 'Run npm ci, then try again.',
  }));
  if (process.send) {
    // Run by `npm start`, which says it in its own line.
    process.send({ failed }, () => process.disconnect());
  } else if (failed) {
    console.error(`Electron's download failed: ${failed.what}. ${failed.todo}`);
  } else console.log(`Electron is in place (${electronDir}).`);
  process.exitCode = failed ? 1 : 0;
}
