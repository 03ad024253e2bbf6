// Serialise-ahead against plain Socket.IO, in one run: `npx tsx bench/view-send.ts`.
//
// Two Socket.IO servers in this process, six clients on each (websocket, loopback). For every
// state of a seeded 6-seat game, in turns: "ahead" builds the six views and their events,
// serialises them sharing what they share (ready-views.ts) and sends the texts through the host's
// encoder (transport/wire.ts); "plain" builds the same views and events and emits them as
// objects through Socket.IO's own encoder. Each variant also runs with a record line appended
// and fdatasync'ed first, "ahead" building during the flush as the host does. Figures: the
// sender's time (build + emit, synchronous) and from the start until all six clients hold the
// view, medians, and ahead ÷ plain.
import { open } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io } from 'socket.io-client';
import { readyViews } from '../src/main/host/table/ready-views';
import { wireParser } from '../src/main/host/transport/wire';
import { batchesFor } from '../src/shared/protocol/event-log';
import { viewsFor } from '../src/shared/rules/view';
import { playout } from '../tests/kit/game/playout';
import { BotRng } from '../src/shared/bots/prng';
import { DEFAULT_OPTIONS } from '../src/shared/rules/types';

const SEATS = [0, 1, 2, 3, 4, 5] as const;

async function server(parser?: typeof wireParser) {
  const http = createServer();
  const srv = new Server(http, { serveClient: false, ...(parser && { parser }) });
  const sockets: ServerSocket[] = [];
  srv.on('connection', (s) => sockets.push(s));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  let received = 0;
  let done: () => void = () => {};
  const clients = await Promise.all(
    SEATS.map(async () => {
      const c = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      c.on('game:view', () => {
        if (++received === SEATS.length) done();
      });
      await new Promise<void>((r) => c.once('connect', () => r()));
      return c;
    }),
  );
  while (sockets.length < SEATS.length) await new Promise((r) => setTimeout(r, 5));
  const allHeard = () => new Promise<void>((r) => ((received = 0), (done = r)));
  const close = () => {
    for (const c of clients) c.disconnect();
    srv.close();
  };
  return { sockets, allHeard, close };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

const ahead = await server(wireParser);
const plain = await server();
const dir = await mkdtemp(join(tmpdir(), 'chronicle-view-send-'));
const file = await open(join(dir, 'record'), 'a');
const steps = [...playout({ players: 6, options: DEFAULT_OPTIONS, seed: 'view-send' }, new BotRng(7))].slice(1);
const figures = new Map<string, number[]>();
const note = (k: string, v: number) => figures.set(k, [...(figures.get(k) ?? []), v]);

for (let round = 0; round < 3; round++) {
  for (const step of steps) {
    for (const flush of [false, true]) {
      for (const variant of round % 2 ? ['plain', 'ahead'] : ['ahead', 'plain']) {
        const s = variant === 'ahead' ? ahead : plain;
        const heard = s.allHeard();
        const t0 = process.hrtime.bigint();
        let sender = 0;
        if (variant === 'ahead') {
          const written = flush ? file.write('{"t":"act"}\n').then(() => file.datasync()) : null;
          const t1 = process.hrtime.bigint();
          const views = readyViews(step.state, SEATS, step.events);
          sender += ms(t1);
          await written;
          const t2 = process.hrtime.bigint();
          views.forEach((v, i) => s.sockets[i]!.emit('game:view', v.json, v.latest));
          sender += ms(t2);
        } else {
          if (flush) await file.write('{"t":"act"}\n').then(() => file.datasync());
          const t1 = process.hrtime.bigint();
          const { version } = step.state;
          const views = viewsFor(step.state, SEATS);
          views.forEach((v, i) => s.sockets[i]!.emit('game:view', v, batchesFor([{ version, events: step.events }], SEATS[i]!, version - 1, version)));
          sender += ms(t1);
        }
        await heard;
        note(`${variant}${flush ? ' +flush' : ''} sender`, sender);
        note(`${variant}${flush ? ' +flush' : ''} all six`, ms(t0));
      }
    }
  }
}

console.log(`${steps.length} states of a 6-seat game × 3 rounds, in turns; medians:`);
for (const flush of ['', ' +flush']) {
  for (const what of ['sender', 'all six']) {
    const a = median(figures.get(`ahead${flush} ${what}`)!);
    const p = median(figures.get(`plain${flush} ${what}`)!);
    console.log(`  ${(what + flush).padEnd(16)} ahead ${a.toFixed(3)} ms  plain ${p.toFixed(3)} ms  ahead ÷ plain ${(a / p).toFixed(2)}×`);
  }
}
ahead.close();
plain.close();
await file.close();
await rm(dir, { recursive: true, force: true });
process.exit(0);
