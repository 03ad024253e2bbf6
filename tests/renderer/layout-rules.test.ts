// The layout's rules live in one place: a size (a media query on the window's width, height,
// orientation or aspect) is written only in src/renderer/src/lib/layout/sizes.css, named
// everywhere else (`@media (--phone)`), and the scripts that ask use sizes.ts, which must say
// the same. No style selects by test id: test ids are the tests' handles, not the layout's.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIZES } from '../../src/renderer/src/lib/layout/sizes';

const ROOT = join(import.meta.dirname, '../..');
const RENDERER = join(ROOT, 'src/renderer/src');
const SIZES_CSS = 'src/renderer/src/lib/layout/sizes.css';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const sources = filesUnder(RENDERER).map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') }));

/** The stylesheet text of a file: a .css file whole, a .svelte file's <style> blocks. */
function styleOf(file: string, text: string): string {
  if (file.endsWith('.css')) return text;
  if (!file.endsWith('.svelte')) return '';
  return Array.from(text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g), (m) => m[1]).join('\n');
}

/** A query on the window's size or shape (not a preference such as reduced motion or hover). */
const SIZE_FEATURE = /\b(min-|max-)?(width|height|aspect-ratio)\b|orientation|[<>]=?\s*\d/;

describe('the layout system', () => {
  it('writes every size only in sizes.css; stylesheets name them', () => {
    const written = sources.flatMap(({ file, text }) =>
      file === SIZES_CSS
        ? []
        : Array.from(styleOf(file, text).matchAll(/@media([^{]*)\{/g), (m) => `${file}: @media${m[1]}`).filter((at) => SIZE_FEATURE.test(at.replace(/\(--[\w-]+\)/g, ''))),
    );
    expect(written).toEqual([]);
  });

  it('names only sizes that sizes.css defines', () => {
    const defined = new Set(Object.keys(definitions()));
    const named = sources.flatMap(({ file, text }) =>
      Array.from(styleOf(file, text).matchAll(/@media([^{]*)\{/g), (m) => Array.from((m[1] ?? '').matchAll(/\((--[\w-]+)\)/g), (n) => `${file}: ${n[1]}`)).flat(),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((at) => !defined.has(at.slice(at.lastIndexOf(' ') + 1)))).toEqual([]);
  });

  it('asks sizes.ts in scripts, which says what sizes.css says', () => {
    expect(Object.fromEntries(Object.entries(SIZES).map(([name, query]) => [`--${name}`, query]))).toEqual(definitions());
    const scripts = sources.filter(({ file }) => !file.endsWith('lib/layout/sizes.ts') && /\.(ts|svelte)$/.test(file));
    const asked = scripts.flatMap(({ file, text }) => Array.from(text.matchAll(/matchMedia\(([^)]*\))?/g), (m) => `${file}: ${m[0]}`).filter((call) => SIZE_FEATURE.test(call)));
    expect(asked).toEqual([]);
  });

  it('selects no element by its test id in any style', () => {
    const selecting = sources.flatMap(({ file, text }) => (styleOf(file, text).includes('data-testid') ? [file] : []));
    expect(selecting).toEqual([]);
  });
});

/** sizes.css's definitions: each custom media query's name and its query. */
function definitions(): Record<string, string> {
  const text = readFileSync(join(ROOT, SIZES_CSS), 'utf8');
  return Object.fromEntries(Array.from(text.matchAll(/@custom-media\s+(--[\w-]+)\s+([^;]+);/g), (m) => [m[1], (m[2] ?? '').trim()]));
}
