// The players at the host's tables from other machines (what the desktop app keeps the computer
// awake for and asks about before closing): seated humans on live connections at tables not yet
// over; spectators, the machine's own loopback clients and departed players do not count.
import { afterEach, describe, expect, it } from 'vitest';
import type { Guests } from '../../../src/main/host/guests';
import { isLoopback } from '../../../src/main/host/guests';
import { type TestHost, startHost, waitFor } from '../../kit/host/host';
import { Player } from '../../kit/clients/player';
import { seatPlayers } from '../../kit/host/tables';

let host: TestHost;
afterEach(async () => host?.dispose());

describe('guests', () => {
  it('counts seated players as they come and go, not spectators, and tells each change once', async () => {
    // Every test client is on loopback: here any address counts as another machine's.
    host = await startHost({ isGuest: () => true });
    const seen: Guests[] = [];
    host.onGuestsChange((g) => seen.push(g));
    const t = await seatPlayers(host, 3);
    await waitFor(() => seen.at(-1)?.players === 3, 'three guests told');
    expect(host.guests()).toEqual({ players: 3, tables: 1 });
    const watcher = new Player(await host.connect());
    expect(await watcher.request('table:spectate', { tableId: t.tableId })).toMatchObject({ ok: true });
    const other = await seatPlayers(host, 3);
    await waitFor(() => seen.at(-1)?.players === 6, 'six guests told');
    expect(host.guests()).toEqual({ players: 6, tables: 2 });

    t.players[1]!.socket.disconnect();
    await waitFor(() => seen.at(-1)?.players === 5, 'a guest gone, told');
    for (const p of other.players) expect(await p.request('table:leave')).toEqual({ ok: true });
    await waitFor(() => seen.at(-1)?.players === 2, 'the last change told');
    expect(seen.at(-1)).toEqual({ players: 2, tables: 1 });
    // Each change told once, never the same count twice in a row.
    for (let i = 1; i < seen.length; i++) expect(seen[i]).not.toEqual(seen[i - 1]);
  });

  it('does not count this machine’s own loopback clients by default', async () => {
    host = await startHost();
    await seatPlayers(host, 3);
    expect(host.guests()).toEqual({ players: 0, tables: 0 });
  });

  it('knows loopback addresses, IPv4-mapped ones included', () => {
    for (const a of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true);
    for (const a of ['10.0.0.2', '192.168.1.20', '::ffff:10.0.0.2', 'fe80::1', '::']) expect(isLoopback(a), a).toBe(false);
  });
});
