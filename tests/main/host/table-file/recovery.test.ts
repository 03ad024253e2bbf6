// Damaged table files: the table goes on from its longest valid prefix (every line parses,
// fits its schema and replays legally), the damaged file is kept beside it, the table's owner
// is told how many actions were lost, and the game is played to its end. A file with nothing
// usable (empty) is reported and kept.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Resumed, TableRecovered } from '../../../../src/shared/protocol';
import { viewFor } from '../../../../src/shared/rules/view';
import { type TestHost, disposedAfterEach, startHost, tempDir, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { replayedState, tableFile } from '../../../kit/host/records';
import { type SeatedTable, startedGame } from '../../../kit/host/tables';
import { seatOf } from '../../../../src/shared/ids';

let dataDir: string;
const hosts = disposedAfterEach(() => dataDir);

const errors: string[] = [];
const start = async () => {
  const h = await startHost({ dataDir, log: { info: () => {}, warn: () => {}, error: (m) => errors.push(m) } });
  hosts.push(h);
  return h;
};

/** A 3-seat game played some way in, then the host stopped; returns the table and its file's lines. */
async function playedThenStopped(moves: number): Promise<{ t: SeatedTable; file: string; lines: string[] }> {
  dataDir = await tempDir();
  const h = await start();
  const t = await startedGame(h, 3);
  for (const p of t.players) p.startAutoplay();
  await waitFor(() => t.players.some((p) => (p.view?.version ?? 0) >= moves), `${moves} moves`);
  for (const p of t.players) p.stopAutoplay();
  await h.close();
  const file = tableFile(dataDir, t.tableId);
  return { t, file, lines: readFileSync(file, 'utf8').split('\n').slice(0, -1) };
}

/** Everyone comes back; the owner hears about the recovery. Then the game is played out. */
async function resumeAndFinish(h: TestHost, t: SeatedTable): Promise<TableRecovered | null> {
  const expected = replayedState(dataDir, t.tableId);
  let told: TableRecovered | null = null;
  const players: Player[] = [];
  for (const [i, old] of t.players.entries()) {
    const socket = await h.connect();
    socket.on('table:recovered', (n) => (told = n));
    const p = new Player(socket, 500 + i);
    const r = await p.request<Resumed>('table:resume', { tableId: t.tableId, token: old.token });
    if (!r.ok) throw new Error(r.code);
    Object.assign(p, { seat: r.seat, token: old.token, tableId: t.tableId, seq: r.lastSeq });
    players.push(p);
  }
  await waitFor(() => players.every((p) => p.view !== null), 'fresh views');
  for (const p of players) expect(p.view).toEqual(viewFor(expected, seatOf(p.seat)));
  for (const p of players) p.startAutoplay();
  await Promise.all(players.map((p) => p.waitOver()));
  for (const p of players) expect(p.errors).toEqual([]);
  return told;
}

const actions = (lines: readonly string[]) => lines.filter((l) => l.includes('"t":"act"')).length;
const keptCopies = (file: string) => readdirSync(join(file, '..')).filter((n) => n.startsWith(`${file.split('/').pop()}.damaged-`));

describe('a damaged table file', () => {
  it('with a complete garbage last line: goes on from the line before', async () => {
    const { t, file, lines } = await playedThenStopped(10);
    writeFileSync(file, `${lines.join('\n')}\n#$%garbage%$#\n`);
    const h = await start();
    expect(h.tables.get(t.tableId)!.model.actions.length).toBe(actions(lines));
    expect(readFileSync(file, 'utf8')).toBe(`${lines.join('\n')}\n`);
    expect(keptCopies(file)).toHaveLength(1);
    expect(await resumeAndFinish(h, t)).toEqual({ tableId: t.tableId, lostActions: 0 });
  });

  it('with an illegal last action: drops that action only', async () => {
    const { t, file, lines } = await playedThenStopped(10);
    writeFileSync(file, `${lines.join('\n')}\n${JSON.stringify({ t: 'act', a: { seat: 0, play: 'no-such-card' }, seq: null })}\n`);
    const h = await start();
    expect(h.tables.get(t.tableId)!.model.actions.length).toBe(actions(lines));
    expect(await resumeAndFinish(h, t)).toEqual({ tableId: t.tableId, lostActions: 1 });
    expect(errors.some((e) => e.includes('1 action(s) lost'))).toBe(true);
  });

  it('with one flipped byte mid-file: goes on from the line before it', async () => {
    const { t, file, lines } = await playedThenStopped(30);
    const bytes = readFileSync(file);
    const middle = lines.length >> 1;
    const at = Buffer.byteLength(
      lines
        .slice(0, middle)
        .map((l) => `${l}\n`)
        .join(''),
    ); // the line's opening brace
    bytes[at] = bytes[at]! ^ 0x01; // '{' becomes 'z'
    writeFileSync(file, bytes);
    const h = await start();
    const kept = lines.slice(0, middle);
    expect(h.tables.get(t.tableId)!.model.actions.length).toBe(actions(kept));
    expect(readFileSync(file, 'utf8')).toBe(`${kept.join('\n')}\n`);
    const copy = keptCopies(file);
    expect(copy).toHaveLength(1);
    expect(readFileSync(join(file, '..', copy[0]!)).equals(bytes)).toBe(true); // the damaged file, as it was
    expect(await resumeAndFinish(h, t)).toEqual({ tableId: t.tableId, lostActions: actions(lines) - actions(kept) });
  });

  it('that is empty: is reported and kept, and the other tables are served', async () => {
    const { t, file } = await playedThenStopped(5);
    writeFileSync(file, '');
    const h = await start();
    expect(h.tables.get(t.tableId)).toBeUndefined();
    expect(existsSync(`${file}.broken`)).toBe(true);
    expect(h.tables.unreadableFiles).toEqual([{ path: file, reason: 'the file is empty' }]);
    expect(errors.some((e) => e.includes('cannot load this table'))).toBe(true);
    // The host still works: a new table can be made and played.
    const again = await startedGame(h, 3);
    expect(again.players[0]!.view).not.toBeNull();
  });
});
