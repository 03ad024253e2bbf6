// A hostile client: every handler gets payloads of every wrong shape, with and without an ack;
// 3,000 fuzzed raw frames (10,000 under `npm run test:soak`); an oversized message; a flood. The
// host stays up, the sender gets an error code or is cut off, and a game played by others
// meanwhile goes on undisturbed.
import { afterEach, describe, expect, it } from 'vitest';
import { type ClientEvent, type ErrorCode, MAX_MESSAGE_BYTES } from '../../../../src/shared/protocol';
import { SCHEMAS } from '../../../../src/shared/protocol/schemas';
import { type TestHost, startHost, untyped, waitFor } from '../../../kit/host/host';
import { badPayloads, fuzz } from '../../../kit/host/fuzz';
import { SOAK } from '../../../kit/soak';
import { Player } from '../../../kit/clients/player';
import { statesFromDisk } from '../../../kit/host/records';
import { type SeatedTable, decider, startedGame } from '../../../kit/host/tables';

let host: TestHost;
afterEach(async () => host?.dispose());

const EVENTS = Object.keys(SCHEMAS) as ClientEvent[];
const FUZZ_FRAMES = SOAK ? 10_000 : 1_000;

/** A game the hostile client must not disturb; returns a check to call at the end. */
async function bystanders(h: TestHost): Promise<{ t: SeatedTable; check: () => Promise<void> }> {
  const t = await startedGame(h, 4);
  for (const p of t.players) p.startAutoplay();
  return {
    t,
    check: async () => {
      await Promise.all(t.players.map((p) => p.waitOver(30_000)));
      for (const p of t.players) {
        expect(p.errors).toEqual([]);
        expect(p.socket.connected).toBe(true);
        const events = new Set(p.inbox.map((m) => m.event));
        // table:closed: a finished game leaves memory for the archive at once.
        for (const e of events)
          expect(['game:view', 'game:events', 'table:updated', 'table:closed', 'reply:game:act', 'reply:table:join', 'reply:table:create', 'reply:table:start']).toContain(e);
      }
      expect(statesFromDisk(h.dataDir, t.tableId).at(-1)!.over).toBe(true);
    },
  };
}

describe('a hostile client', () => {
  it('every handler answers every malformed payload with an error code; missing acks crash nothing', async () => {
    host = await startHost();
    const { check } = await bystanders(host);
    const attacker = new Player(await host.connect());
    const codes = new Set<ErrorCode>();
    for (const event of EVENTS) {
      for (const payload of badPayloads()) {
        const reply = await attacker.request(event, payload);
        expect(typeof reply.ok).toBe('boolean');
        if (!reply.ok) codes.add(reply.code);
        const socket = untyped(attacker.socket);
        socket.emit(event, payload, undefined); // no ack
        socket.emit(event, payload, 'not a function', 7);
        socket.emit(event); // no payload, no ack
      }
    }
    expect(codes.has('BAD_REQUEST')).toBe(true);
    expect(codes.has('INTERNAL')).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(attacker.socket.connected).toBe(true);
    await check();
  });

  it(
    `${FUZZ_FRAMES.toLocaleString('en')} fuzzed and malformed frames leave the host serving the others`,
    async () => {
      host = await startHost();
      const { check } = await bystanders(host);
      const { sent, connections } = await fuzz(host.url, FUZZ_FRAMES, 2024);
      expect(sent).toBe(FUZZ_FRAMES);
      expect(connections).toBeGreaterThan(1); // the host cut some of them off
      await check();
      const fresh = new Player(await host.connect());
      expect(await fresh.request('table:create', { name: 'After', players: 3, playerName: 'Zed' })).toMatchObject({ ok: true });
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    },
    SOAK ? 300_000 : 60_000,
  );

  it('a message over the size cap closes only that connection', async () => {
    host = await startHost();
    const { check } = await bystanders(host);
    const big = new Player(await host.connect());
    big.socket.emit('table:list', { blob: 'x'.repeat(MAX_MESSAGE_BYTES) } as never, () => {});
    await waitFor(() => !big.socket.connected, 'the oversized sender to be cut off');
    await check();
  });

  it('a flooding connection is cut off; the others play on', async () => {
    host = await startHost({ rateLimit: undefined }); // the default limit, made for people
    const t = await startedGame(host, 4);
    const flood = new Player(await host.connect());
    for (let i = 0; i < 500; i++) flood.socket.emit('table:list', {}, () => {});
    await waitFor(() => !flood.socket.connected, 'the flooder to be cut off');
    expect(flood.inbox.some((m) => m.event === 'game:error' && (m.payload as { code: string }).code === 'RATE_LIMITED')).toBe(true);
    // The players, at a person's pace, are served as before.
    for (let i = 0; i < 8; i++) {
      const actor = decider(t.players);
      expect(await actor.act(actor.view!.legalActions[0]!)).toMatchObject({ ok: true, version: i + 1 });
      await waitFor(() => t.players.every((p) => p.view!.version === i + 1), 'everyone to see the move');
    }
    for (const p of t.players) expect(p.socket.connected).toBe(true);
  });
});
