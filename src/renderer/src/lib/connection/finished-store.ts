// The seat tokens of this device's finished games, kept in localStorage (per origin, so per
// host) after the table closes: the host shows a finished game and its record only to holders
// of its seats' tokens. Bounded to the latest few; a game the host no longer has is dropped.
import { json, storedSetting } from '../settings/stored-setting';
import type { SeatToken, TableId } from '../../../../shared/ids';

export interface KeptGame {
  readonly tableId: TableId;
  readonly token: SeatToken;
  readonly name: string;
  /** This device's clock, ms since the epoch: the order of the list. */
  readonly finishedAt: number;
}

/** Finished games kept per host. */
export const MAX_KEPT = 20;

const isKept = (x: unknown): x is KeptGame => {
  const g = x as Partial<KeptGame> | null;
  return typeof g?.tableId === 'string' && typeof g.token === 'string' && typeof g.name === 'string' && typeof g.finishedAt === 'number';
};

/** With storage disabled or full, finished games are not kept. */
const stored = storedSetting<readonly KeptGame[]>(
  'chronicle.finished',
  json((parsed) => (Array.isArray(parsed) ? parsed.filter(isKept) : undefined)),
  () => [],
);

/** The kept games, newest first (a damaged list is as good as none). */
export const keptGames = (): KeptGame[] => [...stored.load()];

const save = (games: readonly KeptGame[]): void => stored.save(games.slice(0, MAX_KEPT));

/** Keeps a finished game's token (once per table; the oldest beyond the bound go). */
export function keepGame(game: KeptGame): void {
  const all = keptGames();
  if (!all.some((g) => g.tableId === game.tableId)) save([game, ...all]);
}

/** Drops the games the host no longer has. */
export function dropGames(tableIds: readonly string[]): void {
  const gone = new Set(tableIds);
  const all = keptGames();
  if (all.some((g) => gone.has(g.tableId))) save(all.filter((g) => !gone.has(g.tableId)));
}
