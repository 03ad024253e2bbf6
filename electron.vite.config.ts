// electron-vite: builds main (src/main/index.ts and the bot worker), preload (src/preload/index.ts) and the renderer
// (src/renderer/index.html) into out/. Only `build` works on machines without the Electron binary;
// `dev` and `preview` need it (see scripts/start.js).
import { readFileSync, writeFileSync } from 'node:fs';
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

/** V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints), a file's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the scripts of the first load (the entry and the chunks it imports) with V8's compile
 * hint: Chromium then compiles all their functions on a background thread as they arrive,
 * instead of each one on the main thread at its first call, which is most of what mounting the
 * lobby costs a phone (bench/first-load.ts). Chunks loaded later are left to V8's lazy compile.
 */
function compileHints(): Plugin {
  return {
    name: 'chronicle-compile-hints',
    // Once the files are written: Vite adds its preload map to the top of the entry after every
    // plugin's generateBundle, and the hint must be the first line.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const firstLoad = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
      for (const file of firstLoad) {
        const path = resolve(options.dir ?? 'out/renderer', file);
        writeFileSync(path, `${COMPILE_HINT}\n${readFileSync(path, 'utf8')}`);
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
    plugins: [svelte(), manifestIcons(), compileHints()],
  },
});
