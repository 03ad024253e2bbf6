// A language's message texts for the browser specs, read from the renderer's message table
// (src/renderer/src/lib/i18n/<lang>.ts) as text: the renderer's modules are outside the Node
// type-check project, so they are not imported. The formatter may put a long text on the line
// after its key, and quote a text holding an apostrophe with double quotes: both are read.
import { readFileSync } from 'node:fs';

const ENTRY = /^\s*'([\w.]+)':\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"),$/gm;

/** The texts whose keys start with `prefix`, keyed by the rest of the key. */
export function messageTexts(lang: string, prefix: string): Record<string, string> {
  const source = readFileSync(`src/renderer/src/lib/i18n/${lang}.ts`, 'utf8');
  const texts: Record<string, string> = {};
  for (const m of source.matchAll(ENTRY)) {
    const key = m[1]!;
    if (key.startsWith(prefix)) texts[key.slice(prefix.length)] = (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1');
  }
  return texts;
}
