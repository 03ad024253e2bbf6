// Budgets per device, not per connection: a device that has spent its hints gets no more by
// opening new connections, while another device is served at once. Analyses of one decision
// are worked out once for everyone.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BUDGETS } from '../../../../src/main/host/guards/budgets';
import { cachedAnalyser } from '../../../../src/main/host/replay/analysis-cache';
import type { Resumed, Seated } from '../../../../src/shared/protocol';
import type { GameRecord } from '../../../../src/shared/rules/record/record';
import { type TestHost, connectFrom, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';

let host: TestHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

/** A player on `address` at a new 3-seat table with two bots, started, once it is their turn. */
async function atTheirTurn(h: TestHost, address: string): Promise<Player> {
  const p = new Player(await connectFrom(h.url, address), 3);
  const r = await p.request<Seated>('table:create', { name: 'Hints', players: 3, playerName: 'P' });
  if (!r.ok) throw new Error(r.code);
  p.seated(r);
  for (const seat of [1, 2]) expect(await p.request('table:addBot', { seat })).toEqual({ ok: true });
  expect(await p.request('table:start')).toEqual({ ok: true });
  await waitFor(() => (p.view?.legalActions.length ?? 0) > 0, 'their turn');
  return p;
}

describe('budgets per device', () => {
  it('refuse the hints of a device that spent its budget, on every new connection, while another device is served', async () => {
    let thought = 0;
    host = await startHost({
      budgets: undefined, // the real ones
      clock: { now: () => 1_000_000 }, // no budget refills while the test runs, however slowly
      hint: (view) => {
        thought++;
        return Promise.resolve(view.legalActions[0]!);
      },
    });
    const flooder = await atTheirTurn(host, '127.0.0.2');
    const burst = DEFAULT_BUDGETS.hint.burst;
    for (let i = 0; i < burst; i++) expect(await flooder.request('game:hint')).toMatchObject({ ok: true });
    // Twenty more connections from the same device, each taking the seat back and asking.
    let last: Player = flooder;
    for (let i = 0; i < 20; i++) {
      last = new Player(await connectFrom(host.url, '127.0.0.2'));
      expect(await last.request<Resumed>('table:resume', { tableId: flooder.tableId, token: flooder.token })).toMatchObject({ ok: true });
      expect(await last.request('game:hint')).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS' });
    }
    expect(thought).toBe(burst);
    // Another device is served at once.
    const other = await atTheirTurn(host, '127.0.0.3');
    expect(await other.request('game:hint')).toMatchObject({ ok: true });
    expect(thought).toBe(burst + 1);
  }, 30_000);
});

describe('replay analyses', () => {
  it('are worked out once per decision of a record, for every viewer, while waiting and after', async () => {
    let runs = 0;
    const analyse = cachedAnalyser(() => {
      runs++;
      return Promise.resolve(null);
    });
    const record = { players: 3, actions: [] } as unknown as GameRecord;
    const same = JSON.parse(JSON.stringify(record)) as GameRecord; // another viewer's copy of the same game
    await Promise.all([analyse(record, 4), analyse(same, 4)]);
    await analyse(same, 4);
    expect(runs).toBe(1);
    await analyse(record, 5);
    expect(runs).toBe(2);
  });
});
