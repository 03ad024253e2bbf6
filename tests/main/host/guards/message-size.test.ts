// How large a client's message may be: the longest legitimate one, a long game's record, is
// answered; one over the cap cuts off only its sender (hostile.test.ts checks the bystanders).
import { afterEach, describe, expect, it } from 'vitest';
import { BotRng } from '../../../../src/shared/bots/prng';
import { MAX_MESSAGE_BYTES, type ReplayOpened } from '../../../../src/shared/protocol';
import { randomRecord } from '../../../kit/game/playout';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';

let host: TestHost | null = null;
afterEach(async () => {
  await host?.dispose();
  host = null;
});

describe('the message size cap', () => {
  it("opens a long game's record, larger than the 16 kB the host used to take", async () => {
    host = await startHost();
    // A prolonged 6-player game with two history cards a round: 381 actions.
    const record = randomRecord({ players: 6, seed: 'long-145', options: { prolongedGame: true, twoHistoryCards: true } }, new BotRng(145));
    expect(JSON.stringify(record).length, 'the record is larger than the old cap').toBeGreaterThan(16 * 1024);
    const viewer = new Player(await host.connect());
    const opened = await viewer.request<ReplayOpened>('replay:open', { record });
    if (!opened.ok) throw new Error(opened.code);
    expect(opened.last).toBe(record.actions.length);
    expect(viewer.socket.connected).toBe(true);
  });

  it('answers a message just under the cap, and cuts off a sender just over it', async () => {
    host = await startHost();
    const under = new Player(await host.connect());
    const refused = await under.request('table:list', { blob: 'x'.repeat(MAX_MESSAGE_BYTES - 1024) });
    expect(refused.ok === false && refused.code).toBe('BAD_REQUEST');
    expect(under.socket.connected).toBe(true);
    const over = new Player(await host.connect());
    over.socket.emit('table:list', { blob: 'x'.repeat(MAX_MESSAGE_BYTES) } as never, () => {});
    await waitFor(() => !over.socket.connected, 'the oversized sender to be cut off');
    expect(under.socket.connected, 'the other connection stays').toBe(true);
  });
});
