// What the docs name: the pages (README.md and docs/*.md), every file and folder of the
// repository, and the words of a page that are shaped like paths. The docs' checks
// (tests/docs/) read them from here.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Made by the build, npm, the tests or the app at run time: never in a clone. */
export const GENERATED = /^(out|dist|node_modules|test-results|playwright-report|repeat-results|\.git)(\/|$)/;
/** Files the app or its installer writes outside the repository, named in the docs as such. */
export const RUN_TIME_FILES = new Set(['settings.json', 'window-storage.json', 'path.txt', '.build-stamp']);
/** Shaped like paths, and not paths: an ESLint rule, the record files' extension. */
export const NOT_PATHS = new Set(['chronicle/layers', '.chronicle.json']);

/** Every file and folder of the repository, from its root (`src/main/index.ts`, `src/main`). */
export function repoPaths(): string[] {
  const paths: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (GENERATED.test(path)) continue;
      paths.push(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk('');
  return paths;
}

/** The pages: README.md and every page of docs/. */
export const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** A path in `code`: folders and a file (`a/b.ts`, `a/b/`), or a file with a known extension. */
const PATH_LIKE = /^\.{0,2}\/?[\w.@-]+(\/[\w.@-]+)*\/?$/;
export const FILE_EXT = /\.(ts|js|mjs|cjs|svelte|json|md|css|html|nsh|plist|tpl|apparmor|ya?ml|svg|png|ico|icns)$/;

/** The paths a page names in `code`: each word of a code span that holds a `/` or ends in a file's extension. */
export function codePaths(text: string): string[] {
  const found: string[] = [];
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const token of span!.split(/[\s,()]+/)) {
      if (!token || /[<>*{}:?=#$]/.test(token) || token.startsWith('-')) continue;
      const bare = token.replace(/[.;]$/, '');
      if (!PATH_LIKE.test(bare)) continue;
      if (bare.includes('/') ? !/[a-z]/i.test(bare.replaceAll('/', '')) : !FILE_EXT.test(bare)) continue;
      // A package's name (`@noble/ciphers`, `socket.io-client`) or a command's option is no path.
      if (bare.startsWith('@') || /^\d/.test(bare)) continue;
      found.push(bare);
    }
  }
  return found;
}

/** Whether the build, the app or the record format accounts for `path`, though a clone does not hold it. */
export function notInAClone(path: string): boolean {
  return GENERATED.test(path) || RUN_TIME_FILES.has(path) || NOT_PATHS.has(path);
}
