// A table's bots draw their randomness from the table's secret seed, never from what anyone may
// know (the table id and the seat): a guest who could rebuild a bot's generator could replay its
// choices against candidate hands and learn the bot's cards. Real host, real worker pool, a real
// client bound to its own loopback address; the pool's decisions are listened to on their way.
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createBotPool, type BotPool } from '../../../../src/main/bots/pool';
import { poolPolicy } from '../../../../src/main/bots/pool-policy';
import { botSeedFor } from '../../../../src/main/host/guards/tokens';
import type { Seated } from '../../../../src/shared/protocol';
import { type ClientSocket, type TestHost, connectFrom, startHost } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';

let host: TestHost;
const opened: ClientSocket[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.disconnect();
  await host?.dispose();
});

describe('bot seeds', () => {
  it('come from the table’s secret, one per seat, never from the table id', async () => {
    const pool = createBotPool({ size: 1 });
    onTestFinished(() => pool.close());
    const seeds: { seatKey: string; seed: unknown }[] = [];
    const listened: BotPool = { ...pool, decide: (level, seatKey, view, opts) => (seeds.push({ seatKey, seed: opts?.seed }), pool.decide(level, seatKey, view, opts)) };
    host = await startHost({ botPolicy: poolPolicy(listened) });

    const ann = new Player(await connectFrom(host.url, '127.0.0.2', opened), 5);
    const created = await ann.request<Seated>('table:create', { name: 'Bots', players: 3, playerName: 'Ann' });
    if (!created.ok) throw new Error(created.code);
    ann.seated(created);
    for (const seat of [1, 2]) expect(await ann.request('table:addBot', { seat, level: 'novice' })).toEqual({ ok: true });
    expect(await ann.request('table:start')).toEqual({ ok: true });
    ann.startAutoplay();
    await ann.waitOver(60_000);

    const { id, seed } = host.tables.get(created.tableId)!.model.header;
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
