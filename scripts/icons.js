// `npm run icons`: draws build/icon.svg at every size the installers use and writes them to
// build/ (committed, so packaging needs no browser): build/icons/<N>x<N>.png for Linux,
// build/icon.png (1024), build/icon.ico for Windows and build/icon.icns for macOS.
// The SVG is drawn by Chromium (Playwright + Debian's /usr/bin/chromium, as the tests do), so its
// text uses a real font; @shockpkg/icon-encoder packs the PNGs into ICO and ICNS.
import { execSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { IconIcns, IconIco } from '@shockpkg/icon-encoder';
import { chromium } from 'playwright-core';

const build = fileURLToPath(new URL('../build/', import.meta.url));
const SIZES = [16, 24, 32, 48, 64, 128, 192, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
// ICNS types by pixel size (all PNG-encoded; the double-density types share a size with the next one up).
const ICNS_TYPES = { 16: ['ic04'], 32: ['ic05', 'ic11'], 64: ['ic12'], 128: ['ic07'], 256: ['ic08', 'ic13'], 512: ['ic09', 'ic14'], 1024: ['ic10'] };

const chromiumPath = execSync('command -v chromium || echo /usr/bin/chromium', { encoding: 'utf8', shell: '/bin/sh' }).trim();
const svg = await readFile(`${build}icon.svg`, 'utf8');
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
const pngs = new Map();
try {
  const page = await browser.newPage();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    pngs.set(size, await page.screenshot({ omitBackground: true, type: 'png' }));
  }
} finally {
  await browser.close();
}

await mkdir(`${build}icons`, { recursive: true });
for (const [size, png] of pngs) await writeFile(`${build}icons/${size}x${size}.png`, png);
await writeFile(`${build}icon.png`, pngs.get(1024));

const ico = new IconIco();
for (const size of ICO_SIZES) await ico.addFromPng(pngs.get(size), null);
await writeFile(`${build}icon.ico`, ico.encode());

const icns = new IconIcns();
icns.toc = true;
for (const [size, types] of Object.entries(ICNS_TYPES)) await icns.addFromPng(pngs.get(Number(size)), types);
await writeFile(`${build}icon.icns`, icns.encode());
console.log(`icons written to ${build}: ${SIZES.join(', ')} px, icon.ico, icon.icns`);
