// Reads a table file straight from the data directory as the host reads it, and replays its
// record with the engine, so tests can compare what clients were sent with what the file says.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameRecordOfLines } from '../../../src/main/host/table-file/game-record';
import { TableFile } from '../../../src/main/host/table-file/store';
import type { GameEventBatch } from '../../../src/shared/protocol/event-log';
import { applyAction, newGame } from '../../../src/shared/rules/engine';
import type { CardSet } from '../../../src/shared/rules/card-set/types';
import { type GameRecord, parseRecord, replay } from '../../../src/shared/rules/record/record';
import type { GameState } from '../../../src/shared/rules/state';

/** A table's file: among the tables, or in the finished-games archive once its game is over. */
export function tableFile(dataDir: string, tableId: string): string {
  const live = join(dataDir, 'tables', `${tableId}.jsonl`);
  const finished = join(dataDir, 'finished', `${tableId}.jsonl`);
  return !existsSync(live) && existsSync(finished) ? finished : live;
}

/** The whole lines of a table file, as text; a torn last line is left out as the host would. */
const textLines = (dataDir: string, tableId: string): string[] => TableFile.textOf(readFileSync(tableFile(dataDir, tableId))).lines;

/** The lines of a table file, parsed. */
export function readLines(dataDir: string, tableId: string): unknown[] {
  return textLines(dataDir, tableId).map((l) => JSON.parse(l) as unknown);
}

/** The game record (record-format.md) held by a table file, checked by the engine's parser. */
export function recordFromDisk(dataDir: string, tableId: string): { record: GameRecord; cardSet: CardSet } {
  const record = gameRecordOfLines(textLines(dataDir, tableId));
  if (!record) throw new Error(`the game of table ${tableId} has not started`);
  const parsed = parseRecord(JSON.parse(JSON.stringify(record)));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** The state after replaying the record on disk. */
export function replayedState(dataDir: string, tableId: string): GameState {
  const { record, cardSet } = recordFromDisk(dataDir, tableId);
  const r = replay(record, cardSet);
  if (!r.ok || r.value.failure) throw new Error('the record does not replay');
  return r.value.state;
}

/** Every state of the game on disk, indexed by version, and the engine's events of each version. */
function historyFromDisk(dataDir: string, tableId: string): { states: GameState[]; log: GameEventBatch[] } {
  const { record } = recordFromDisk(dataDir, tableId);
  const start = newGame({ players: record.players, options: record.options, seed: record.seed });
  if (!start.ok) throw new Error(start.error.message);
  const states = [start.value.state];
  const log: GameEventBatch[] = [{ version: start.value.state.version, events: start.value.events }];
  for (const a of record.actions) {
    const step = applyAction(states.at(-1)!, a);
    if (!step.ok) throw new Error(`${step.error.code} replaying ${JSON.stringify(a)}`);
    states.push(step.value.state);
    log.push({ version: step.value.state.version, events: step.value.events });
  }
  return { states, log };
}

/** Every state of the game on disk, indexed by version. */
export function statesFromDisk(dataDir: string, tableId: string): GameState[] {
  return historyFromDisk(dataDir, tableId).states;
}

/** The engine's events of every version of the game on disk (what the host's log must hold). */
export function eventsFromDisk(dataDir: string, tableId: string): GameEventBatch[] {
  return historyFromDisk(dataDir, tableId).log;
}
