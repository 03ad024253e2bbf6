// The page's socket (the renderer's lib/connection/socket.ts) against a real host: its first connection
// opens by WebSocket (one round trip), and where WebSocket cannot get through it connects by long-polling in the same attempt.
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../../src/shared/protocol/version';
import { type ClientSocket, createSocket } from '../../../../src/renderer/src/lib/connection/socket';
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
});
