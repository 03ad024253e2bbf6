// A host stopped (or its files damaged) and started again on the same data directory: every
// table is back exactly at its last action, players resume with their tokens, games finish.
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../../../src/main/host/guards/tokens';
import { BotRng } from '../../../../src/shared/bots/prng';
import { randomAction } from '../../../../src/shared/bots/random-player';
import type { Action } from '../../../../src/shared/rules/actions';
import { applyAction, newGame } from '../../../../src/shared/rules/engine';
import { viewFor } from '../../../../src/shared/rules/view';
import { type TestHost, disposedAfterEach, startHost, tempDir, waitFor } from '../../../kit/host/host';
import { type Player, resumeSeats } from '../../../kit/clients/player';
import { replayedState, tableFile } from '../../../kit/host/records';
import { startedGame } from '../../../kit/host/tables';
import { seatOf } from '../../../../src/shared/ids';

let dataDir: string;
const hosts = disposedAfterEach(() => dataDir);
const start = async () => {
  const h = await startHost({ dataDir });
  hosts.push(h);
  return h;
};

/** Everyone comes back on new connections; checks each fresh view against a replay of the file. */
async function comeBack(h: TestHost, tableId: string, tokens: string[]): Promise<Player[]> {
  const expected = replayedState(dataDir, tableId);
  const players = await resumeSeats(() => h.connect(), tableId, tokens, 300);
  await waitFor(() => players.every((p) => p.view !== null), 'fresh views');
  for (const p of players) expect(p.view).toEqual(viewFor(expected, seatOf(p.seat)));
  return players;
}

async function finish(players: Player[]) {
  for (const p of players) p.startAutoplay();
  await Promise.all(players.map((p) => p.waitOver()));
  for (const p of players) expect(p.errors).toEqual([]);
}

/** A game played to at least `moves` versions on a first host, which then closes. */
async function playedThenClosed(players: number, moves: number) {
  dataDir = await tempDir();
  const h1 = await start();
  const t = await startedGame(h1, players);
  for (const p of t.players) p.startAutoplay();
  await waitFor(() => t.players.some((p) => (p.view?.version ?? 0) >= moves), `${moves} moves`);
  await h1.close();
  return t;
}

describe('a restarted host', () => {
  it('resumes a game mid-way; players come back with their tokens and finish it', async () => {
    const t = await playedThenClosed(4, 40);
    const version = replayedState(dataDir, t.tableId).version;
    expect(version).toBeGreaterThanOrEqual(40);

    const h2 = await start();
    expect(h2.tables.get(t.tableId)?.model.state?.version).toBe(version);
    await finish(
      await comeBack(
        h2,
        t.tableId,
        t.players.map((p) => p.token),
      ),
    );
  });

  it('drops a torn last line and goes on from the line before', async () => {
    const t = await playedThenClosed(3, 10);
    const before = replayedState(dataDir, t.tableId);
    const file = tableFile(dataDir, t.tableId);
    const whole = readFileSync(file, 'utf8');
    appendFileSync(file, '{"t":"act","a":{"seat":1,"pla');

    const h2 = await start();
    expect(readFileSync(file, 'utf8')).toBe(whole); // truncated back to its last whole line
    expect(h2.tables.get(t.tableId)!.model.state!.version).toBe(before.version);
    await finish(
      await comeBack(
        h2,
        t.tableId,
        t.players.map((p) => p.token),
      ),
    );
  });

  it('loads a table file of the older version 1', async () => {
    dataDir = await tempDir();
    const tokens = [newToken(), newToken(), newToken()];
    const seed = 'an old game';
    let state = (() => {
      const g = newGame({ players: 3, seed });
      if (!g.ok) throw new Error(g.error.message);
      return g.value.state;
    })();
    const rng = new BotRng(5);
    const actions: Action[] = [];
    for (let i = 0; i < 25; i++) {
      const seat = state.pending?.seat ?? viewFor(state, seatOf(0)).toAct!.seat;
      const a = randomAction(viewFor(state, seat), rng);
      const step = applyAction(state, a);
      if (!step.ok) throw new Error(step.error.code);
      state = step.value.state;
      actions.push(a);
    }
    const lines = [
      { t: 'table', v: 1, id: 'oldtable1234', name: 'Old', players: 3, options: {}, seed },
      ...tokens.map((token, seat) => ({ t: 'seat', seat, name: `P${seat}`, token: hashToken(token) })),
      { t: 'start' },
      ...actions.map((action) => ({ t: 'act', action })),
    ];
    mkdirSync(join(dataDir, 'tables'), { recursive: true });
    writeFileSync(tableFile(dataDir, 'oldtable1234'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));

    const h = await start();
    const table = h.tables.get('oldtable1234')!;
    expect(table.model.state!.version).toBe(25);
    expect(table.info().owner).toBe(0);
    await finish(await comeBack(h, 'oldtable1234', tokens));
  });

  it('sets aside a newer file, resumes a damaged one from its valid lines, and serves the other tables', async () => {
    dataDir = await tempDir();
    const h1 = await start();
    const good = await startedGame(h1, 3);
    const bad = await startedGame(h1, 3);
    await h1.close();
    const badFile = tableFile(dataDir, bad.tableId);
    const lines = readFileSync(badFile, 'utf8').split('\n');
    lines.splice(2, 0, '{"t":"seat", garbage');
    writeFileSync(badFile, lines.join('\n'));
    writeFileSync(tableFile(dataDir, 'futuretable1'), `${JSON.stringify({ t: 'table', v: 99, id: 'futuretable1' })}\n`);

    const h2 = await start();
    expect(
      h2.tables
        .all()
        .map((x) => x.id)
        .sort(),
    ).toEqual([good.tableId, bad.tableId].sort());
    // Only the header and the first seat were before the damage: the table is back in its lobby.
    expect(h2.tables.get(bad.tableId)!.info()).toMatchObject({ phase: 'lobby', seats: [{ kind: 'human' }, { kind: 'free' }, { kind: 'free' }] });
    expect(existsSync(`${tableFile(dataDir, 'futuretable1')}.broken`)).toBe(true);
    await comeBack(
      h2,
      good.tableId,
      good.players.map((p) => p.token),
    );
  });
});

describe('a closing host', () => {
  it('waits for a finished game on its way to the archive: nothing is written to the data directory after close', async () => {
    dataDir = await tempDir();
    const h = await start();
    const t = await startedGame(h, 3);
    await finish(t.players);
    // Everyone leaves the finished game, which sends it to the archive, and the host closes at once.
    for (const p of t.players) p.socket.disconnect();
    await waitFor(() => !h.tables.get(t.tableId)?.hasConnections(), 'everyone gone');
    await h.close();
    const files = () => readdirSync(dataDir, { recursive: true }).map(String).sort();
    const atClose = files();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(files()).toEqual(atClose);
    expect(atClose).toContain(join('finished', `${t.tableId}.jsonl`));
  });
});
