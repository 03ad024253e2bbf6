// A family behind one address (a router's NAT, a guest network, the host's own machine) is never
// locked out by one device among them: the bounds meant for a device are kept per device (each
// names itself with its own id, as the page does), with a larger bound per address behind them.
// A device that starts 8 games set to wait and walks away leaves its neighbours their own
// tables and Play again, across a restart; its wrong PINs keep only itself waiting; its knocks
// neither replace a neighbour's nor keep them from knocking. Devices are clients bound to
// loopback addresses (127.0.x.y); the host's clock is moved by hand.
import { describe, expect, it } from 'vitest';
import type { Knock, Reply, Seated } from '../../../../src/shared/protocol';
import { DEFAULT_LIFECYCLE } from '../../../../src/main/host/tables/lifecycle';
import { type TestHost, manualClock, startHost, tempDir, waitFor } from '../../../kit/host/host';
import { deviceId, devicesOf } from '../../../kit/clients/devices';
import { playFastGame } from '../../../kit/clients/fast-client';
import type { Player } from '../../../kit/clients/player';

let host: TestHost;
const device = devicesOf(() => host);

const HOME = '127.0.4.2';
const MINUTE = 60_000;
const code = (r: Reply<object>) => (r.ok ? 'ok' : r.code);
const create = (p: Player, name: string) => p.request<Seated>('table:create', { name, players: 3, playerName: 'P' });

/** From the flooding device at HOME: a game against two bots set to wait for its player, started and walked away from. */
async function waitingGameLeft(i: number): Promise<Reply<Seated>> {
  const p = await device(HOME, i, deviceId('flood'));
  const created = await create(p, `Left ${i}`);
  if (!created.ok) return created;
  for (const seat of [1, 2]) expect(await p.request('table:addBot', { seat })).toEqual({ ok: true });
  expect(await p.request('table:autoBot', { afterS: null })).toEqual({ ok: true });
  expect(await p.request('table:start')).toEqual({ ok: true });
  p.socket.disconnect();
  await waitFor(() => !host.tables.get(created.tableId)?.hasConnections(), 'nobody at it');
  return created;
}

describe('a device on a shared address', () => {
  it('that starts 8 waiting games and walks away leaves its neighbours their own tables and Play again, across a restart', async () => {
    const clock = manualClock();
    clock.t = Date.now(); // parked games are dated by their files after a restart
    const dataDir = await tempDir();
    const start = () => startHost({ clock, dataDir, lifecycle: { sweepMs: 3_600_000 } });
    host = await start();
    // A phone at HOME has just played a game to its end…
    const dad = await device(HOME, 21, deviceId('dad'));
    await playFastGame(dad, 'Dad', 'Dad');
    // …when another one there starts game after game and walks away: it keeps its share, no more.
    const kept = DEFAULT_LIFECYCLE.maxUnfinishedPerDevice;
    for (let i = 0; i < kept; i++) expect(await waitingGameLeft(i)).toMatchObject({ ok: true });
    expect(code(await waitingGameLeft(kept))).toBe('TOO_MANY_TABLES_HERE');
    clock.t += 11 * MINUTE;
    await host.tables.sweep();
    expect(host.tables.parkedIds).toHaveLength(kept);
    // The first phone plays again at its own table; a third creates one.
    expect(await dad.request<Seated>('table:rematch')).toMatchObject({ ok: true });
    const mum = await device(HOME, 20, deviceId('mum'));
    expect(await create(mum, 'Mum')).toMatchObject({ ok: true });
    await host.close();

    // After a restart, the same.
    host = await start();
    expect(host.tables.all().filter((t) => t.model.header.device !== undefined && t.model.phase === 'playing').length).toBeGreaterThanOrEqual(kept);
    expect(code(await waitingGameLeft(kept))).toBe('TOO_MANY_TABLES_HERE');
    const kid = await device(HOME, 22, deviceId('kid'));
    expect(await create(kid, 'Kid')).toMatchObject({ ok: true });
    // The games walked away from count to their device for a day, not for the month they wait on disk.
    clock.t += DEFAULT_LIFECYCLE.parkedCountsMs;
    await host.tables.sweep();
    expect(await waitingGameLeft(kept + 1)).toMatchObject({ ok: true });
  }, 120_000);

  it('that types wrong PINs keeps only itself waiting: a family phone behind the same address gets in with the right one', async () => {
    host = await startHost({ clock: manualClock() });
    const owner = await device('127.0.4.9', 9);
    const created = await owner.request<Seated>('table:create', { name: 'Family', players: 4, playerName: 'Mum', pin: '2580' });
    if (!created.ok) throw new Error(created.code);
    const pest = await device(HOME, 1, deviceId('pest'));
    const tried = [];
    for (let i = 0; i < 7; i++) tried.push(code(await pest.join(created.tableId, 'Pest', { pin: `11${i}1` })));
    expect(tried.at(-1)).toBe('TOO_MANY_ATTEMPTS');
    const kid = await device(HOME, 2, deviceId('kid'));
    expect(await kid.join(created.tableId, 'Kid', { pin: '2580' })).toMatchObject({ ok: true });
    // The pest still waits.
    expect(code(await pest.join(created.tableId, 'Pest', { pin: '2580' }))).toBe('TOO_MANY_ATTEMPTS');
  });

  it('that knocks neither replaces a neighbour’s knock nor, turned away, keeps the neighbours from knocking', async () => {
    const clock = manualClock();
    host = await startHost({ clock, budgets: undefined });
    const owner = await device('127.0.4.9', 9);
    const created = await owner.request<Seated>('table:create', { name: 'Family', players: 4, playerName: 'Mum', pin: '2580' });
    if (!created.ok) throw new Error(created.code);
    owner.seated(created);
    const { tableId } = created;
    const knocks = () =>
      owner.inbox
        .filter((m) => m.event === 'table:knocks')
        .map((m) => (m.payload as { knocks: Knock[] }).knocks)
        .at(-1) ?? [];

    const pest = await device(HOME, 1, deviceId('pest'));
    for (let i = 0; i < 5; i++) await pest.request('table:knock', { tableId, name: 'Pest' }); // past its own budget
    const gran = await device(HOME, 2, deviceId('gran'));
    expect(await gran.request('table:knock', { tableId, name: 'Gran' })).toMatchObject({ ok: true });
    await waitFor(
      () =>
        knocks()
          .map((k) => k.name)
          .join() === 'Pest,Gran',
      'both knocks waiting, in the order they came',
    );

    expect(await owner.request('table:answerKnock', { id: knocks()[0]!.id, admit: false })).toEqual({ ok: true });
    clock.t += 2 * MINUTE; // its budget has a knock again; the owner's no still holds
    expect(code(await pest.request('table:knock', { tableId, name: 'Pest' }))).toBe('NOT_LET_IN');
    const kid = await device(HOME, 3, deviceId('kid'));
    expect(await kid.request('table:knock', { tableId, name: 'Kid' })).toMatchObject({ ok: true });
    await waitFor(
      () =>
        knocks()
          .map((k) => k.name)
          .join() === 'Gran,Kid',
      'Gran and Kid waiting, in that order',
    );
    expect(await owner.request('table:answerKnock', { id: knocks()[0]!.id, admit: true })).toEqual({ ok: true });
    await waitFor(() => gran.inbox.some((m) => m.event === 'table:admitted'), 'Gran let in');
  });

  it('that makes up device ids stops at its address’s bound; a family phone known before still creates, and one next door', async () => {
    host = await startHost({ clock: manualClock() });
    const gran = await device(HOME, 1, deviceId('gran'));
    expect(await gran.request('table:list')).toMatchObject({ ok: true }); // known to the host before the flood
    // Each made-up id creates lobbies (walking away from each) until it is refused.
    let kept = 0;
    let last = '';
    for (let id = 0; id < 24; id++) {
      for (let i = 0; i < 10; i++) {
        const p = await device(HOME, i, deviceId(`made${id}`));
        last = code(await create(p, `Flood ${id}.${i}`));
        p.socket.disconnect();
        if (last !== 'ok') break;
        kept++;
      }
    }
    console.log(`one address making up 24 device ids: ${kept} unfinished tables kept, then ${last}`);
    // Its address's share (32), then two for each id it brought in past that (15 at once: 16 less Gran's), and for its shared device.
    const { maxUnfinishedPerAddress } = DEFAULT_LIFECYCLE;
    expect(kept).toBeLessThanOrEqual(maxUnfinishedPerAddress + 2 * 16);
    expect(last).toBe('TOO_MANY_TABLES_HERE');
    expect(await create(gran, 'Gran')).toMatchObject({ ok: true });
    expect(await create(await device('127.0.4.3', 1, deviceId('other')), 'Next door')).toMatchObject({ ok: true });
  }, 60_000);
});
