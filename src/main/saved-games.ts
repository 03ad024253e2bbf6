// "Back where you left off": the games this app's host keeps in its data directory, read from
// the table files without touching them (the host may have them open). Unfinished tables are
// loaded back by the host itself at start, so the window can resume them; finished ones are
// listed with their records to export. A file that cannot be read is left out, never changed.
import type { SavedGame } from '../shared/bridge';
import { type GameRecord, recordOf } from '../shared/rules';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { finishedDir } from './host/replay/finished-archive';
import { TableFile } from './host/table-file/store';
import { readTablePrefix } from './host/table-file/lines';
import { TableModel } from './host/table/table-model';

async function modelOf(path: string): Promise<TableModel | null> {
  try {
    const { lines } = await TableFile.read(path);
    const { header, lines: tableLines } = readTablePrefix(lines.map((l) => JSON.parse(l) as unknown));
    const model = new TableModel(header);
    for (const line of tableLines) model.applyLine(line);
    return model;
  } catch {
    return null;
  }
}

function savedGameOf(model: TableModel): SavedGame {
  const state = model.state;
  return {
    id: model.id,
    name: model.header.name,
    createdAt: model.header.createdAt,
    phase: model.phase,
    seats: model.seats.map((s, seat) => ({ name: s.kind === 'human' ? s.name : null, bot: s.kind === 'bot', fame: state?.fame[seat] ?? 0 })),
    winners: state?.over ? [...state.winners] : [],
  };
}

/** The table files of the finished-games archive (where the host moves a game once it is over). */
async function archivedFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(finishedDir(dataDir))).filter((n) => n.endsWith('.jsonl')).map((n) => join(finishedDir(dataDir), n));
  } catch {
    return [];
  }
}

/** Every game of the data directory (tables and finished-games archive), the newest first. */
export async function savedGames(dataDir: string): Promise<SavedGame[]> {
  const paths = [...(await TableFile.list(dataDir)), ...(await archivedFiles(dataDir))];
  const models = await Promise.all(paths.map(modelOf));
  return models
    .filter((m): m is TableModel => m !== null)
    .map(savedGameOf)
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** The record of a finished game (record-format.md), or null when there is no such game. */
export async function finishedRecord(dataDir: string, tableId: string): Promise<GameRecord | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(tableId)) return null;
  const model = (await modelOf(TableFile.pathOf(dataDir, tableId))) ?? (await modelOf(join(finishedDir(dataDir), `${tableId}.jsonl`)));
  if (!model?.state?.over) return null;
  const { header } = model;
  return recordOf({ players: header.players, options: header.options, seed: header.seed }, model.state, model.actions);
}
