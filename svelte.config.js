// Used by vite-plugin-svelte, svelte-check and the editor: TypeScript in <script lang="ts">.
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default {
  preprocess: vitePreprocess(),
  // Every component in runes mode, even one with no rune in it: a single legacy-mode component
  // switches Svelte's legacy paths on for the whole page (a slower mount, bench/first-load.ts).
  compilerOptions: { runes: true },
};
