// The table's transport on its own, over a real host's Socket.IO server: it tells its table only
// that a connection dropped (the seat it held, or null for a spectator), never one it let go of
// itself; and a connection's views only go forward.
import { afterEach, describe, expect, it } from 'vitest';
import { SocketConnections } from '../../../../src/main/host/transport/connections';
import type { Seat } from '../../../../src/shared/rules/types';
import type { PlayerView } from '../../../../src/shared/rules/view';
import { type TestHost, sleep, startHost, waitFor } from '../../../kit/host/host';
import { seatOf, tableIdOf } from '../../../../src/shared/ids';

let host: TestHost | undefined;
afterEach(async () => {
  await host?.dispose();
  host = undefined;
});

async function transport(): Promise<{ t: SocketConnections; drops: (Seat | null)[] }> {
  host = await startHost();
  const drops: (Seat | null)[] = [];
  return { t: new SocketConnections(host.io, tableIdOf('seam'), 3, (seat) => drops.push(seat)), drops };
}

const view = (version: number) => ({ version, view: { v: version } as unknown as PlayerView, batches: [] });

describe('the table transport', () => {
  it('reports a dropped seat and a dropped spectator, but not a connection it superseded, released or closed', async () => {
    const { t, drops } = await transport();
    const [a, b, c, d] = await Promise.all([host!.connect(), host!.connect(), host!.connect(), host!.connect()]);
    expect(t.takeSeat(a.id!, seatOf(0))).toBe(true);
    expect(t.takeSeat('gone-before-its-turn', seatOf(2))).toBe(false);
    expect([t.holds(seatOf(0)), t.holds(seatOf(2)), t.seatOf(a.id!)]).toEqual([true, false, 0]);

    a.disconnect();
    await waitFor(() => drops.length === 1, 'the drop of seat 0');
    expect(drops).toEqual([0]);
    expect(t.holds(seatOf(0))).toBe(false);

    // Another connection takes seat 1 from b: b is told and let go, and its end is no drop.
    const superseded = new Promise((resolve) => b.once('game:error', resolve));
    expect(t.takeSeat(b.id!, seatOf(1))).toBe(true);
    expect(t.takeSeat(c.id!, seatOf(1))).toBe(true);
    expect(await superseded).toMatchObject({ code: 'SUPERSEDED' });
    t.watch(d.id!);
    expect(t.spectatorCount()).toBe(1);
    d.disconnect();
    await waitFor(() => drops.length === 2, 'the drop of the spectator');
    expect(drops).toEqual([0, null]);

    t.release(c.id!);
    c.disconnect();
    await sleep(100);
    expect(drops).toEqual([0, null]);
    expect(t.hasConnections()).toBe(false);
  });

  it('sends a connection only views newer than the last it had, and reports nothing once closed', async () => {
    const { t, drops } = await transport();
    const [a, s] = await Promise.all([host!.connect(), host!.connect()]);
    const got: unknown[] = [];
    a.on('game:view', (v) => got.push(v));
    t.takeSeat(a.id!, seatOf(0));
    expect(t.sentVersion({ seat: seatOf(0) })).toBe(-1);
    t.viewToSeat(seatOf(0), view(3));
    t.viewToSeat(seatOf(0), view(2));
    t.viewToSeat(seatOf(0), view(3));
    t.viewToSeat(seatOf(0), view(4));
    await waitFor(() => got.length === 2, 'two views');
    await sleep(50);
    expect(got).toEqual([{ v: 3 }, { v: 4 }]);
    expect(t.sentVersion({ conn: a.id! })).toBe(4);
    // A version's views in one call: to the seats held, never backwards.
    expect(t.audience()).toEqual({ seats: [4, null, null], spectators: false });
    t.sendViews({ seats: [view(4), view(5), null], spectators: null });
    t.sendViews({ seats: [view(5), null, null], spectators: null });
    await waitFor(() => got.length === 3, 'the view of version 5');
    await sleep(50);
    expect(got).toEqual([{ v: 3 }, { v: 4 }, { v: 5 }]);

    t.watch(s.id!);
    t.close(tableIdOf('seam'));
    a.disconnect();
    s.disconnect();
    await sleep(100);
    expect(drops).toEqual([]);
  });
});
