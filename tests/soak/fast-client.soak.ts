// 200 games by a client that answers each turn at once, against zero-delay bots, under the
// default rate limit: never cut (the acceptance count; `npm test` plays 25).
import { afterEach, it } from 'vitest';
import type { TestHost } from '../kit/host/host';
import { playFastGames } from '../kit/clients/fast-client';

let host: TestHost | undefined;
afterEach(async () => {
  await host?.dispose();
});

it('a client answering at once plays 200 games against zero-delay bots without being cut', async () => {
  host = await playFastGames(200);
}, 900_000);
