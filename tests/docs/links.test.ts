// The docs stand alone: every file or folder of the repository that README.md or a page of
// docs/ names exists, and none points outside the repository (a clone has nothing beside it).
// A name is a Markdown link, or a path in `code` (`src/main/host/guards/`, `table/moves.ts`: a
// path may be given from any folder down, so it matches the end of a path in the repository).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Made by the build, npm, the tests or the app at run time: never in a clone. */
const GENERATED = /^(out|dist|node_modules|test-results|playwright-report|repeat-results|\.git)(\/|$)/;
/** Files the app or its installer writes outside the repository, named in the docs as such. */
const RUN_TIME_FILES = new Set(['settings.json', 'window-storage.json', 'path.txt', '.build-stamp']);
/** Shaped like paths, and not paths: an ESLint rule, the record files' extension. */
const NOT_PATHS = new Set(['chronicle/layers', '.chronicle.json']);

function repoPaths(): string[] {
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

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const PATHS = repoPaths();

/** A path in `code`: folders and a file (`a/b.ts`, `a/b/`), or a file with a known extension. */
const PATH_LIKE = /^\.{0,2}\/?[\w.@-]+(\/[\w.@-]+)*\/?$/;
const FILE_EXT = /\.(ts|js|mjs|cjs|svelte|json|md|css|html|nsh|plist|tpl|apparmor|ya?ml|svg|png|ico|icns)$/;

function codePaths(text: string): string[] {
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

const links = (text: string): string[] => [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^(https?:|mailto:|#)/.test(t));

/** Whether `path` (from the root, or from any folder down) names a file or folder of the repository. */
function inRepository(path: string): boolean {
  const p = path.replace(/^\.\//, '').replace(/\/$/, '');
  if (GENERATED.test(p) || RUN_TIME_FILES.has(p) || NOT_PATHS.has(p)) return true;
  return PATHS.some((q) => q === p || q.endsWith(`/${p}`));
}

describe('the docs stand alone', () => {
  it.each(DOCS)('every path %s names is in the repository', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const missing = codePaths(text).filter((p) => !p.startsWith('../') && !inRepository(p));
    for (const link of links(text)) {
      const target = resolve(dirname(join(ROOT, doc)), link.split('#')[0]!);
      const rel = relative(ROOT, target).split(sep).join('/');
      if (!PATHS.includes(rel)) missing.push(link);
    }
    expect(missing, `${doc} names these, which a clone does not have`).toEqual([]);
  });

  it.each(DOCS)('%s points nowhere outside the repository', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const outside = [
      ...links(text).filter((l) => relative(ROOT, resolve(dirname(join(ROOT, doc)), l.split('#')[0]!)).startsWith('..')),
      ...codePaths(text).filter((p) => p.startsWith('../')),
      // The design and rules that once lived beside the repository, and Markdown files named in prose.
      ...[...text.matchAll(/(?<![\w/.-])(shared\/(rules|ARCHITECTURE)[\w./-]*|beside this repository)/g)].map((m) => m[0]),
      ...[...text.matchAll(/(?<![\w/.-])([\w-]+\.md)\b/g)].map((m) => m[1]!).filter((md) => !inRepository(md)),
    ];
    expect(outside, `${doc} points outside the repository`).toEqual([]);
  });

  it('every page of docs/ the scripts and sources name exists', () => {
    const named = PATHS.filter((p) => /^(scripts|bin|src|bench)\/.*\.(js|ts|svelte)$/.test(p)).flatMap((p) =>
      [...readFileSync(join(ROOT, p), 'utf8').matchAll(/\bdocs\/[\w-]+\.md\b/g)].map((m) => `${p}: ${m[0]}`),
    );
    expect(named.filter((n) => !PATHS.includes(n.split(': ')[1]!))).toEqual([]);
    expect(named.length, 'scripts/dist.js names docs/desktop-app.md at least').toBeGreaterThan(0);
  });
});
