// electron-vite: builds main (src/main/index.ts and the bot worker), preload (src/preload/index.ts) and the renderer
// (src/renderer/index.html) into out/. Only `build` works on machines without the Electron binary;
// `dev` and `preview` need it (see scripts/start.js).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * The sizes of build/icons the page names (src/renderer/index.html: the tab's icon) and the web
 * app manifest names (src/renderer/public/manifest.webmanifest).
 */
const PAGE_ICON_SIZES = [32, 64, 128, 192, 256, 512];

/** Copies those icons into the renderer's build as icons/<N>.png, so the committed PNGs stay the only copy. */
function manifestIcons(): Plugin {
  return {
    name: 'chronicle-manifest-icons',
    generateBundle() {
      for (const size of PAGE_ICON_SIZES) {
        this.emitFile({ type: 'asset', fileName: `icons/${size}.png`, source: readFileSync(resolve(`build/icons/${size}x${size}.png`)) });
      }
    },
  };
}

export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        // Bots think in worker threads: their entry is built beside the main bundle
        // (out/main/bot-worker.js), where the pool looks for it.
        input: { index: 'src/main/index.ts', 'bot-worker': 'src/main/bots/bot-worker.ts' },
      },
    },
  },
  preload: {
    build: {
      rolldownOptions: {
        // Sandboxed preloads cannot be ES modules: force CommonJS (out/preload/index.cjs) even
        // though package.json says "type": "module".
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    resolve: { alias: { '@renderer': resolve('src/renderer/src') } },
    // The renderer goes to browsers over the LAN, phones included: minified (electron-vite
    // leaves it readable by default), then precompressed by scripts/compress-renderer.js.
    build: { minify: true },
    plugins: [svelte(), manifestIcons()],
  },
});
