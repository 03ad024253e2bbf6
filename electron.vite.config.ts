// electron-vite: builds main (src/main/index.ts and the bot worker), preload (src/preload/index.ts) and the renderer
// (src/renderer/index.html) into out/. Only `build` works on machines without the Electron binary;
// `dev` and `preview` need it (see scripts/start.js).
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

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
    plugins: [svelte()],
  },
});
