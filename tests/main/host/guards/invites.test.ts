// PIN tables that let friends in: the invite secret of the shared link always gets in, whatever
// happens to the PIN; typed PINs are bounded per address and for the whole table per hour,
// with waits that say how long; a bad seat token never locks out a good one. Clients come
// from distinct loopback addresses (127.0.x.y): other machines to the host.
import { afterEach, describe, expect, it } from 'vitest';
import type { Reply, Resumed, Seated } from '../../../../src/shared/protocol';
import { TABLE_GUESSES } from '../../../../src/main/host/guards/table-guesses';
import { rm } from 'node:fs/promises';
import { type ClientSocket, type TestHost, ask, connectFrom, manualClock, startHost, tempDir } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { startedGame } from '../../../kit/host/tables';

let host: TestHost | undefined;
const extra: ClientSocket[] = [];
afterEach(async () => {
  for (const s of extra.splice(0)) s.disconnect();
  await host?.dispose();
  host = undefined;
});

const HOUR = 3_600_000;
const code = (r: Reply<object>) => (r.ok ? 'ok' : r.code);
/** The wait a refusal tells, in ms (from its message, which every host version writes). */
const waitOf = (r: Reply<object>) => (r.ok ? 0 : Number(/in (\d+) s/.exec(r.message)?.[1] ?? NaN) * 1000);

/** A 4-seat PIN table in its lobby, created by its owner from 127.0.0.1. */
async function pinTable(h: TestHost, pin: string): Promise<{ tableId: string; owner: Player; invite: string | undefined }> {
  const owner = new Player(await h.connect());
  const r = await owner.request<Seated>('table:create', { name: 'Secret', players: 4, playerName: 'Owner', pin });
  if (!r.ok) throw new Error(r.code);
  owner.seated(r);
  return { tableId: r.tableId, owner, invite: r.invite };
}

/** `n` guessing sockets, one per address 127.0.<block>.2… */
const guessers = (h: TestHost, block: number, n: number) => Promise.all(Array.from({ length: n }, (_, i) => connectFrom(h.url, `127.0.${block}.${i + 2}`, extra)));

describe('the invite secret', () => {
  it('goes to the table’s players only, never to the lobby list, its updates or spectators', async () => {
    host = await startHost();
    const listener = await host.connect();
    const pushed: unknown[] = [];
    listener.onAny((event: string, payload: unknown) => pushed.push([event, payload]));
    const listed = await ask(listener, 'table:list', {});
    const { tableId, owner, invite } = await pinTable(host, '2468');
    expect(invite).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const guest = new Player(await connectFrom(host.url, '127.0.9.2', extra));
    const joined = await guest.join(tableId, 'Guest', { pin: '2468' });
    expect(joined).toMatchObject({ ok: true, invite });
    // The owner coming back on a new connection gets it again with the seat.
    const back = new Player(await host.connect());
    expect(await back.request<Resumed>('table:resume', { tableId, token: owner.token })).toMatchObject({ ok: true, invite });
    const watcher = await connectFrom(host.url, '127.0.9.3', extra);
    const watched = await ask(watcher, 'table:spectate', { tableId, pin: '2468' });
    expect(watched.ok).toBe(true);
    const everythingPublic = JSON.stringify([listed, await ask(listener, 'table:list', {}), watched, pushed]);
    expect(pushed.length).toBeGreaterThan(0);
    expect(everythingPublic).toContain(tableId);
    expect(everythingPublic).not.toContain(invite);
    // A table without a PIN has no invite to hand out: its link needs none.
    const open = await new Player(await host.connect()).request<Seated>('table:create', { name: 'Open', players: 3, playerName: 'Owner' });
    expect(open.ok && open.invite).toBe(undefined);
  });

  it('gets in while 30 addresses exhaust every PIN limit, from the guessing addresses too, for seats and for watching', async () => {
    const clock = manualClock();
    host = await startHost({ clock });
    const { tableId, invite } = await pinTable(host, '7315');
    const sockets = await guessers(host, 1, 30);
    const replies = await Promise.all(
      sockets.flatMap((s, i) => Array.from({ length: 10 }, (_, j) => ask(s, 'table:join', { tableId, name: 'Eve', pin: String(i * 10 + j).padStart(4, '0') }))),
    );
    expect(replies.filter((r) => r.ok)).toEqual([]);
    expect(replies.filter((r) => code(r) === 'WRONG_PIN').length).toBeLessThanOrEqual(TABLE_GUESSES.burst + TABLE_GUESSES.reserve);
    // The right PIN is refused unseen now, from everywhere: the table's guesses are used up...
    const fresh = await connectFrom(host.url, '127.0.2.2', extra);
    expect(code(await ask(fresh, 'table:join', { tableId, name: 'Friend', pin: '7315' }))).toBe('TOO_MANY_ATTEMPTS');
    // ...but the link's invite gets in at once, from a new address and from a guessing one.
    expect(await ask(fresh, 'table:join', { tableId, name: 'Friend', invite })).toMatchObject({ ok: true, seat: 1 });
    expect(await ask(sockets[0]!, 'table:join', { tableId, name: 'Flatmate', invite })).toMatchObject({ ok: true, seat: 2 });
    expect(await ask(sockets[1]!, 'table:spectate', { tableId, invite })).toMatchObject({ ok: true });
    // A wrong invite is told apart from a wrong PIN and counts against nothing.
    const stale = 'A'.repeat(43);
    const other = await connectFrom(host.url, '127.0.2.3', extra);
    for (let i = 0; i < 20; i++) expect(code(await ask(other, 'table:spectate', { tableId, invite: stale }))).toBe('BAD_INVITE');
    expect(await ask(other, 'table:join', { tableId, name: 'Late', invite })).toMatchObject({ ok: true, seat: 3 });
  });

  it('still works after the host restarts, and a seat token still resumes while the PIN is shut', async () => {
    const dataDir = await tempDir();
    try {
      const clock = manualClock();
      host = await startHost({ clock, dataDir });
      const { tableId, owner, invite } = await pinTable(host, '1357');
      const sockets = await guessers(host, 8, 12);
      await Promise.all(sockets.map((s, i) => ask(s, 'table:join', { tableId, name: 'Eve', pin: String(i).padStart(4, '0') })));
      expect(code(await ask(sockets[0]!, 'table:join', { tableId, name: 'Eve', pin: '1357' }))).toBe('TOO_MANY_ATTEMPTS');
      // The owner's token, from a guessing address, is not shut out by the PIN's bound.
      expect(await ask(sockets[0]!, 'table:resume', { tableId, token: owner.token })).toMatchObject({ ok: true, seat: 0 });
      await host.dispose();
      host = await startHost({ clock, dataDir });
      const friend = await connectFrom(host.url, '127.0.8.200', extra);
      expect(await ask(friend, 'table:join', { tableId, name: 'Friend', invite })).toMatchObject({ ok: true, seat: 1, invite });
    } finally {
      await host?.dispose();
      host = undefined;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('typed PINs', () => {
  it('one device guessing as fast as it may does not keep out a friend typing the right PIN on another', async () => {
    const clock = manualClock();
    host = await startHost({ clock });
    const { tableId } = await pinTable(host, '4321');
    const [nuisance] = await guessers(host, 3, 1);
    const start = clock.t;
    let guess = 0;
    // Two hours of guessing, each wait sat out exactly as told.
    while (clock.t < start + 2 * HOUR) {
      const r = await ask(nuisance!, 'table:join', { tableId, name: 'Eve', pin: String(guess).padStart(4, '0') });
      if (code(r) === 'WRONG_PIN') guess += 1;
      else if (code(r) === 'TOO_MANY_ATTEMPTS') clock.t += waitOf(r);
      else throw new Error(`unexpected ${JSON.stringify(r)}`);
    }
    expect(guess).toBeGreaterThan(TABLE_GUESSES.burst); // it used up the table's common guesses
    // The friend arrives the moment after one more of its guesses.
    expect(['WRONG_PIN', 'TOO_MANY_ATTEMPTS']).toContain(code(await ask(nuisance!, 'table:join', { tableId, name: 'Eve', pin: '0000' })));
    const friend = new Player(await connectFrom(host.url, '127.0.4.2', extra));
    expect(await friend.join(tableId, 'Friend', { pin: '4321' })).toMatchObject({ ok: true });
  });

  it('a hundred addresses get no more than the table’s hourly bound; a friend is told a short wait, then gets in with the PIN', async () => {
    const clock = manualClock();
    host = await startHost({ clock });
    const { tableId } = await pinTable(host, '9999');
    const sockets = await guessers(host, 5, 100);
    const hours = 6;
    let checked = 0;
    let guess = 0;
    // Every address guesses every five minutes for six hours.
    for (let minute = 0; minute < hours * 60; minute += 5) {
      const replies = await Promise.all(sockets.map((s) => ask(s, 'table:join', { tableId, name: 'Eve', pin: String(guess++ % 9999).padStart(4, '0') })));
      expect(replies.filter((r) => r.ok)).toEqual([]);
      checked += replies.filter((r) => code(r) === 'WRONG_PIN').length;
      clock.t += 5 * 60_000;
    }
    const bound = TABLE_GUESSES.burst + TABLE_GUESSES.reserve + Math.ceil((hours * HOUR) / TABLE_GUESSES.refillMs) + Math.ceil((hours * HOUR) / TABLE_GUESSES.reserveRefillMs);
    expect(checked).toBeLessThanOrEqual(bound);
    expect(checked).toBeGreaterThan(0);
    // A friend who was told the PIN hears how long to wait: never the hour-long locks of old.
    const friend = new Player(await connectFrom(host.url, '127.0.6.2', extra));
    const refused = await friend.join(tableId, 'Friend', { pin: '9999' });
    expect(code(refused)).toBe('TOO_MANY_ATTEMPTS');
    expect(!refused.ok && refused.retryAfterMs).toBeGreaterThan(0);
    expect(waitOf(refused)).toBeLessThanOrEqual(TABLE_GUESSES.refillMs);
    clock.t += waitOf(refused);
    expect(await friend.join(tableId, 'Friend', { pin: '9999' })).toMatchObject({ ok: true });
  }, 60_000);
});

describe('seat tokens', () => {
  it('bad tokens from an address never lock out that address’s good token', async () => {
    const clock = manualClock();
    host = await startHost({ clock });
    const t = await startedGame(host, 3);
    const device = await connectFrom(host.url, '127.0.7.2', extra);
    const forged = Array.from({ length: 12 }, (_, i) => `${String(i).padStart(3, '0')}${'A'.repeat(40)}`);
    const replies = [];
    for (const token of forged) replies.push(await ask(device, 'table:resume', { tableId: t.tableId, token }));
    expect(replies.filter((r) => r.ok)).toEqual([]);
    expect(replies.filter((r) => code(r) === 'BAD_TOKEN').length).toBeLessThanOrEqual(5);
    expect(code(replies.at(-1)!)).toBe('TOO_MANY_ATTEMPTS'); // wrong ones are slowed...
    // ...the right one, from the same address, is taken at once.
    expect(await ask(device, 'table:resume', { tableId: t.tableId, token: t.players[1]!.token })).toMatchObject({ ok: true, seat: 1 });
    expect(code(await ask(device, 'table:resume', { tableId: t.tableId, token: forged[0] }))).toBe('TOO_MANY_ATTEMPTS');
  });
});
