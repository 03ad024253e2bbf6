#!/usr/bin/env node
// Moves source files and rewrites every relative import that reaches them (and every relative
// import inside them), so that a folder can be reorganised in one step:
//   node scripts/move-modules.js moves.txt
// where each line of moves.txt is `old/path.ts new/path.ts` (paths from the repository root).
// It moves with `git mv`, then rewrites quoted specifiers that start with ./ or ../ in the
// TypeScript, JavaScript and Svelte files under src, tests, bench and scripts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const listFile = process.argv[2];
if (!listFile) {
  console.error('usage: node scripts/move-modules.js <moves.txt>');
  process.exit(2);
}

const moves = new Map();
for (const line of readFileSync(listFile, 'utf8').split('\n')) {
  const parts = line.trim().split(/\s+/);
  if (parts.length !== 2) continue;
  moves.set(resolve(root, parts[0]), resolve(root, parts[1]));
}

const CODE = /\.(ts|js|svelte|mjs)$/;
function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'out' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (CODE.test(name)) out.push(path);
  }
  return out;
}
const files = ['src', 'tests', 'bench', 'scripts'].flatMap((d) => walk(join(root, d)));

const SUFFIXES = ['', '.ts', '.svelte.ts', '.js', '.svelte', '/index.ts', '/index.js'];
function target(fromDir, spec) {
  const base = resolve(fromDir, spec);
  for (const suffix of SUFFIXES) {
    const path = base + suffix;
    if (existsSync(path) && statSync(path).isFile()) return { path, suffix };
  }
  if (spec.endsWith('.js')) {
    const ts = base.slice(0, -3) + '.ts';
    if (existsSync(ts)) return { path: ts, suffix: '', jsFor: true };
  }
  return null;
}

const rewrites = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const oldDir = dirname(file);
  const newFile = moves.get(file) ?? file;
  const newDir = dirname(newFile);
  let changed = false;
  const next = text.replace(/(['"])(\.{1,2}\/[^'"\n]*)\1/g, (whole, quote, spec) => {
    const hit = target(oldDir, spec);
    if (!hit) return whole;
    const newTarget = moves.get(hit.path) ?? hit.path;
    if (newTarget === hit.path && newFile === file) return whole;
    let stem = hit.jsFor ? newTarget.slice(0, -3) + '.js' : newTarget;
    if (hit.suffix) stem = stem.slice(0, -hit.suffix.length);
    let spec2 = relative(newDir, stem);
    if (!spec2.startsWith('.')) spec2 = './' + spec2;
    if (spec2 === spec) return whole;
    changed = true;
    return quote + spec2 + quote;
  });
  if (changed) rewrites.set(file, next);
}

for (const [from, to] of moves) {
  execFileSync('mkdir', ['-p', dirname(to)]);
  execFileSync('git', ['mv', from, to], { cwd: root });
}
for (const [file, text] of rewrites) writeFileSync(moves.get(file) ?? file, text);
console.log(`moved ${moves.size} files, rewrote imports in ${rewrites.size}`);
