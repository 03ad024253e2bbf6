// The main process's folders point one way only: no two sibling folders under src/main import
// each other, types included (the host's layers: wire below table and transport, table-file
// below table, the bots' contract below the host). Inside any folder under src, the files do
// not import each other round a loop either, types included: each can be read knowing only the
// files below it.
import { describe, expect, it } from 'vitest';
import { folderEdges, folderLoops, twoWayFolders } from '../kit/folder-imports';

describe('src/main folders', () => {
  it('has no two sibling folders importing each other', () => {
    expect(folderEdges('src/main').size).toBeGreaterThan(20); // the check sees the imports at all
    expect(twoWayFolders('src/main')).toEqual([]);
  });
});

describe('the files of one folder under src', () => {
  it('import each other round no loop, types included', () => {
    expect(folderLoops('src')).toEqual([]);
  });

  it('a loop is found, however long and whatever kind of import makes it', () => {
    expect(folderLoops('tests/fixtures/folder-loops')).toEqual([
      ['a/one.ts', 'a/three.ts', 'a/two.ts'],
      ['b/round.ts', 'b/trip.svelte'],
    ]);
  });
});
