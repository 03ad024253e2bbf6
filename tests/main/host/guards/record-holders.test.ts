// A finished game's record holds its seed and every hand (and a PIN table's invite secret derives
// from the seed): it goes to the table's seated players only, never to a spectator who typed the
// PIN or a device that watched an open table. A PIN table's evening standings are for those at
// the table: the lobby's list and its updates leave them out. Each device is a client bound to
// its own loopback address (127.0.0.x).
import { describe, expect, it } from 'vitest';
import type { TableInfo } from '../../../../src/shared/protocol';
import type { GameRecord } from '../../../../src/shared/rules/record/record';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { devicesOf } from '../../../kit/clients/devices';
import { Player } from '../../../kit/clients/player';
import { playAgainstBots } from '../../../kit/host/tables';

let host: TestHost;
const device = devicesOf(() => host);

/** Ann (127.0.0.2) plays a 3-seat table against two bots to its end; `pin` makes it a PIN table. */
async function finishedTable(pin?: string): Promise<{ ann: Player; tableId: string }> {
  const ann = await device('127.0.0.2', 21);
  return { ann, tableId: await playAgainstBots(ann, { name: 'Done', ...(pin ? { pin } : {}) }) };
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
