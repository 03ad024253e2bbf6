// A host given a seed sequence deals and plays the same games on every run: the browser specs
// that check layout over whole games replay fixed games this way (tests/kit/pages/host.ts), and a
// game that failed one can be replayed from its seed. Two real hosts, the same seeds, the same
// seated player and bots: the same record, move for move; a third seed, another game.
import { afterEach, describe, expect, it } from 'vitest';
import type { Seated } from '../../../../src/shared/protocol';
import type { GameRecord } from '../../../../src/shared/rules';
import { type ClientSocket, type TestHost, connectFrom, startHost } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';

const hosts: TestHost[] = [];
const opened: ClientSocket[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.disconnect();
  for (const h of hosts.splice(0)) await h.dispose();
});

async function playOnce(seed: string): Promise<GameRecord> {
  let n = 0;
  const host = await startHost({ newSeed: () => `${seed}:${++n}` });
  hosts.push(host);
  const ann = new Player(await connectFrom(host.url, '127.0.0.2', opened), 7);
  const created = await ann.request<Seated>('table:create', { name: 'Seeded', players: 3, playerName: 'Ann' });
  if (!created.ok) throw new Error(created.code);
  ann.seated(created);
  for (const seat of [1, 2]) expect(await ann.request('table:addBot', { seat, level: 'novice' })).toEqual({ ok: true });
  expect(await ann.request('table:start')).toEqual({ ok: true });
  ann.startAutoplay();
  await ann.waitOver(60_000);
  expect(host.tables.get(created.tableId)!.model.header.seed).toBe(`${seed}:1`);
  const got = await ann.request<{ record: GameRecord }>('game:record');
  if (!got.ok) throw new Error(got.code);
  return got.record;
}

describe('seeded tables', () => {
  it('replay the same game from the same seed, and another from another', async () => {
    const first = await playOnce('fit');
    const again = await playOnce('fit');
    const other = await playOnce('other');
    expect(first.actions.length).toBeGreaterThan(20);
    expect(again.actions).toEqual(first.actions);
    expect(other.actions).not.toEqual(first.actions);
  }, 120_000);
});
