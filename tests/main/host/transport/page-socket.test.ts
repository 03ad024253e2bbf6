// The page's socket (the renderer's lib/connection/socket.ts) against a real host: its first connection
// opens by WebSocket (one round trip), and where WebSocket cannot get through it connects by long-polling in the same attempt.
// A request made before the connection is open (a tap on the lobby's first frame) waits for it.
// A device that slept tries again as it wakes (back in view, back online), not after its backoff.
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION } from '../../../../src/shared/protocol/version';
import { type ClientSocket, type SocketLifecycle, createSocket } from '../../../../src/renderer/src/lib/connection/socket';
import { type TestHost, startHost } from '../../../kit/host/host';

let host: TestHost | null = null;
let socket: ClientSocket | null = null;
afterEach(async () => {
  socket?.close();
  await host?.dispose();
  host = socket = null;
});

/** The transports of the requests the host's HTTP server saw for Socket.IO, in order. */
function transportsSeen(running: TestHost): string[] {
  const seen: string[] = [];
  const note = (req: IncomingMessage) => {
    const transport = new URL(req.url ?? '', 'http://host').searchParams.get('transport');
    if (transport) seen.push(transport);
  };
  running.http.prependListener('request', note);
  running.http.prependListener('upgrade', note);
  return seen;
}

function connected(s: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    s.onLifecycle((what, detail) => {
      if (what === 'connect') resolve();
      if (what === 'connect_error' && detail !== 'websocket error') reject(new Error(detail));
    });
  });
}

describe('the page socket', () => {
  it('opens by WebSocket, with no long-polling request first', async () => {
    host = await startHost();
    const seen = transportsSeen(host);
    socket = createSocket(host.url, { protocolVersion: PROTOCOL_VERSION });
    await connected(socket);
    expect(seen).toEqual(['websocket']);
  });

  it('connects by long-polling where WebSocket is refused', async () => {
    host = await startHost();
    host.io.engine.opts.transports = ['polling'];
    const seen = transportsSeen(host);
    socket = createSocket(host.url, { protocolVersion: PROTOCOL_VERSION });
    await connected(socket);
    expect(seen[0]).toBe('websocket');
    expect(seen).toContain('polling');
    // And it carries requests: the lobby's list comes back over long-polling.
    const answer = await socket.request('table:list', {}, 5000);
    expect(answer).toEqual({ ok: true, tables: [] });
  });

  it('sends a request made while it connects once the host lets it in, and never one that timed out first', async () => {
    host = await startHost();
    let letIn: () => void = () => {};
    const held = new Promise<void>((resolve) => (letIn = resolve));
    host.io.use((_, next) => void held.then(() => next()));
    socket = createSocket(host.url, { protocolVersion: PROTOCOL_VERSION });
    const tooLate = socket.request('table:create', { name: 'Given up', players: 3, playerName: 'Ann' }, 100);
    await expect(tooLate).rejects.toThrow(/timed out/);
    const waiting = socket.request('table:create', { name: 'Waited for', players: 3, playerName: 'Ann' }, 10_000);
    letIn();
    await expect(waiting).resolves.toMatchObject({ ok: true, seat: 0 });
    const list = await socket.request('table:list', {}, 5000);
    expect(list.ok && list.tables.map((t) => t.name)).toEqual(['Waited for']);
  });

  it('tries again at once when the device wakes (back in view or online), not after its backoff', async () => {
    host = await startHost();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const win = new EventTarget();
    // A minute between retries: a test that waited for one would time out.
    socket = createSocket(host.url, { protocolVersion: PROTOCOL_VERSION }, { wake: { doc, win }, retryDelayMs: { min: 60_000, max: 60_000 } });
    const events: SocketLifecycle[] = [];
    socket.onLifecycle((what) => events.push(what));
    await vi.waitFor(() => expect(events).toEqual(['connect']));
    // The connection drops under it, as a sleeping phone's does: the socket waits for its retry.
    host.io.engine.close();
    await vi.waitFor(() => expect(events).toEqual(['connect', 'disconnect']));
    // Still asleep (the page hidden): nothing yet.
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual(['connect', 'disconnect']);
    // The screen comes on.
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(events).toEqual(['connect', 'disconnect', 'connect']), { timeout: 10_000 });
    // And once more through the network coming back.
    host.io.engine.close();
    await vi.waitFor(() => expect(events.at(-1)).toBe('disconnect'));
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(events.at(-1)).toBe('connect'), { timeout: 10_000 });
    expect(events).toEqual(['connect', 'disconnect', 'connect', 'disconnect', 'connect']);
  });

  it('does not reconnect on waking after the host closed the connection on purpose', async () => {
    host = await startHost();
    const win = new EventTarget();
    socket = createSocket(host.url, { protocolVersion: PROTOCOL_VERSION }, { wake: { win }, retryDelayMs: { min: 60_000, max: 60_000 } });
    const events: string[] = [];
    socket.onLifecycle((what, detail) => events.push(what === 'disconnect' ? `${what}: ${detail}` : what));
    await vi.waitFor(() => expect(events).toEqual(['connect']));
    host.io.disconnectSockets(true);
    await vi.waitFor(() => expect(events).toEqual(['connect', 'disconnect: io server disconnect']));
    win.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual(['connect', 'disconnect: io server disconnect']);
  });
});
