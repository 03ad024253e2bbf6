// A record's `names` come from whoever wrote the file: opening it on a host (`replay:open`, a
// real client) gives them back cleaned and capped like the names players type (text.ts):
// markup stays text (the screens never render it), but control, bidi and zero-width characters,
// NUL and line breaks go, and a name is at most 24 characters; a name with nothing left is refused.
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplayOpened } from '../../../../src/shared/protocol';
import { MAX_PLAYER_NAME } from '../../../../src/shared/protocol/text';
import { BotRng } from '../../../../src/shared/bots/prng';
import { randomRecord } from '../../../kit/game/playout';
import { type TestHost, startHost } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';

let host: TestHost | undefined;
afterEach(async () => host?.dispose());

describe("a replayed record's names", () => {
  it('are cleaned and capped like player names', async () => {
    host = await startHost();
    const viewer = new Player(await host.connect());
    const names = ['<b>Eve</b>', 'Ann\u202Egnp.exe', 'Bo\u0000b\nRoss\u200B', 'x'.repeat(64)];
    const opened = await viewer.request<ReplayOpened>('replay:open', { record: { ...randomRecord({ players: 4, seed: 'names' }, new BotRng(1)), names } });
    expect(opened).toMatchObject({ ok: true });
    if (!opened.ok) return;
    expect(opened.names).toEqual(['<b>Eve</b>', 'Anngnp.exe', 'Bob Ross', 'x'.repeat(MAX_PLAYER_NAME)]);
    for (const name of opened.names ?? []) expect(name).not.toMatch(/[\u0000-\u001f\u200b\u202e]/);
  });

  it('with nothing left once cleaned are refused, naming the seat', async () => {
    host = await startHost();
    const viewer = new Player(await host.connect());
    const record = { ...randomRecord({ players: 4, seed: 'empty-name' }, new BotRng(2)), names: ['Ann', '\u200B\u202E\u0000', null, 'Cy'] };
    expect(await viewer.request('replay:open', { record })).toMatchObject({ ok: false, code: 'BAD_RECORD', message: expect.stringContaining('names.1') as unknown });
  });
});
