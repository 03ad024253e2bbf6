// A table file read as a game record (record-format.md): the header's setup and the applied
// actions, with the deals the engine made from them. The one reading of a table file as a
// record, for the table itself, the finished-games archive and the tests.
import { type GameRecord, recordOf } from '../../../shared/rules/record/record';
import type { TableModel } from './table-model';
import { recoverTable } from './recover';
import { TableFile } from './store';

/** The game record of a table so far, or null before its game starts. */
export function gameRecordOf(model: TableModel): GameRecord | null {
  const { state, header, actions } = model;
  return state ? recordOf({ players: header.players, options: header.options, seed: header.seed }, state, actions) : null;
}

/**
 * The record of a finished game, with the players' names (a bot's as null) so that a replay of
 * the file names them; null while the game is not over.
 */
export function finishedRecordOf(model: TableModel): { ok: true; record: GameRecord } | null {
  const record = gameRecordOf(model);
  if (!record || !model.state?.over) return null;
  return { ok: true, record: { ...record, names: model.seats.map((s) => (s.kind === 'human' ? s.name : null)) } };
}

/**
 * The table held by the text lines of its file, as far as they are valid (recover.ts), as the
 * host would load it. Throws a TableFileError when not even the header can be read.
 */
const tableOfLines = (lines: readonly string[]): TableModel => recoverTable(lines).model;

/** The game record held by the text lines of a table file; null before the start. Throws as `tableOfLines`. */
export const gameRecordOfLines = (lines: readonly string[]): GameRecord | null => gameRecordOf(tableOfLines(lines));

/** The table held by the file at `path`, read without changing it; null when it cannot be read. */
export async function readTable(path: string): Promise<TableModel | null> {
  try {
    return tableOfLines((await TableFile.read(path)).lines);
  } catch {
    return null;
  }
}
