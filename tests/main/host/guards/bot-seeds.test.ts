// A table's bots draw their randomness from the table's secret seed, never from what anyone may
// know (the table id and the seat): a guest who could rebuild a bot's generator could replay its
// choices against candidate hands and learn the bot's cards. Real host, real worker pool, a real
// client bound to its own loopback address; the pool's decisions are listened to on their way.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createBotPool, type BotPool } from '../../../../src/main/bots/pool';
import { poolPolicy } from '../../../../src/main/bots/pool-policy';
import { botSeedFor } from '../../../../src/main/host/guards/tokens';
import { type TestHost, startHost } from '../../../kit/host/host';
import { devicesOf } from '../../../kit/clients/devices';
import { playAgainstBots } from '../../../kit/host/tables';

let host: TestHost;
const device = devicesOf(() => host);

describe('bot seeds', () => {
  it('come from the table’s secret, one per seat, never from the table id', async () => {
    const pool = createBotPool({ size: 1 });
    onTestFinished(() => pool.close());
    const seeds: { seatKey: string; seed: unknown }[] = [];
    const listened: BotPool = { ...pool, decide: (level, seatKey, view, opts) => (seeds.push({ seatKey, seed: opts?.seed }), pool.decide(level, seatKey, view, opts)) };
    host = await startHost({ botPolicy: poolPolicy(listened) });

    const tableId = await playAgainstBots(await device('127.0.0.2', 5), { name: 'Bots', level: 'novice' });

    const { id, seed } = host.tables.get(tableId)!.model.header;
    const bySeat = new Map(seeds.map((s) => [s.seatKey, s.seed]));
    expect([...bySeat.keys()].sort()).toEqual([`${id}:1`, `${id}:2`]);
    for (const seat of [1, 2]) {
      const used = bySeat.get(`${id}:${seat}`);
      expect(used).toBe(botSeedFor(seed, seat));
      expect(String(used)).not.toContain(id);
    }
    expect(bySeat.get(`${id}:1`)).not.toBe(bySeat.get(`${id}:2`));
    // Every decision of a seat used that seat's one seed.
    for (const s of seeds) expect(s.seed).toBe(bySeat.get(s.seatKey));
  }, 90_000);
});
