// Finished games leave memory at once: their table files move to `<data>/finished/`, where
// they are kept, listed (a summary from each file's header and seats) and exported as game
// records (record-format.md). The files are the same append-only table files, never rewritten.
// A finished game stays with its players: it is shown to the holders of its seats' tokens and,
// for a table without a PIN, to the host's own machine; a PIN table's game to nobody else.
// A record is computed once and kept (the latest few), so repeated exports cost nothing.
// The archive is bounded: past `maxGames`, the game a flood would have left goes (parkedToRetire:
// nobody made a move in it, then the shortest played, then the busiest address's newest), so
// games finished by bots for devices that walked away cannot fill the disk, and a family's
// history stays.
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FinishedGame } from '../../../shared/protocol/archive';
import type { GameRecord } from '../../../shared/rules/record/record';
import { TableFile } from '../table-file/store';
import { hashToken } from '../guards/tokens';
import { gameRecordOf, readTable } from '../table-file/game-record';
import { parkedToRetire } from '../guards/table-limits';
import type { TableModel } from '../table-file/table-model';

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

/** Who asks for finished games: the seat tokens they hold, and whether they ask from the host's own machine. */
export interface Asker {
  readonly tokens: readonly string[];
  readonly local: boolean;
}

/** A finished game's summary and who may see it. */
interface Entry {
  readonly game: FinishedGame;
  readonly pin: boolean;
  /** Its seats' token hashes. */
  readonly seats: readonly string[];
  /** The client address that created it, and the moves people made in it: for the archive's bound. */
  readonly by: string | undefined;
  readonly humanMoves: number;
}

const entryOf = (model: TableModel, finishedAt: number): Entry => ({
  game: summaryOf(model, finishedAt),
  pin: model.header.pin !== null,
  seats: model.seats.flatMap((s) => (s.tokenHash ? [s.tokenHash] : [])),
  by: model.header.by,
  humanMoves: model.humanMoves,
});

/** Finished games an archive keeps at most, by default. */
export const MAX_FINISHED = 500;

/** The token hashes of an asker, computed once per request. */
export const seatHashes = (asker: Asker): ReadonlySet<string> => new Set(asker.tokens.map(hashToken));

/** Whether `asker` (with its token hashes) may see a finished game. */
function mayView(entry: Pick<Entry, 'pin' | 'seats'>, asker: Asker, hashes: ReadonlySet<string>): boolean {
  return (asker.local && !entry.pin) || entry.seats.some((h) => hashes.has(h));
}

/** Whether `asker` may see the finished game of `model`. */
export const mayViewModel = (model: TableModel, asker: Asker, hashes = seatHashes(asker)): boolean => mayView(entryOf(model, 0), asker, hashes);

/** Records kept in memory for exports. */
const KEPT_RECORDS = 16;

export class FinishedArchive {
  /** Summaries by table id, read from the files once. */
  private cache: Map<string, Entry> | null = null;
  /** The latest records exported, by table id (the map's order is last use). */
  private readonly records = new Map<string, GameRecord>();

  constructor(
    private readonly dataDir: string,
    private readonly maxGames = MAX_FINISHED,
  ) {}

  /** Moves a finished table's file into the archive (its file must be closed); past the bound, one game goes. */
  async add(model: TableModel, finishedAt: number): Promise<void> {
    const dir = finishedDir(this.dataDir);
    await mkdir(dir, { recursive: true });
    await rename(TableFile.pathOf(this.dataDir, model.id), join(dir, `${model.id}${SUFFIX}`));
    const entries = await this.entries();
    entries.set(model.id, entryOf(model, finishedAt));
    let over: string | undefined;
    const games = () => [...entries].map(([id, e]) => ({ id, by: e.by, since: e.game.finishedAt, createdAt: e.game.createdAt, humanMoves: e.humanMoves }));
    while ((over = parkedToRetire(games(), this.maxGames)) !== undefined) {
      entries.delete(over);
      this.records.delete(over);
      await rm(join(dir, `${over}${SUFFIX}`), { force: true });
    }
  }

  /** Every finished game `asker` may see, latest first. */
  async list(asker: Asker): Promise<FinishedGame[]> {
    const hashes = seatHashes(asker);
    const entries = [...(await this.entries()).values()].filter((e) => mayView(e, asker, hashes));
    return entries.map((e) => e.game).sort((a, b) => b.finishedAt - a.finishedAt);
  }

  /** Whether `asker` may see the finished game `id` (false when there is none). */
  async mayView(id: string, asker: Asker): Promise<boolean> {
    const entry = (await this.entries()).get(id);
    return entry !== undefined && mayView(entry, asker, seatHashes(asker));
  }

  private async entries(): Promise<Map<string, Entry>> {
    if (!this.cache) {
      const cache = new Map<string, Entry>();
      for (const name of await this.names()) {
        const id = name.slice(0, -SUFFIX.length);
        const model = await this.model(id);
        if (!model) continue;
        const { mtimeMs } = await stat(join(finishedDir(this.dataDir), name));
        cache.set(id, entryOf(model, Math.round(mtimeMs)));
      }
      this.cache = cache;
    }
    return this.cache;
  }

  /** The game record of a finished game, or null when there is no such game; computed once, then kept. */
  async record(id: string): Promise<GameRecord | null> {
    const kept = this.records.get(id);
    if (kept) {
      this.records.delete(id);
      this.records.set(id, kept);
      return kept;
    }
    const model = await this.model(id);
    const record = model && gameRecordOf(model);
    if (!record) return null;
    this.records.set(id, record);
    if (this.records.size > KEPT_RECORDS) this.records.delete(this.records.keys().next().value!);
    return record;
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
    return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? readTable(join(finishedDir(this.dataDir), `${id}${SUFFIX}`)) : null;
  }
}
