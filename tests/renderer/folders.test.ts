// The renderer's folders point one way only, and its files hold one concept each: no two sibling
// folders import each other (components and lib, lib/table and lib/story, …), no files import
// one another round a loop, types included, and lib/ keeps nothing loose at its root — each of
// its modules lives in the folder of its concept (cards, links, settings, story, table, …).
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { folderEdges, importLoops, twoWayFolders } from '../kit/folder-imports';

const RENDERER = 'src/renderer/src';

describe('src/renderer folders', () => {
  it('has no two sibling folders importing each other', () => {
    expect(folderEdges(RENDERER).size).toBeGreaterThan(20); // the check sees the imports at all
    expect(twoWayFolders(RENDERER)).toEqual([]);
  });

  it('has no files importing one another round a loop', () => {
    expect(importLoops(RENDERER)).toEqual([]);
  });

  it('keeps no loose file at the root of lib/', () => {
    const loose = readdirSync(`${RENDERER}/lib`, { withFileTypes: true }).filter((e) => !e.isDirectory());
    expect(loose.map((e) => e.name)).toEqual([]);
  });
});
