// Asks an address whether a Chronicle host answers there, and which tables it holds: the lobby's
// own `table:list` over Socket.IO, spoken over Engine.IO's long-polling transport (protocol 4)
// with node:http alone (the main process carries no Socket.IO client). An mDNS entry is only a
// claim (RFC 6762 §21): what answers at its address is what the lobby may call verified.
//   GET  /socket.io/?EIO=4&transport=polling          -> 0{"sid":…}        (the session)
//   POST …&sid=S  40                                   -> ok                (join namespace /)
//   POST …&sid=S  420["table:list",{}]                 -> ok                (ask, ack id 0)
//   GET  …&sid=S                                       -> 40{…}␞430[{"ok":true,"tables":[…]}]
//   POST …&sid=S  1                                                         (close)
// Several packets in one body are separated by U+001E (record separator).
import { request } from 'node:http';

/** What the lobby needs of one table a host lists. */
export interface HostTable {
  readonly id: string;
  readonly name: string;
  readonly phase: string;
  readonly seats: number;
  readonly freeSeats: number;
}

/** The tables the host at `address:port` lists, or null when no Chronicle host answers there. */
export type HostCheck = (address: string, port: number) => Promise<readonly HostTable[] | null>;

const SEPARATOR = '\u001e';
const MAX_BODY_BYTES = 1 << 20;
const PATH = '/socket.io/?EIO=4&transport=polling';

class NotAHost extends Error {}

function call(address: string, port: number, method: 'GET' | 'POST', query: string, body: string | null, deadline: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const left = deadline - Date.now();
    if (left <= 0) return reject(new NotAHost('no answer in time'));
    const req = request(
      { host: address, port, method, path: `${PATH}${query}`, agent: false, timeout: left, headers: body === null ? {} : { 'Content-Type': 'text/plain;charset=UTF-8' } },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) return req.destroy(new NotAHost('answer too large'));
          chunks.push(chunk);
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new NotAHost(`HTTP ${res.statusCode}`))));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new NotAHost('no answer in time')));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

function tableOf(raw: unknown): HostTable | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const t = raw as { id?: unknown; name?: unknown; phase?: unknown; seats?: unknown };
  if (typeof t.id !== 'string' || typeof t.name !== 'string' || typeof t.phase !== 'string' || !Array.isArray(t.seats)) return null;
  const seats = t.seats as unknown[];
  const free = seats.filter((s) => typeof s === 'object' && s !== null && (s as { kind?: unknown }).kind === 'free').length;
  return { id: t.id, name: t.name, phase: t.phase, seats: seats.length, freeSeats: free };
}

/** The tables in an ack packet `430[{"ok":true,"tables":[…]}]`, or undefined when the packet is something else. */
function tablesInAck(packet: string): HostTable[] | undefined {
  const m = /^430(\[[\s\S]*\])$/.exec(packet);
  if (!m) return undefined;
  const [reply] = JSON.parse(m[1]!) as [{ ok?: unknown; tables?: unknown }];
  if (reply?.ok !== true || !Array.isArray(reply.tables)) throw new NotAHost('not a table list');
  return reply.tables.flatMap((t) => tableOf(t) ?? []);
}

/** Asks over plain HTTP (the hosts of a LAN), giving up after `timeoutMs` in all. */
export function httpHostCheck(timeoutMs = 3000): HostCheck {
  return async (address, port) => {
    const deadline = Date.now() + timeoutMs;
    let sid: string | null = null;
    try {
      const open = await call(address, port, 'GET', '', null, deadline);
      if (!open.startsWith('0{')) return null;
      const session = JSON.parse(open.slice(1)) as { sid?: unknown };
      if (typeof session.sid !== 'string') return null;
      sid = session.sid;
      const query = `&sid=${encodeURIComponent(sid)}`;
      await call(address, port, 'POST', query, '40', deadline);
      await call(address, port, 'POST', query, '420["table:list",{}]', deadline);
      // The answer may come behind the namespace's connect packet, pings, lobby updates.
      for (;;) {
        for (const packet of (await call(address, port, 'GET', query, null, deadline)).split(SEPARATOR)) {
          if (packet === '1' || packet.startsWith('44')) return null; // closed, or refused
          const tables = tablesInAck(packet);
          if (tables) return tables;
        }
      }
    } catch {
      // Nothing that answers as a host: a refused or dropped connection, a timeout, another server, a malformed reply.
      return null;
    } finally {
      if (sid !== null) call(address, port, 'POST', `&sid=${encodeURIComponent(sid)}`, '1', Date.now() + 1000).catch(() => {});
    }
  };
}
