// What a flood of games leaves behind: `npx tsx bench/flood-bounds.ts [seconds per phase]`.
// Figures only, no pass/fail. A real host (port 0, its own data directory, the default limits
// and lifecycle) and real socket.io clients, each bound to its own loopback address (127.x.y.z).
//
// Phase 1, one address: start a 3-seat game against two bots and walk away, again and again,
// as fast as the host answers. Reported: games made and refused, the unfinished tables the
// address keeps, the tables everyone's lobby lists, the files in the data folder.
// Phase 2, 170 addresses (a home /24 of aliases): the same from each in turn, after a family
// (127.0.1.2) played a few moves of its game and paused it ("wait": nobody is at it, its token
// kept). Reported: the same, the parked games, and whether the family's token still resumes it.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Socket, io } from 'socket.io-client';
import { type Host, createHost } from '../src/main/host/create-host';
import { silentLog } from '../src/main/host/log';
import type { ClientToServerEvents, Reply, Resumed, Seated, ServerToClientEvents, TableInfo } from '../src/shared/protocol';
import type { PlayerView } from '../src/shared/rules/view';
import { sized } from './smoke';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const PHASE_MS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? sized(30, 1)) * 1000;

function connect(url: string, localAddress: string): Promise<Client> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress } as never) as Client;
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const ask = <T extends object>(s: Client, event: string, payload: unknown): Promise<Reply<T>> =>
  (s as unknown as Socket).timeout(10_000).emitWithAck(event, payload) as Promise<Reply<T>>;

/** From `address`: a game made, two bots, started, and the connection dropped. The refusal's code when refused. */
async function startAndWalkAway(url: string, address: string): Promise<string> {
  const s = await connect(url, address);
  try {
    const made = await ask<Seated>(s, 'table:create', { name: `From ${address}`, players: 3, playerName: 'X' });
    if (!made.ok) return made.code;
    for (const seat of [1, 2]) await ask(s, 'table:addBot', { seat, level: 'novice' });
    const started = await ask(s, 'table:start', null);
    return started.ok ? 'ok' : started.code;
  } finally {
    s.disconnect();
  }
}

const files = (dataDir: string, dir: string): number => (existsSync(join(dataDir, dir)) ? readdirSync(join(dataDir, dir)).length : 0);

async function lobbyCount(url: string): Promise<number> {
  const s = await connect(url, '127.0.0.250');
  const listed = await ask<{ tables: TableInfo[] }>(s, 'table:list', null);
  s.disconnect();
  return listed.ok ? listed.tables.length : -1;
}

function unfinishedOf(host: Host, address: string): number {
  const inMemory = host.tables.all().filter((t) => t.model.header.by === address && t.model.phase !== 'over').length;
  return inMemory + host.tables.parkedIds.length; // every parked game here is the flood's own in phase 1
}

async function phase(name: string, url: string, addresses: readonly string[]): Promise<Map<string, number>> {
  const codes = new Map<string, number>();
  const end = Date.now() + PHASE_MS;
  for (let i = 0; Date.now() < end; i++) {
    const code = await startAndWalkAway(url, addresses[i % addresses.length]!);
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  console.log(`${name}: ${[...codes].map(([c, n]) => `${n} ${c === 'ok' ? 'games started' : c}`).join(', ')} in ${PHASE_MS / 1000} s`);
  return codes;
}

async function report(host: Host, dataDir: string): Promise<void> {
  await new Promise((r) => setTimeout(r, 500)); // the last drops and parks settle
  console.log(`  tables in memory ${host.tables.size}, parked ${host.tables.parkedIds.length}, listed in everyone's lobby ${await lobbyCount(host.url)}`);
  console.log(`  files: tables/ ${files(dataDir, 'tables')}, abandoned/ ${files(dataDir, 'abandoned')}, finished/ ${files(dataDir, 'finished')}`);
}

async function main(): Promise<void> {
  for (const run of ['one address', '170 addresses']) {
    const dataDir = await mkdtemp(join(tmpdir(), 'chronicle-bounds-'));
    const host = await createHost({ port: 0, dataDir, log: silentLog, botDelayMs: 0 });
    try {
      if (run === 'one address') {
        await phase('one address (127.0.2.2), start and walk away', host.url, ['127.0.2.2']);
        console.log(`  unfinished tables 127.0.2.2 keeps: ${unfinishedOf(host, '127.0.2.2')}`);
        await report(host, dataDir);
        continue;
      }
      // The family plays a few moves, then pauses: everyone leaves, the token kept.
      const mum = await connect(host.url, '127.0.1.2');
      const made = await ask<Seated>(mum, 'table:create', { name: 'Family', players: 3, playerName: 'Mum' });
      if (!made.ok) throw new Error(made.code);
      for (const seat of [1, 2]) await ask(mum, 'table:addBot', { seat, level: 'novice' });
      let moves = 0;
      let seq = 0;
      let waiting = false;
      let latest: PlayerView | null = null;
      // One move at a time, so none is still unanswered when she leaves after the third.
      const move = () => {
        const view = latest;
        if (!view || waiting || moves >= 3 || view.over || view.toAct?.seat !== 0) return;
        const action = view.legalActions[0];
        if (!action) return;
        waiting = true;
        void ask(mum, 'game:act', { action, seq: ++seq, version: view.version }).then((r) => {
          waiting = false;
          if (r.ok) moves++;
          move();
        });
      };
      mum.on('game:view', (view: PlayerView) => {
        latest = view;
        move();
      });
      await ask(mum, 'table:start', null);
      while (moves < 3) await new Promise((r) => setTimeout(r, 20));
      mum.disconnect();
      const addresses = Array.from({ length: 170 }, (_, i) => `127.0.3.${i + 2}`);
      await phase('170 addresses (127.0.3.2-171), each in turn, start and walk away', host.url, addresses);
      await report(host, dataDir);
      const back = await connect(host.url, '127.0.1.2');
      const resumed = await ask<Resumed>(back, 'table:resume', { tableId: made.tableId, token: made.token });
      back.disconnect();
      console.log(`  the family's paused game: ${resumed.ok ? `resumed (seat ${resumed.seat}, ${resumed.table.phase})` : `lost (${resumed.code})`}`);
    } finally {
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

await main();
