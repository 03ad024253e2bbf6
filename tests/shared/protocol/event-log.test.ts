// The story one connection receives: the versions it has not had, in order, and no others.
import { describe, expect, it } from 'vitest';
import { type GameEventBatch, batchesFor } from '../../../src/shared/protocol/event-log';
import { seatOf } from '../../../src/shared/ids';

describe('batchesFor', () => {
  const log: GameEventBatch[] = [0, 1, 2, 3, 4, 5].map((version) => ({ version, events: [] }));
  const versions = (after: number, upTo: number) => batchesFor(log, 'spectator', after, upTo).map((b) => b.version);

  it('gives the versions after one up to another, in order', () => {
    expect(versions(-1, 5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(versions(2, 4)).toEqual([3, 4]);
    expect(versions(4, 5)).toEqual([5]);
    expect(versions(5, 5)).toEqual([]);
    expect(versions(-1, -1)).toEqual([]);
    expect(batchesFor([], seatOf(0), -1, 3)).toEqual([]);
  });
});
