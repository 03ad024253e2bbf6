// The main process's folders point one way only: no two sibling folders under src/main import
// each other, types included (the host's layers: wire below table and transport, table-file
// below table, the bots' contract below the host).
import { describe, expect, it } from 'vitest';
import { folderEdges, twoWayFolders } from '../kit/folder-imports';

describe('src/main folders', () => {
  it('has no two sibling folders importing each other', () => {
    expect(folderEdges('src/main').size).toBeGreaterThan(20); // the check sees the imports at all
    expect(twoWayFolders('src/main')).toEqual([]);
  });
});
