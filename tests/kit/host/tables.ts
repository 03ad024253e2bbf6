// Seated, started tables for tests.
import { readFileSync } from 'node:fs';
import type { BotLevel } from '../../../src/shared/protocol/bot-level';
import type { Seated } from '../../../src/shared/protocol';
import { type TestHost, sleep, waitFor } from './host';
import { Player } from '../clients/player';
import { tableFile } from './records';

export interface SeatedTable {
  readonly tableId: string;
  readonly players: Player[];
}

/** `n` human players at a new table (the first one created it and owns it). */
export async function seatPlayers(host: TestHost, n: number, options: object = {}): Promise<SeatedTable> {
  const creator = new Player(await host.connect(), 100);
  const created = await creator.request<Seated>('table:create', { name: 'Table', players: n, playerName: 'P0', ...options });
  if (!created.ok) throw new Error(`create: ${created.code}`);
  creator.seated(created);
  const players = [creator];
  for (let i = 1; i < n; i++) {
    const p = new Player(await host.connect(), 100 + i);
    const r = await p.join(created.tableId, `P${i}`, 'pin' in options ? { pin: (options as { pin: string }).pin } : {});
    if (!r.ok) throw new Error(`join: ${r.code}`);
    players.push(p);
  }
  return { tableId: created.tableId, players };
}

/** A started game with every seat's first view received. */
export async function startedGame(host: TestHost, n = 4): Promise<SeatedTable> {
  const t = await seatPlayers(host, n);
  const r = await t.players[0]!.request('table:start');
  if (!r.ok) throw new Error(`start: ${r.code}`);
  await waitFor(() => t.players.every((p) => p.view !== null), 'first views');
  return t;
}

/** The player who must act now (from the views). */
export function decider(players: readonly Player[]): Player {
  const p = players.find((x) => (x.view?.legalActions.length ?? 0) > 0);
  if (!p) throw new Error('nobody must act');
  return p;
}

/** What must not change when an intent is refused: the table file and every other client's inbox. */
export function snapshot(host: TestHost, t: SeatedTable) {
  return { file: readFileSync(tableFile(host.dataDir, t.tableId), 'utf8'), inboxes: t.players.map((p) => p.inbox.length) };
}

/** Lets any stray message arrive before comparing. */
export const settle = () => sleep(50);

/** Ann (who creates it) and Bob, playing by themselves, and bots in seats 2 and 3 of a 4-seat table. */
export async function annBobAndTwoBots(host: TestHost, name: string, seeds: readonly [number, number], level?: BotLevel) {
  const ann = new Player(await host.connect(), seeds[0]);
  const created = await ann.request<Seated>('table:create', { name, players: 4, playerName: 'Ann' });
  if (!created.ok) throw new Error(created.code);
  ann.seated(created);
  const bob = new Player(await host.connect(), seeds[1]);
  const joined = await bob.join(created.tableId, 'Bob');
  if (!joined.ok) throw new Error(`join: ${joined.code}`);
  for (const seat of [2, 3]) {
    const added = await ann.request('table:addBot', level ? { seat, level } : { seat });
    if (!added.ok) throw new Error(`addBot: ${added.code}`);
  }
  return { tableId: created.tableId, ann, bob };
}

export interface BotGame {
  readonly name: string;
  readonly players?: number;
  /** The bots' level (the host's default when absent). */
  readonly level?: BotLevel;
  readonly pin?: string;
}

/** `player` (as Ann) creates a table, fills its other seats with bots, starts it and plays it to its end; the table's id. */
export async function playAgainstBots(player: Player, { name, players = 3, level, pin }: BotGame): Promise<string> {
  const created = await player.request<Seated>('table:create', { name, players, playerName: 'Ann', ...(pin ? { pin } : {}) });
  if (!created.ok) throw new Error(created.code);
  player.seated(created);
  for (let seat = 1; seat < players; seat++) {
    const added = await player.request('table:addBot', level ? { seat, level } : { seat });
    if (!added.ok) throw new Error(`addBot: ${added.code}`);
  }
  const started = await player.request('table:start');
  if (!started.ok) throw new Error(`start: ${started.code}`);
  player.startAutoplay();
  await player.waitOver(60_000);
  return created.tableId;
}
