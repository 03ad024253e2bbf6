// The per-viewer event stream over real sockets: with each view every client gets the events
// that produced it, redacted for it, each version once and in order; a client that comes back
// gets the whole game so far; and nothing hidden is ever named (with a negative control that
// shows the scan can fail on real traffic).
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBatch, Resumed, Seated } from '../../../../src/shared/protocol';
import { type Viewer, redactEvent } from '../../../../src/shared/rules/view';
import { type TestHost, startHost } from '../../../kit/host/host';
import { eventLeaks, hiddenByVersion, leaksIn } from '../../../kit/host/leak';
import { Player, type Received } from '../../../kit/clients/player';
import { eventsFromDisk, readLines, statesFromDisk } from '../../../kit/host/records';
import { annBobAndTwoBots } from '../../../kit/host/tables';
import { seatOf } from '../../../../src/shared/ids';

let host: TestHost;

const batchesIn = (inbox: readonly Received[]): EventBatch[] => inbox.filter((m) => m.event === 'game:events').flatMap((m) => m.payload as EventBatch[]);

/** Four seats: two clients that play by themselves, two bots, and a spectator. */
async function playGame(h: TestHost) {
  const { tableId, ann, bob } = await annBobAndTwoBots(h, 'Events', [11, 12]);
  const spectator = new Player(await h.connect(), 0);
  expect((await spectator.request('table:spectate', { tableId })).ok).toBe(true);
  for (const p of [ann, bob]) p.startAutoplay();
  expect((await ann.request('table:start')).ok).toBe(true);
  await Promise.all([ann, bob, spectator].map((p) => p.waitOver(30_000)));
  return { tableId, players: [ann, bob], spectator };
}

describe('the event stream', () => {
  it('each seat and the spectator get every version once, in order, before its view, redacted for them; nothing hidden is named', async () => {
    host = await startHost();
    const { tableId, players, spectator } = await playGame(host);
    const log = eventsFromDisk(host.dataDir, tableId);
    const states = statesFromDisk(host.dataDir, tableId);
    const header = readLines(host.dataDir, tableId)[0] as { seed: string };
    const kinds = new Set(log.flatMap((b) => b.events.map((e) => e.type)));
    expect([...kinds].sort()).toEqual(['abilityUsed', 'cardPlayed', 'dealt', 'gameOver', 'meetingEnded', 'roundScored', 'roundStarted']);

    let scanned = 0;
    for (const [client, viewer] of [...players.map((p) => [p, seatOf(p.seat)] as const), [spectator, 'spectator'] as const]) {
      const received = batchesIn(client.inbox);
      expect(received.map((b) => b.version)).toEqual(log.map((b) => b.version));
      expect(received).toEqual(log.map((b) => ({ version: b.version, events: b.events.map((e) => redactEvent(e, viewer)) })));
      // Each view comes after the events of its version.
      let eventsUpTo = -1;
      for (const m of client.inbox) {
        if (m.event === 'game:events') eventsUpTo = (m.payload as EventBatch[]).at(-1)!.version;
        if (m.event === 'game:view') expect((m.payload as { version: number }).version).toBeLessThanOrEqual(eventsUpTo);
      }
      const secrets = { seed: header.seed, foreignTokens: players.filter((p) => p !== client).map((p) => p.token) };
      expect(leaksIn(client.inbox, viewer, states, secrets)).toEqual([]);
      scanned += received.reduce((n, b) => n + b.events.length, 0);
    }
    console.log(`event stream: ${log.length} versions, ${scanned} events scanned over 3 connections`);
  });

  it('a view and the events that led to it come in one message, each version once', async () => {
    host = await startHost();
    const { tableId, ann, bob } = await annBobAndTwoBots(host, 'One message', [13, 14]);
    const messages: { version: number; batches: number[] }[] = [];
    ann.socket.on('game:view', (view, batches) => messages.push({ version: view.version, batches: batches.map((b) => b.version) }));
    for (const p of [ann, bob]) p.startAutoplay();
    expect((await ann.request('table:start')).ok).toBe(true);
    await ann.waitOver(30_000);
    const versions = eventsFromDisk(host.dataDir, tableId).map((b) => b.version);
    expect(messages.flatMap((m) => m.batches)).toEqual(versions);
    let previous = -1;
    for (const m of messages) {
      expect(m.batches).toEqual(versions.filter((v) => v > previous && v <= m.version));
      expect(m.batches.at(-1)).toBe(m.version);
      previous = m.version;
    }
  });

  it('negative control: the same scan finds the hidden cards in real traffic seen by the wrong viewer, and an unredacted deal', async () => {
    host = await startHost();
    const { tableId, players } = await playGame(host);
    const states = statesFromDisk(host.dataDir, tableId);
    const [ann, bob] = players as [Player, Player];
    const asIf = (p: Player, viewer: Viewer) => eventLeaks(batchesIn(p.inbox), viewer, hiddenByVersion(states, viewer));
    expect(asIf(ann, seatOf(ann.seat))).toEqual([]);
    expect(asIf(ann, seatOf(bob.seat)).length).toBeGreaterThan(0); // Ann's own hands, judged as if Bob had received them
    expect(asIf(ann, 'spectator').some((p) => p.includes('dealt'))).toBe(true);
    const raw = eventsFromDisk(host.dataDir, tableId).slice(0, 1) as unknown as EventBatch[]; // the deal, all hands in it
    expect(eventLeaks(raw, seatOf(bob.seat), hiddenByVersion(states, seatOf(bob.seat))).length).toBeGreaterThan(0);
  });

  it('a client that comes back gets the whole game so far, redacted for it, then its view', async () => {
    host = await startHost();
    const ann = new Player(await host.connect(), 21);
    const created = await ann.request<Seated>('table:create', { name: 'Back', players: 3, playerName: 'Ann' });
    if (!created.ok) throw new Error(created.code);
    ann.seated(created);
    for (const seat of [1, 2]) expect((await ann.request('table:addBot', { seat })).ok).toBe(true);
    ann.startAutoplay();
    expect((await ann.request('table:start')).ok).toBe(true);
    await new Promise<void>((resolve) => {
      const check = () => ((ann.view?.version ?? 0) >= 12 ? resolve() : setTimeout(check, 5));
      check();
    });
    ann.stopAutoplay();
    ann.socket.disconnect();
    const again = new Player(await host.connect(), 22);
    const r = await again.request<Resumed>('table:resume', { tableId: created.tableId, token: ann.token });
    expect(r.ok).toBe(true);
    await host.tables.get(created.tableId)!.idle();
    const first = again.inbox.findIndex((m) => m.event === 'game:events');
    const view = again.inbox.findIndex((m) => m.event === 'game:view');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(view);
    const sent = again.inbox[first]!.payload as EventBatch[];
    const log = eventsFromDisk(host.dataDir, created.tableId);
    const version = (again.inbox[view]!.payload as { version: number }).version;
    expect(sent).toEqual(log.filter((b) => b.version <= version).map((b) => ({ version: b.version, events: b.events.map((e) => redactEvent(e, seatOf(0))) })));
  });
});
