// PostCSS for every stylesheet of the renderer (app.css and each component's <style>, through
// vite-plugin-svelte's preprocessor): the table's sizes are custom media queries defined once in
// src/renderer/src/lib/layout/sizes.css and expanded into plain media queries here.
import { resolve } from 'node:path';
import postcssGlobalData from '@csstools/postcss-global-data';
import postcssCustomMedia from 'postcss-custom-media';

export default {
  plugins: [postcssGlobalData({ files: [resolve(import.meta.dirname, 'src/renderer/src/lib/layout/sizes.css')] }), postcssCustomMedia()],
};
