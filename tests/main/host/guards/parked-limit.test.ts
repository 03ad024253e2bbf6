// The bound on games parked on disk: past it, the address that parked the most retires its own
// oldest; the host's own games (no address) count as one address.
import { describe, expect, it } from 'vitest';
import { type ParkedGame, parkedToRetire } from '../../../../src/main/host/guards/table-limits';

const game = (id: string, by: string | undefined, since: number): ParkedGame => ({ id, by, since });

describe('parkedToRetire', () => {
  it('retires nothing up to the bound', () => {
    expect(parkedToRetire([], 0)).toBeUndefined();
    expect(parkedToRetire([game('a', '10.0.0.2', 1), game('b', '10.0.0.3', 2)], 2)).toBeUndefined();
  });

  it("past it, retires the oldest game of the address that parked the most, not an older one of another's", () => {
    const parked = [game('friend', '10.0.0.2', 1), game('flood-2', '10.0.0.9', 5), game('flood-1', '10.0.0.9', 3), game('flood-3', '10.0.0.9', 7)];
    expect(parkedToRetire(parked, 3)).toBe('flood-1');
  });

  it("counts the host's own games as one address", () => {
    const parked = [game('own-1', undefined, 4), game('own-2', undefined, 2), game('guest', '10.0.0.2', 1)];
    expect(parkedToRetire(parked, 2)).toBe('own-2');
  });
});
