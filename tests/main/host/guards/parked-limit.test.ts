// The bound on games parked on disk: past it, the game a flood would have made goes first (no
// move by anyone, then the shortest played, then the busiest address's newest), never a family's
// paused game played for a while.
import { describe, expect, it } from 'vitest';
import { type ParkedGame, parkedToRetire } from '../../../../src/main/host/guards/table-limits';

const MINUTE = 60_000;
/** A game created at `createdAt`, left `playedMin` minutes later, with `moves` moves by people. */
const game = (id: string, by: string | undefined, createdAt: number, playedMin = 0, moves = 0): ParkedGame => ({
  id,
  by,
  createdAt,
  since: createdAt + playedMin * MINUTE,
  humanMoves: moves,
});

describe('parkedToRetire', () => {
  it('retires nothing up to the bound', () => {
    expect(parkedToRetire([], 0)).toBeUndefined();
    expect(parkedToRetire([game('a', '10.0.0.2', 1), game('b', '10.0.0.3', 2)], 2)).toBeUndefined();
  });

  it('retires a game nobody moved in before one people played, whichever address parked more', () => {
    const parked = [game('played', '10.0.0.9', 1, 0, 3), game('played-2', '10.0.0.9', 2, 0, 3), game('untouched', '10.0.0.2', 3)];
    expect(parkedToRetire(parked, 2)).toBe('untouched');
  });

  it('then the game played for the shortest time', () => {
    const parked = [game('evening', '10.0.0.2', 1, 45, 40), game('quick', '10.0.0.3', 2, 2, 40), game('hour', '10.0.0.4', 3, 60, 40)];
    expect(parkedToRetire(parked, 2)).toBe('quick');
  });

  it('among equals, the newest game of the address that parked the most; the host’s own games count as one address', () => {
    const parked = [game('friend', '10.0.0.2', 1), game('flood-2', '10.0.0.9', 5), game('flood-1', '10.0.0.9', 3), game('flood-3', '10.0.0.9', 7)];
    expect(parkedToRetire(parked, 3)).toBe('flood-3');
    const own = [game('own-1', undefined, 4), game('own-2', undefined, 2), game('guest', '10.0.0.2', 1)];
    expect(parkedToRetire(own, 2)).toBe('own-1');
  });

  it('keeps a family’s paused game to the last against one game each from 170 addresses', () => {
    let parked = [game('family', '192.168.1.20', 0, 40, 35)];
    for (let i = 0; i < 170; i++) parked.push(game(`flood-${i}`, `192.168.1.${i + 30}`, 100 * MINUTE + i * 1000, 0, i % 2));
    const retired: string[] = [];
    while (parked.length > 1) {
      const id = parkedToRetire(parked, parked.length - 1)!;
      retired.push(id);
      parked = parked.filter((g) => g.id !== id);
    }
    expect(parked.map((g) => g.id)).toEqual(['family']);
    expect(retired).not.toContain('family');
  });
});
