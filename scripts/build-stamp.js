// Whether `npm run build`'s output (out/) is as new as its sources: `npm start` serves the build
// and rebuilds only when a source changed since. `npm run build` ends by writing out/.build-stamp
// (`node scripts/build-stamp.js`); the build is fresh while no source is newer than that stamp.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What the build is made from: the sources and the files that say how to build them. */
const SOURCES = [
  'src',
  'electron.vite.config.ts',
  'package.json',
  'tsconfig.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
  'scripts/compress-renderer.js',
  'scripts/build-cli.js',
];

/**
 * The newest modification time (ms) among `paths` under `base`, folders walked.
 * @param {string} base
 * @param {readonly string[]} paths
 * @returns {number}
 */
export function newestSource(base = root, paths = SOURCES) {
  let newest = 0;
  for (const path of paths) {
    const full = join(base, path);
    if (!existsSync(full)) continue;
    const stats = statSync(full);
    if (!stats.isDirectory()) newest = Math.max(newest, stats.mtimeMs);
    else {
      for (const entry of readdirSync(full, { withFileTypes: true, recursive: true })) {
        if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
      }
    }
  }
  return newest;
}

/**
 * True when out/ holds a build (renderer and CLI) newer than every source.
 * @param {string} base
 * @param {readonly string[]} paths
 * @returns {boolean}
 */
export function buildIsFresh(base = root, paths = SOURCES) {
  const stamp = join(base, 'out', '.build-stamp');
  if (!existsSync(stamp) || !existsSync(join(base, 'out', 'renderer', 'index.html'))) return false;
  return newestSource(base, paths) <= statSync(stamp).mtimeMs;
}

/** Marks out/ as built from the sources as they are now. @param {string} base */
export function writeStamp(base = root) {
  writeFileSync(join(base, 'out', '.build-stamp'), `${new Date().toISOString()}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeStamp();
