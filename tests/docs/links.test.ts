// The docs stand alone: every file or folder a Markdown link of README.md or a page of docs/
// leads to exists, and none points outside the repository (a clone has nothing beside it).
// (The paths the pages name in `code` are checked by paths.test.ts.)
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS, ROOT, codePaths, notInAClone, repoPaths } from '../kit/doc-paths';

const PATHS = repoPaths();

const links = (text: string): string[] => [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^(https?:|mailto:|#)/.test(t));

/** Whether a Markdown file named in prose (`layout.md`) is one of the repository's. */
function inRepository(name: string): boolean {
  return notInAClone(name) || PATHS.some((q) => q === name || q.endsWith(`/${name}`));
}

describe('the docs stand alone', () => {
  it.each(DOCS)('every link of %s leads to a file or folder of the repository', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const missing: string[] = [];
    for (const link of links(text)) {
      const target = resolve(dirname(join(ROOT, doc)), link.split('#')[0]!);
      const rel = relative(ROOT, target).split(sep).join('/');
      if (!PATHS.includes(rel)) missing.push(link);
    }
    expect(missing, `${doc} links to these, which a clone does not have`).toEqual([]);
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
