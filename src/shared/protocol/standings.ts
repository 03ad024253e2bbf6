// The evening's standings: over a table and the tables that played again after it, each
// player's games, wins and Fame. A player is a seat under one name (a bot: no name): a seat
// whose player has gone and a bot plays on starts a row of its own.
import type { Seat } from '../rules/types';
import { seatOf } from '../ids';

export interface Standing {
  readonly seat: Seat;
  /** The player's name; null for a bot. */
  readonly name: string | null;
  readonly games: number;
  readonly wins: number;
  /** Fame summed over the games. */
  readonly fame: number;
}

export interface Standings {
  /** Games finished this evening. */
  readonly games: number;
  readonly players: readonly Standing[];
}

/** The standings after one more finished game: who sat where (names, null for bots), the final Fame, the winners. */
export function withGame(before: Standings | null, names: readonly (string | null)[], fame: readonly number[], winners: readonly Seat[]): Standings {
  const players = [...(before?.players ?? [])];
  names.forEach((name, n) => {
    const seat = seatOf(n);
    const i = players.findIndex((p) => p.seat === seat && p.name === name);
    const was = i < 0 ? { seat, name, games: 0, wins: 0, fame: 0 } : players[i]!;
    const now = { ...was, games: was.games + 1, wins: was.wins + (winners.includes(seat) ? 1 : 0), fame: was.fame + (fame[seat] ?? 0) };
    if (i < 0) players.push(now);
    else players[i] = now;
  });
  return { games: (before?.games ?? 0) + 1, players };
}

/** Best first: most wins, then most Fame, then fewest games, then by seat. */
export function ranked(standings: Standings): Standing[] {
  return [...standings.players].sort((a, b) => b.wins - a.wins || b.fame - a.fame || a.games - b.games || a.seat - b.seat);
}
