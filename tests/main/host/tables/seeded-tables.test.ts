// A host given a seed sequence deals and plays the same games on every run: the browser specs
// that check layout over whole games replay fixed games this way (tests/kit/pages/host.ts), and a
// game that failed one can be replayed from its seed. Two real hosts, the same seeds, the same
// seated player and bots: the same record, move for move; a third seed, another game.
import { afterEach, describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../../src/shared/rules';
import { type ClientSocket, type TestHost, connectFrom, startHost } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { playAgainstBots } from '../../../kit/host/tables';

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
  const tableId = await playAgainstBots(ann, { name: 'Seeded', level: 'novice' });
  expect(host.tables.get(tableId)!.model.header.seed).toBe(`${seed}:1`);
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
