// A client that answers each of its turns the moment its view says so, game after game,
// against bots that answer at once, under the host's default rate limit.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { expect } from 'vitest';
import type { Seated } from '../../../src/shared/protocol';
import { type TestHost, startHost, waitFor } from '../host/host';
import { Player } from './player';

/**
 * `player` creates a 3-seat table named `table`, fills it with two bots, starts it and answers
 * each of its turns the moment its view says so, to the end; returns the game's moves. Fails if
 * the player is cut.
 */
export async function playFastGame(player: Player, table: string, playerName: string): Promise<number> {
  const created = await player.request<Seated>('table:create', { name: table, players: 3, playerName });
  if (!created.ok) throw new Error(`${table}: create ${created.code}`);
  player.seated(created);
  player.view = null;
  player.seq = 0;
  for (const seat of [1, 2]) expect(await player.request('table:addBot', { seat })).toEqual({ ok: true });
  expect(await player.request('table:start')).toEqual({ ok: true });
  player.startAutoplay();
  await waitFor(() => player.view?.over === true || !player.socket.connected, 'the end of the game', 60_000);
  player.stopAutoplay();
  expect(player.socket.connected, `cut in ${table}`).toBe(true);
  return player.view!.version;
}

/** Plays `games` games; returns the host (still running, dispose it). Fails if the client is ever cut. */
export async function playFastGames(games: number): Promise<TestHost> {
  // Table files in memory where the system has a RAM disk: tens of thousands of flushed
  // writes to a real disk take minutes, and the disk is not what this is about.
  const dataDir = existsSync('/dev/shm') ? await mkdtemp('/dev/shm/chronicle-rate-') : undefined;
  const started = await startHost({ rateLimit: undefined, botDelayMs: 0, dataDir }); // the default limit, made for people
  const host: TestHost = {
    ...started,
    dispose: async () => {
      await started.dispose();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  const player = new Player(await host.connect(), 7);
  let moves = 0;
  for (let game = 0; game < games; game++) moves += await playFastGame(player, `Quick ${game}`, 'Quick');
  expect(player.errors).toEqual([]);
  expect(player.inbox.filter((m) => m.event === 'game:error')).toEqual([]);
  console.log(`${games} games, ${moves} moves in all, never cut`);
  return host;
}
