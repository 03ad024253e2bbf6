// Which folders import which, under a root: every relative import and export (types included)
// of every .ts/.js/.svelte file, as an edge between the two sibling folders it crosses (the first folders
// where the two paths part, under their common parent). Two siblings with edges both ways are a
// knot: neither can be understood, tested or moved without the other.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|[\s;])(?:import|export)\b[^'"`;]*?(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|js|mjs|svelte)$/.test(e.name) ? [p] : [];
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

/** The file a relative import names, if it is under the tree: `./a` is `a.ts`, `a.js` or `a/index.ts`. */
function importedFile(from: string, spec: string, known: ReadonlySet<string>): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.js`, path.join(base, 'index.ts')]) if (known.has(candidate)) return candidate;
  return null;
}

/**
 * Files under `root` that import one another round a loop, types included (a loop of any length):
 * each loop as its files, from `root`. Such files are one module cut in pieces: none can be read
 * without the others.
 */
export function importLoops(root: string, { oneFolder = false } = {}): string[][] {
  const top = path.resolve(root);
  const files = sourceFiles(top);
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const to = [...text.matchAll(IMPORT)]
      .map((m) => importedFile(file, m[1] ?? m[2]!, known))
      .filter((f): f is string => f !== null && (!oneFolder || path.dirname(f) === path.dirname(file)));
    edges.set(file, [...new Set(to)]);
  }
  // Tarjan's strongly connected components: each of more than one file (or a file importing itself) is a loop.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(path.relative(top, w));
    } while (w !== v);
    if (component.length > 1 || edges.get(v)!.includes(v)) loops.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return loops.sort();
}

/** Files of one folder that import each other, directly or round a longer loop (types included): importLoops within each folder. */
export const folderLoops = (root: string): string[][] => importLoops(root, { oneFolder: true });
