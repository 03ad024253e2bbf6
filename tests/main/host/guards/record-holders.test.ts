// A finished game's record holds its seed and every hand (and a PIN table's invite secret derives
// from the seed): it goes to the table's seated players only, never to a spectator who typed the
// PIN or a device that watched an open table. A PIN table's evening standings are for those at
// the table: the lobby's list and its updates leave them out. Each device is a client bound to
// its own loopback address (127.0.0.x).
import { afterEach, describe, expect, it } from 'vitest';
import type { Seated, TableInfo } from '../../../../src/shared/protocol';
import type { GameRecord } from '../../../../src/shared/rules/record/record';
import { type ClientSocket, type TestHost, connectFrom, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';

let host: TestHost;
const opened: ClientSocket[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.disconnect();
  await host?.dispose();
});

const device = async (address: string, seed = 1) => new Player(await connectFrom(host.url, address, opened), seed);

/** Ann (127.0.0.2) plays a 3-seat table against two bots to its end; `pin` makes it a PIN table. */
async function finishedTable(pin?: string): Promise<{ ann: Player; tableId: string }> {
  const ann = await device('127.0.0.2', 21);
  const created = await ann.request<Seated>('table:create', { name: 'Done', players: 3, playerName: 'Ann', ...(pin ? { pin } : {}) });
  if (!created.ok) throw new Error(created.code);
  ann.seated(created);
  for (const seat of [1, 2]) expect(await ann.request('table:addBot', { seat })).toEqual({ ok: true });
  expect(await ann.request('table:start')).toEqual({ ok: true });
  ann.startAutoplay();
  await ann.waitOver(60_000);
  return { ann, tableId: created.tableId };
}

const updatesOf = (p: Player, id: string) =>
  p.inbox
    .filter((m) => m.event === 'table:updated')
    .map((m) => m.payload as TableInfo)
    .filter((i) => i.id === id);

describe('a finished game’s record', () => {
  it('goes to its seated player, not to a device watching the open table', async () => {
    host = await startHost();
    const { ann, tableId } = await finishedTable();
    const watcher = await device('127.0.0.7');
    expect(await watcher.request('table:spectate', { tableId })).toMatchObject({ ok: true });
    expect(await watcher.request('game:record')).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    const own = await ann.request<{ record: GameRecord }>('game:record');
    expect(own.ok && own.record.seed).toBe(host.tables.get(tableId)!.model.header.seed);
  });

  it('at a PIN table, not to a spectator who typed the PIN; and the table’s standings reach only those at it', async () => {
    host = await startHost();
    const outsider = await device('127.0.0.9');
    expect(await outsider.request('table:list')).toMatchObject({ ok: true }); // in the lobby from the start
    const { ann, tableId } = await finishedTable('2468');
    const spectator = await device('127.0.0.7');
    expect(await spectator.request('table:spectate', { tableId, pin: '2468' })).toMatchObject({ ok: true });
    expect(await spectator.request('game:record')).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(await ann.request('game:record')).toMatchObject({ ok: true });

    // Ann sees the evening's standings; the lobby sees the table, not its results.
    await waitFor(() => updatesOf(ann, tableId).some((i) => i.standings !== undefined), 'Ann to see the standings');
    const listed = await outsider.request<{ tables: TableInfo[] }>('table:list');
    const row = listed.ok ? listed.tables.find((t) => t.id === tableId) : undefined;
    expect(row).toMatchObject({ id: tableId, hasPin: true, phase: 'over' });
    expect(row).not.toHaveProperty('standings');
    expect(updatesOf(outsider, tableId).length).toBeGreaterThan(0);
    for (const info of updatesOf(outsider, tableId)) expect(info).not.toHaveProperty('standings');
  });
});
