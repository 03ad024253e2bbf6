// Which folders import which, under a root: every relative import and export (types included)
// of every .ts/.js file, as an edge between the two sibling folders it crosses (the first folders
// where the two paths part, under their common parent). Two siblings with edges both ways are a
// knot: neither can be understood, tested or moved without the other.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|[\s;])(?:import|export)\b[^'"`;]*?(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string, kinds = /\.(ts|js|mjs)$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p, kinds);
    return kinds.test(e.name) ? [p] : [];
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

/** The file a relative import names (`./x` is x.ts, x.js, x/index.ts…), or null outside the sources. */
function resolved(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, ...['.ts', '.js', '.mjs', '.svelte.ts'].map((e) => base + e), ...['index.ts', 'index.js'].map((f) => path.join(base, f))];
  return candidates.find((c) => /\.(ts|js|mjs|svelte)$/.test(c) && existsSync(c) && statSync(c).isFile()) ?? null;
}

/**
 * Files of one folder that import each other, directly or round a longer loop (types
 * included), under `root`: each loop as its files, relative to `root`, sorted.
 */
export function folderLoops(root: string): string[][] {
  const top = path.resolve(root);
  const files = sourceFiles(top, /\.(ts|js|mjs|svelte)$/);
  const next = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolved(file, m[1] ?? m[2]!))
      .filter((t): t is string => t !== null && t !== file && path.dirname(t) === path.dirname(file));
    next.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components: a component of two or more files is a loop.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      component.push(path.relative(top, w));
    } while (w !== v);
    if (component.length > 1) loops.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return loops.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
