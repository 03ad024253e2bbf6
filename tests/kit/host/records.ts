// Reads a table file straight from the data directory and replays it with the engine, so tests
// can compare what clients were sent with what the record on disk says.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTableLines } from '../../../src/main/host/table-file/lines';
import type { GameEventBatch } from '../../../src/shared/protocol/event-log';
import type { Action } from '../../../src/shared/rules/actions';
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

/** The lines of a table file; a torn last line is ignored as the host would. */
export function readLines(dataDir: string, tableId: string): unknown[] {
  const text = readFileSync(tableFile(dataDir, tableId), 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .slice(0, -1)
    .map((l) => JSON.parse(l) as unknown);
}

/** The game record (record-format.md) held by a table file, checked by the engine's parser. */
export function recordFromDisk(dataDir: string, tableId: string): { record: GameRecord; cardSet: CardSet } {
  const { header, lines } = readTableLines(readLines(dataDir, tableId));
  const actions: Action[] = lines.flatMap((l) => (l.t === 'act' ? [l.a] : []));
  const parsed = parseRecord({
    format: 'chronicle-record',
    version: 1,
    players: header.players,
    options: header.options,
    cardSet: 'default',
    seed: header.seed,
    rounds: [],
    actions,
  });
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
