// Used by vite-plugin-svelte, svelte-check and the editor: TypeScript in <script lang="ts">.
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default {
  preprocess: vitePreprocess(),
};
