// Fair limits per device: tables count to the address that created them (Play again included,
// across restarts) while someone is at them; idle tables never block a new one; a few devices
// holding their full share cannot lock out the next; a full host says so with a typed refusal.
// Each device is a client bound to its own loopback address (127.0.0.x).
import { afterEach, describe, expect, it } from 'vitest';
import type { Resumed, Seated } from '../../../../src/shared/protocol';
import type { HostOptions } from '../../../../src/main/host/create-host';
import { type TestHost, connectFrom, startHost, tempDir, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { playFastGame } from '../../../kit/clients/fast-client';
import { rm } from 'node:fs/promises';

let hosts: TestHost[] = [];
let dataDir: string | undefined;
afterEach(async () => {
  for (const h of hosts) await h.dispose();
  hosts = [];
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

async function start(options: Partial<HostOptions>): Promise<TestHost> {
  const h = await startHost({ ...(dataDir === undefined ? {} : { dataDir }), ...options });
  hosts.push(h);
  return h;
}

const device = async (h: TestHost, address: string, seed = 1) => new Player(await connectFrom(h.url, address), seed);
const create = (p: Player, name: string) => p.request<Seated>('table:create', { name, players: 3, playerName: 'P' });

describe('limits per device', () => {
  it('finishing a bot game, pressing Play again and leaving, over and over from one address, does not fill the host', async () => {
    const h = await start({ maxTables: 2, lifecycle: { maxTablesPerDevice: 2 } });
    for (let round = 0; round < 3; round++) {
      const p = await device(h, '127.0.0.2', round + 1);
      await playFastGame(p, `Loop ${round}`, 'Looper');
      const again = await p.request<Seated>('table:rematch');
      expect(again, `round ${round}`).toMatchObject({ ok: true });
      p.socket.disconnect();
      await waitFor(() => !h.tables.get((again as Seated).tableId)?.hasConnections(), 'the player to be gone');
    }
    expect(h.tables.size).toBeLessThanOrEqual(2);
    // The stalled games were parked to make room, not lost: their player may come back.
    expect(h.tables.parkedIds.length).toBeGreaterThan(0);
    expect(await create(await device(h, '127.0.0.3'), 'Real')).toMatchObject({ ok: true });
  }, 180_000);

  it('an address that holds its share still holds it after a restart', async () => {
    dataDir = await tempDir();
    let h = await start({ lifecycle: { maxTablesPerDevice: 2 } });
    const held: Seated[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await create(await device(h, '127.0.0.2'), `Mine ${i}`);
      if (!r.ok) throw new Error(r.code);
      held.push(r);
    }
    expect(await create(await device(h, '127.0.0.2'), 'Third')).toMatchObject({ ok: false, code: 'TOO_MANY_TABLES_HERE' });
    await h.close();
    h = await start({ lifecycle: { maxTablesPerDevice: 2 } });
    for (const seat of held) {
      const back = await device(h, '127.0.0.2');
      expect(await back.request<Resumed>('table:resume', { tableId: seat.tableId, token: seat.token })).toMatchObject({ ok: true });
    }
    expect(await create(await device(h, '127.0.0.2'), 'Third')).toMatchObject({ ok: false, code: 'TOO_MANY_TABLES_HERE' });
    expect(await create(await device(h, '127.0.0.3'), 'Theirs')).toMatchObject({ ok: true });
  });

  it('8 addresses holding 8 lobbies each do not lock out a 9th: the oldest lobby of a heaviest address gives way', async () => {
    const h = await start({ maxTables: 64, lifecycle: { maxTablesPerDevice: 8 } });
    const holders: Player[] = [];
    for (let a = 1; a <= 8; a++) {
      for (let i = 0; i < 8; i++) {
        const p = await device(h, `127.0.1.${a}`);
        const r = await create(p, `Held ${a}.${i}`);
        if (!r.ok) throw new Error(`${a}.${i}: ${r.code}`);
        p.seated(r);
        holders.push(p);
      }
    }
    expect(h.tables.size).toBe(64);
    expect(await create(await device(h, '127.0.2.1'), 'Real')).toMatchObject({ ok: true });
    expect(h.tables.size).toBe(64);
    // The lobby that went was the oldest of the first address found heaviest, and its player was told.
    const gone = holders.filter((p) => h.tables.get(p.tableId) === undefined);
    expect(gone).toHaveLength(1);
    expect(gone[0]).toBe(holders[0]);
    await waitFor(() => holders[0]!.inbox.some((m) => m.event === 'table:closed'), 'the table:closed notice');
    // The address that lost a lobby cannot take one back from the others: they hold no more than it would.
    expect(await create(await device(h, '127.0.1.1'), 'Again')).toMatchObject({ ok: false, code: 'TOO_MANY_TABLES' });
    // A second newcomer still gets in.
    expect(await create(await device(h, '127.0.2.2'), 'Real 2')).toMatchObject({ ok: true });
  }, 60_000);

  it('a full host answers Play again and new tables with a typed refusal, never INTERNAL', async () => {
    const h = await start({ maxTables: 2, lifecycle: { maxTablesPerDevice: 4 } });
    const x = await device(h, '127.0.0.2', 5);
    await playFastGame(x, 'Finished', 'X');
    expect(await create(await device(h, '127.0.0.3'), 'Held')).toMatchObject({ ok: true });
    // Both tables have someone at them and neither address holds more than the other.
    const again = await x.request('table:rematch');
    expect(again).toMatchObject({ ok: false, code: 'TOO_MANY_TABLES' });
    expect((again as { message: string }).message).toMatch(/tables open/);
    expect(await create(await device(h, '127.0.0.4'), 'Third')).toMatchObject({ ok: false, code: 'TOO_MANY_TABLES' });
    expect(h.tables.size).toBe(2);
  }, 120_000);
});
