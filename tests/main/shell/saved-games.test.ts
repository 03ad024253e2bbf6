// "Back where you left off": the games kept in the host's data directory, read without
// touching the files: a finished game with its winners and a record that replays, an unfinished
// one listed for resuming, and broken files left out.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { finishedRecord, savedGames } from '../../../src/main/saved-games';
import { DEFAULT_CARD_SET, replay } from '../../../src/shared/rules';
import { type TestHost, startHost } from '../../kit/host/host';
import { seatPlayers, startedGame } from '../../kit/host/tables';

let host: TestHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

it('lists finished and unfinished games, newest first, with the finished records', { timeout: 60_000 }, async () => {
  host = await startHost();
  const finished = await startedGame(host, 3);
  for (const p of finished.players) p.startAutoplay();
  await Promise.all(finished.players.map((p) => p.waitOver(40_000)));
  const waiting = await seatPlayers(host, 4);
  const tablesDir = join(host.dataDir, 'tables');
  await writeFile(join(tablesDir, 'broken1234.jsonl'), '{"t":"table"\n');
  const before = await readFile(join(tablesDir, `${finished.tableId}.jsonl`), 'utf8');

  const games = await savedGames(host.dataDir);
  expect(games.map((g) => [g.id, g.phase])).toEqual([
    [waiting.tableId, 'lobby'],
    [finished.tableId, 'over'],
  ]);
  const over = games[1]!;
  const view = finished.players[0]!.view!;
  expect(over.winners).toEqual(view.winners);
  expect(over.seats.map((s) => s.fame)).toEqual(view.fame);
  expect(over.seats.map((s) => s.name)).toEqual(['P0', 'P1', 'P2']);

  const record = await finishedRecord(host.dataDir, finished.tableId);
  const replayed = replay(record!, DEFAULT_CARD_SET);
  expect(replayed.ok && replayed.value.state.over).toBe(true);
  expect(replayed.ok && replayed.value.state.winners).toEqual(view.winners);
  expect(await finishedRecord(host.dataDir, waiting.tableId)).toBeNull(); // not finished
  expect(await finishedRecord(host.dataDir, '../../etc/passwd')).toBeNull();
  expect(await readFile(join(tablesDir, `${finished.tableId}.jsonl`), 'utf8')).toBe(before); // untouched
});
