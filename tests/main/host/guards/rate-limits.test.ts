// Rate limits that only stop abuse: a client answering each of its turns at once, against bots
// that answer at once, plays 200 games under the default limit without being cut; a flood of
// 5,000 events is cut.
import { afterEach, describe, expect, it } from 'vitest';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { playFastGames } from '../../../kit/clients/fast-client';

let host: TestHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

// 200 games run in `npm run test:soak` (tests/soak/fast-client.soak.ts); 10 here (some seconds
// of play, past the limit's burst of 60 events) keep `npm test` quick.
const GAMES = 10;

describe('the default rate limit', () => {
  it(`never cuts a client that answers its turns at once, for ${GAMES} games against zero-delay bots`, async () => {
    host = await playFastGames(GAMES);
  }, 300_000);

  it('cuts a flood of 5,000 events, refused moves included', async () => {
    host = await startHost({ rateLimit: undefined });
    for (const event of ['table:list', 'game:act']) {
      const flood = new Player(await host.connect());
      for (let i = 0; i < 5000; i++) flood.socket.emit(event as 'table:list', event === 'game:act' ? ({ action: { play: 'x' }, seq: i + 1, version: 0 } as never) : {}, () => {});
      await waitFor(() => !flood.socket.connected, `the ${event} flood to be cut`);
      expect(flood.inbox.some((m) => m.event === 'game:error' && (m.payload as { code: string }).code === 'RATE_LIMITED')).toBe(true);
    }
  });
});
