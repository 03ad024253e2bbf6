// Every path the docs name is a file or folder of the repository, and only one: a reader who
// follows it finds what the page describes. The rule:
// - A path is a word in `code` in README.md or a page of docs/ that holds a `/` or ends in a
//   file's extension (.ts, .svelte, .js, .css, .md, .json, …); not a package (`@noble/ciphers`),
//   an option (`--seed`), a URL or a pattern (`*.test.ts`, `<lang>.ts`); nor the text of a
//   Markdown link (its target says which file: links.test.ts checks it).
// - It is read from the repository's root (`src/main/host/table/moves.ts`, `docs/rules.md`); else
//   it is the end of exactly one path of the repository (`table/moves.ts`, or `moves.ts` while
//   one file has that name). A short name two files end with is said longer: the reader could
//   not tell which. A name ending in `/` is a folder.
// - A layout tree (a plain ``` block whose lines begin with a path from the root, as in README.md
//   and docs/layout.md) names files in its rows' text without `code`: each word there with a
//   file's extension or a trailing `/` is a path from the root, or lies under that row's folder.
// - What the build, npm or the app write (out/, dist/, settings.json, …) is no path of a clone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS, FILE_EXT, ROOT, codePaths, notInAClone, repoPaths } from '../kit/doc-paths';

const PATHS = repoPaths();
const FOLDERS = new Set(PATHS.filter((p) => !/\.[\w]+$/.test(p.slice(p.lastIndexOf('/') + 1)) || PATHS.some((q) => q.startsWith(`${p}/`))));

/** Why `named` leads nowhere, or null when it is one file or folder (from the root, or the end of one path). */
function unresolved(named: string, paths: readonly string[] = PATHS, folders: ReadonlySet<string> = FOLDERS): string | null {
  const folder = named.endsWith('/');
  const p = named.replace(/^\.\//, '').replace(/\/$/, '');
  if (notInAClone(p) || p.startsWith('../')) return null; // links.test.ts refuses what points outside
  const fits = (q: string) => !folder || folders.has(q);
  if (paths.includes(p) && fits(p)) return null;
  const ends = paths.filter((q) => q.endsWith(`/${p}`) && fits(q));
  if (ends.length === 1) return null;
  return ends.length === 0 ? `${named}: no such ${folder ? 'folder' : 'file'}` : `${named}: ${ends.length} paths end so (${ends.join(', ')}); say which`;
}

/** A layout tree's rows: the path each begins with (from the root), and the names in its text. */
function treeRows(text: string, paths: readonly string[] = PATHS): { path: string; names: string[] }[] {
  const rows: { path: string; names: string[] }[] = [];
  for (const [, block] of text.matchAll(/^```\n([\s\S]*?)^```/gm)) {
    let row: { path: string; names: string[] } | null = null;
    for (const line of block!.split('\n')) {
      const head = /^([\w.-]+(?:\/[\w.-]+)*\/?)\s{2,}(.*)$/.exec(line);
      if (head && paths.includes(head[1]!.replace(/\/$/, ''))) rows.push((row = { path: head[1]!.replace(/\/$/, ''), names: [] }));
      else if (!/^\s/.test(line)) row = null;
      if (!row) continue;
      const said = head ? head[2]! : line;
      for (const token of said.split(/[\s,;()`]+/)) {
        const word = token.replace(/[.:]+$/, '');
        if (!word || /[{}<>*]/.test(word) || !/^[\w.@-]+(\/[\w.@-]+)*\/?$/.test(word)) continue;
        if (FILE_EXT.test(word) || word.endsWith('/')) row.names.push(word);
      }
    }
  }
  return rows;
}

/** Why a name in a tree's row leads nowhere: neither from the root nor under the row's folder. */
function unresolvedInRow(row: { path: string }, named: string): string | null {
  const p = named.replace(/\/$/, '');
  if (notInAClone(p) || PATHS.includes(p)) return null;
  const folder = FOLDERS.has(row.path) ? row.path : row.path.slice(0, row.path.lastIndexOf('/'));
  const under = PATHS.filter((q) => q.startsWith(`${folder}/`) && (q === `${folder}/${p}` || q.endsWith(`/${p}`)) && (!named.endsWith('/') || FOLDERS.has(q)));
  return under.length > 0 ? null : `${row.path}: ${named} is not under it`;
}

describe('the paths the docs name', () => {
  it.each(DOCS)('%s names in `code` only paths that lead to one file or folder', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const withoutLinks = text.replace(/\[([^\]\n]*)\]\([^)\s]+\)/g, '');
    const wrong = [...new Set(codePaths(withoutLinks))].map((p) => unresolved(p)).filter((why) => why !== null);
    expect(wrong, `${doc} names these`).toEqual([]);
  });

  it.each(DOCS.filter((doc) => treeRows(readFileSync(join(ROOT, doc), 'utf8')).length > 0))('the layout tree of %s names only what its rows hold', (doc) => {
    const rows = treeRows(readFileSync(join(ROOT, doc), 'utf8'));
    expect(rows.flatMap((r) => r.names).length).toBeGreaterThan(3); // the tree is read at all
    const wrong = rows.flatMap((row) => row.names.map((name) => unresolvedInRow(row, name)).filter((why) => why !== null));
    expect(wrong, `${doc}'s tree names these`).toEqual([]);
  });

  it('refuses a path that leads nowhere, a short name two files end with, and a file for a folder', () => {
    const paths = ['src/a/guards.ts', 'src/b/guards.ts', 'src/a/moves.ts', 'src/effects', 'src/effects/steal.ts'];
    const folders = new Set(['src', 'src/a', 'src/b', 'src/effects']);
    expect(unresolved('src/a/moves.ts', paths, folders)).toBeNull();
    expect(unresolved('a/moves.ts', paths, folders)).toBeNull();
    expect(unresolved('moves.ts', paths, folders)).toBeNull();
    expect(unresolved('effects/', paths, folders)).toBeNull();
    expect(unresolved('a/guards.ts', paths, folders)).toBeNull();
    expect(unresolved('guards.ts', paths, folders)).toMatch(/2 paths end so/);
    expect(unresolved('c/moves.ts', paths, folders)).toMatch(/no such file/);
    expect(unresolved('steal.ts/', paths, folders)).toMatch(/no such folder/);
  });

  it('reads a layout tree: its rows by their first path, continued by the indented lines', () => {
    const tree = ['```', 'src/main      the shell: index.ts, shell/ (its rules)', '              and host/table/moves.ts', 'not a row     gone.ts', '```'].join('\n');
    expect(treeRows(tree, ['src/main'])).toEqual([{ path: 'src/main', names: ['index.ts', 'shell/', 'host/table/moves.ts'] }]);
  });
});
