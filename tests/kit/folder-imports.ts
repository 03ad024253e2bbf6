// Which folders import which, under a root: every relative import and export (types included)
// of every .ts/.js file, as an edge between the two sibling folders it crosses (the first folders
// where the two paths part, under their common parent). Two siblings with edges both ways are a
// knot: neither can be understood, tested or moved without the other.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|[\s;])(?:import|export)\b[^'"`;]*?(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|js|mjs)$/.test(e.name) ? [p] : [];
  });
}

/** The sibling-folder edges under `root`: `parent|from|to`, with the file that makes each. */
export function folderEdges(root: string): Map<string, string> {
  const edges = new Map<string, string>();
  const top = path.resolve(root);
  for (const file of sourceFiles(top)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2]!;
      const from = path.dirname(file).split(path.sep);
      const to = path.resolve(path.dirname(file), spec).split(path.sep);
      let i = 0;
      while (i < from.length && i < to.length && from[i] === to[i]) i++;
      // Same folder, or a file of a folder above: no sibling crossed.
      if (i >= from.length || i >= to.length - 1) continue;
      const parent = from.slice(0, i).join(path.sep);
      if (!parent.startsWith(top)) continue;
      const key = `${path.relative(top, parent) || '.'}|${from[i]}|${to[i]}`;
      if (!edges.has(key)) edges.set(key, path.relative(top, file));
    }
  }
  return edges;
}

/** Sibling folders under `root` that import each other, as "parent: a <-> b (a's file, b's file)". */
export function twoWayFolders(root: string): string[] {
  const edges = folderEdges(root);
  const out: string[] = [];
  for (const [key, file] of edges) {
    const [parent, a, b] = key.split('|') as [string, string, string];
    const back = edges.get(`${parent}|${b}|${a}`);
    if (a < b && back) out.push(`${parent}: ${a} <-> ${b} (${file}, ${back})`);
  }
  return out.sort();
}
