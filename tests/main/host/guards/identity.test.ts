// Seat identity: a secret token from join; resuming with it from any connection restores the
// seat and sends a fresh view, and the old connection stops receiving. Anything else gets nothing.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestHost, sleep, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { tableFile } from '../../../kit/host/records';
import { decider, seatPlayers, startedGame } from '../../../kit/host/tables';

let host: TestHost;
afterEach(async () => host?.dispose());

describe('seat tokens', () => {
  it('are 256-bit secrets, stored on disk only as hashes', async () => {
    host = await startHost();
    const { tableId, players } = await seatPlayers(host, 3);
    const file = readFileSync(tableFile(host.dataDir, tableId), 'utf8');
    for (const p of players) {
      expect(p.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(file).not.toContain(p.token);
    }
    expect(new Set(players.map((p) => p.token)).size).toBe(3);
  });

  it('resume from another device restores the seat with a fresh view; the old connection stops receiving', async () => {
    host = await startHost();
    const t = await startedGame(host, 3);
    const old = t.players[1]!;
    const device = new Player(await host.connect());
    const r = await device.request<{ seat: number; lastSeq: number }>('table:resume', { tableId: t.tableId, token: old.token });
    expect(r).toMatchObject({ ok: true, seat: 1, lastSeq: 0 });
    await waitFor(() => device.view !== null, 'the fresh view');
    expect(device.view).toEqual(old.view);
    await waitFor(() => !old.socket.connected, 'the old connection to be closed');
    expect(old.inbox.some((m) => m.event === 'game:error' && (m.payload as { code: string }).code === 'SUPERSEDED')).toBe(true);

    // The game goes on: the new device gets the next views, the old one nothing more.
    const heard = old.inbox.length;
    const actor = decider([t.players[0]!, device, t.players[2]!]);
    expect((await actor.act(actor.view!.legalActions[0]!)).ok).toBe(true);
    await waitFor(() => device.view!.version === 1, 'the next view on the new device');
    await sleep(30);
    expect(old.inbox.length).toBe(heard);
  });

  it('a forged, missing or foreign token, or a socket id, gets nothing', async () => {
    host = await startHost();
    const a = await startedGame(host, 3);
    const b = await seatPlayers(host, 3);
    const intruder = new Player(await host.connect());
    const forged = randomBytes(32).toString('base64url');
    expect(await intruder.request('table:resume', { tableId: a.tableId, token: forged })).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
    expect(await intruder.request('table:resume', { tableId: a.tableId })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await intruder.request('table:resume', { tableId: a.tableId, token: b.players[0]!.token })).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
    const socketId = a.players[0]!.socket.id!;
    expect(await intruder.request('table:resume', { tableId: a.tableId, token: socketId })).toMatchObject({ ok: false });
    expect(await intruder.request('table:resume', { tableId: 'nosuchtable', token: forged })).toMatchObject({ ok: false, code: 'NO_TABLE' });
    // Still nobody: no view, no seat.
    expect(await intruder.act({ play: 'king' }, 0)).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(await intruder.request('game:sync')).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(intruder.inbox.filter((m) => m.event === 'game:view')).toEqual([]);
    // And the real player is still seated.
    expect(await a.players[0]!.request('game:sync')).toMatchObject({ ok: true });
  });

  it('a leave in the lobby frees the seat: its token no longer works', async () => {
    host = await startHost();
    const t = await seatPlayers(host, 3);
    const p = t.players[2]!;
    expect(await p.request('table:leave')).toEqual({ ok: true });
    const again = new Player(await host.connect());
    expect(await again.request('table:resume', { tableId: t.tableId, token: p.token })).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
  });
});

describe('browser origins', () => {
  const tryConnect = (url: string, origin: string) =>
    new Promise<boolean>((resolve) => {
      const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { Origin: origin } });
      s.once('connect', () => {
        s.disconnect();
        resolve(true);
      });
      s.once('connect_error', () => resolve(false));
    });

  it('a page from another origin cannot connect; pages this host served can', async () => {
    host = await startHost({ allowedOrigins: ['http://localhost:5173'] });
    expect(await tryConnect(host.url, 'https://evil.example')).toBe(false);
    expect(await tryConnect(host.url, host.url)).toBe(true);
    expect(await tryConnect(host.url, 'http://localhost:5173')).toBe(true);
  });
});
