// Finished games stay with their players: the archive lists and exports a game to the holders
// of its seats' tokens and, for a table without a PIN, to the host's own machine; a PIN table's
// game to nobody else, at its end and once archived. A record is computed once for every export.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FinishedGame, Seated } from '../../../../src/shared/protocol';
import { TableFile } from '../../../../src/main/host/table-file/store';
import { type TestHost, connectFrom, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';

let host: TestHost | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await host?.dispose();
  host = undefined;
});

/** A 3-seat game of one player (on `address`) and two bots, played to its end; the player stays at it. */
async function finishedGame(h: TestHost, address: string, options: object = {}): Promise<Player> {
  const p = new Player(await connectFrom(h.url, address), 11);
  const r = await p.request<Seated>('table:create', { name: 'Private', players: 3, playerName: 'Ann', ...options });
  if (!r.ok) throw new Error(r.code);
  p.seated(r);
  for (const seat of [1, 2]) expect(await p.request('table:addBot', { seat })).toEqual({ ok: true });
  p.startAutoplay();
  expect(await p.request('table:start')).toEqual({ ok: true });
  await p.waitOver(90_000);
  return p;
}

const listed = async (p: Player, tokens?: string[]) => {
  const r = await p.request<{ games: FinishedGame[] }>('archive:list', tokens ? { tokens } : undefined);
  if (!r.ok) throw new Error(r.code);
  return r.games.map((g) => g.id);
};

describe('finished games', () => {
  it('of a PIN table are shown and exported to its seats’ holders only, at their end and once archived', async () => {
    host = await startHost();
    const ann = await finishedGame(host, '127.0.0.2', { pin: '4321' });
    const outsider = new Player(await connectFrom(host.url, '127.0.0.3'));
    const local = new Player(await host.connect()); // the host's own machine
    const holder = new Player(await connectFrom(host.url, '127.0.0.4')); // Ann, later, from another device
    const check = async () => {
      for (const p of [outsider, local]) {
        expect(await listed(p)).not.toContain(ann.tableId);
        expect(await p.request('archive:export', { tableId: ann.tableId })).toMatchObject({ ok: false, code: 'NO_TABLE' });
      }
      expect(await listed(outsider, ['A'.repeat(43)])).not.toContain(ann.tableId); // a token of no seat
      expect(await listed(holder, [ann.token])).toContain(ann.tableId);
      expect(await holder.request('archive:export', { tableId: ann.tableId, token: ann.token })).toMatchObject({ ok: true, record: { players: 3 } });
    };
    await check(); // still open at its end
    ann.socket.disconnect();
    await waitFor(() => host!.tables.get(ann.tableId) === undefined, 'the game to be archived');
    await check();
  }, 180_000);

  it('of a table without a PIN are shown to the host’s own machine too; a record is computed once for every export', async () => {
    host = await startHost();
    const ann = await finishedGame(host, '127.0.0.2');
    ann.socket.disconnect();
    await waitFor(() => host!.tables.get(ann.tableId) === undefined, 'the game to be archived');
    const local = new Player(await host.connect());
    expect(await listed(local)).toEqual([ann.tableId]);
    const reads = vi.spyOn(TableFile, 'read');
    const first = await local.request<{ record: unknown }>('archive:export', { tableId: ann.tableId });
    expect(first.ok).toBe(true);
    const readsForFirst = reads.mock.calls.length;
    expect(readsForFirst).toBeGreaterThan(0); // the record was read from its file once
    for (let i = 0; i < 5; i++) expect(await local.request('archive:export', { tableId: ann.tableId })).toEqual(first);
    expect(reads.mock.calls.length).toBe(readsForFirst);
  }, 180_000);
});
