// Finished games leave memory at once: their table files move to `<data>/finished/`, where
// they are kept, listed (a summary from each file's header and seats) and exported as game
// records (record-format.md). The files are the same append-only table files, never rewritten.
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FinishedGame } from '../../shared/protocol/archive';
import { type GameRecord, recordOf } from '../../shared/rules/record/record';
import { TableFile } from './record-store';
import { recoverTable } from './table-recovery';
import type { TableModel } from './table-model';

const SUFFIX = '.jsonl';

export const finishedDir = (dataDir: string): string => join(dataDir, 'finished');

/** The summary of a finished game, from its model. */
export function summaryOf(model: TableModel, finishedAt: number): FinishedGame {
  const { header, seats, state } = model;
  return {
    id: header.id,
    name: header.name,
    players: header.players,
    seats: seats.map((s) => (s.kind === 'human' ? { kind: 'human', name: s.name } : { kind: s.kind, name: null })),
    fame: state ? [...state.fame] : [],
    winners: state ? [...state.winners] : [],
    createdAt: header.createdAt,
    finishedAt,
    actions: model.actions.length,
  };
}

export class FinishedArchive {
  /** Summaries by table id, read from the files once. */
  private cache: Map<string, FinishedGame> | null = null;

  constructor(private readonly dataDir: string) {}

  /** Moves a finished table's file into the archive (its file must be closed). */
  async add(model: TableModel, finishedAt: number): Promise<void> {
    const dir = finishedDir(this.dataDir);
    await mkdir(dir, { recursive: true });
    await rename(TableFile.pathOf(this.dataDir, model.id), join(dir, `${model.id}${SUFFIX}`));
    this.cache?.set(model.id, summaryOf(model, finishedAt));
  }

  /** Every finished game, latest first. */
  async list(): Promise<FinishedGame[]> {
    if (!this.cache) {
      const cache = new Map<string, FinishedGame>();
      for (const name of await this.names()) {
        const id = name.slice(0, -SUFFIX.length);
        const model = await this.model(id);
        if (!model) continue;
        const { mtimeMs } = await stat(join(finishedDir(this.dataDir), name));
        cache.set(id, summaryOf(model, Math.round(mtimeMs)));
      }
      this.cache = cache;
    }
    return [...this.cache.values()].sort((a, b) => b.finishedAt - a.finishedAt);
  }

  /** The game record of a finished game, or null when there is no such game. */
  async record(id: string): Promise<GameRecord | null> {
    const model = await this.model(id);
    if (!model?.state) return null;
    const { header } = model;
    return recordOf({ players: header.players, options: header.options, seed: header.seed }, model.state, model.actions);
  }

  private async names(): Promise<string[]> {
    try {
      return (await readdir(finishedDir(this.dataDir))).filter((n) => n.endsWith(SUFFIX));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
  }

  private async model(id: string): Promise<TableModel | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
    try {
      const text = await TableFile.read(join(finishedDir(this.dataDir), `${id}${SUFFIX}`));
      return recoverTable(text.lines).model;
    } catch {
      return null;
    }
  }
}
