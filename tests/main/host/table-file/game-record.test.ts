// A table file read as a game record: the header's setup and the applied actions, with the
// engine's deals; nothing before the start; the valid prefix of a damaged file, as the host
// would load it; a file with no usable header refused.
import { describe, expect, it } from 'vitest';
import { gameRecordOfLines } from '../../../../src/main/host/table-file/game-record';
import { TABLE_FILE_VERSION, TableFileError, type TableHeader, type TableLine } from '../../../../src/main/host/table-file/lines';
import { DEFAULT_CARD_SET, type GameState, applyAction, currentDecider, legalActions, newGame, parseRecord, replay } from '../../../../src/shared/rules';
import { DEFAULT_OPTIONS } from '../../../../src/shared/rules/types';
import { seatsOf, tableIdOf } from '../../../../src/shared/ids';

const header: TableHeader = {
  t: 'table',
  v: TABLE_FILE_VERSION,
  id: tableIdOf('record000001'),
  name: 'Friday',
  players: 3,
  options: DEFAULT_OPTIONS,
  pin: null,
  seed: 'game-record-test',
  createdAt: 0,
  persistent: false,
};
const seats: TableLine[] = seatsOf(3).map((seat) => ({ t: 'bot', seat }));

/** The first `n` actions of a game from the header's setup, each the first legal one. */
function firstActions(n: number): TableLine[] {
  const game = newGame({ players: header.players, options: header.options, seed: header.seed });
  if (!game.ok) throw new Error(game.error.message);
  let state: GameState = game.value.state;
  const lines: TableLine[] = [];
  for (let i = 0; i < n; i++) {
    const action = legalActions(state, currentDecider(state)!)[0]!;
    const step = applyAction(state, action);
    if (!step.ok) throw new Error(step.error.code);
    state = step.value.state;
    lines.push({ t: 'act', a: action, seq: null });
  }
  return lines;
}

const text = (lines: readonly object[]) => lines.map((l) => JSON.stringify(l));

describe('a table file read as a game record', () => {
  it('holds the setup and every applied action, and replays to the same game', () => {
    const acts = firstActions(6);
    const record = gameRecordOfLines(text([header, ...seats, { t: 'start' }, ...acts]))!;
    expect(record).toMatchObject({ players: 3, seed: header.seed, cardSet: 'default' });
    expect(record.actions).toEqual(acts.map((l) => (l as { a: unknown }).a));
    const parsed = parseRecord(JSON.parse(JSON.stringify(record)));
    expect(parsed.ok && replay(parsed.value.record, DEFAULT_CARD_SET).ok).toBe(true);
  });

  it('is null before the start', () => {
    expect(gameRecordOfLines(text([header, ...seats]))).toBeNull();
  });

  it('of a damaged file holds the valid prefix, as the host would load it', () => {
    const acts = firstActions(4);
    const record = gameRecordOfLines([...text([header, ...seats, { t: 'start' }, ...acts.slice(0, 2)]), '{"t":"act","a":', ...text(acts.slice(2))]);
    expect(record?.actions).toEqual(acts.slice(0, 2).map((l) => (l as { a: unknown }).a));
  });

  it('refuses a file without a usable header', () => {
    expect(() => gameRecordOfLines([])).toThrow(TableFileError);
    expect(() => gameRecordOfLines(['{"t":"table","v":99}'])).toThrow(/newer than this app/);
  });
});
