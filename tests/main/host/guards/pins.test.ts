// PINs and seat tokens that hold: guesses are limited per table and per client address, with
// delays that grow; a flood of guesses, from one socket or twenty, finds nothing. (The invite
// link and a friend's way in under attack: invites.test.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import type { Reply, Seated } from '../../../../src/shared/protocol';
import { type ClientSocket, type TestHost, ask, connectFrom, manualClock, startHost } from '../../../kit/host/host';
import { TABLE_GUESSES } from '../../../../src/main/host/guards/table-guesses';
import { Player } from '../../../kit/clients/player';
import { seatPlayers, startedGame } from '../../../kit/host/tables';

let host: TestHost | undefined;
const extra: ClientSocket[] = [];
afterEach(async () => {
  for (const s of extra.splice(0)) s.disconnect();
  await host?.dispose();
  host = undefined;
});

/** A PIN table in its lobby, created by its owner; returns its id. */
async function pinTable(h: TestHost, pin: string): Promise<string> {
  const owner = new Player(await h.connect());
  const r = await owner.request<Seated>('table:create', { name: 'Secret', players: 4, playerName: 'Owner', pin });
  if (!r.ok) throw new Error(r.code);
  return r.tableId;
}

/** Every 4-digit PIN, the real one somewhere among them. */
const allPins = () => Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0'));

function tally(replies: Reply<object>[]) {
  const by = (code: string) => replies.filter((r) => !r.ok && r.code === code).length;
  return { ok: replies.filter((r) => r.ok).length, wrong: by('WRONG_PIN'), waiting: by('TOO_MANY_ATTEMPTS') };
}

describe('PIN guessing', () => {
  it('10,000 guesses from one address, join and spectate mixed, find nothing', async () => {
    const clock = manualClock();
    host = await startHost({ clock });
    const pin = '7315';
    const tableId = await pinTable(host, pin);
    const guesser = await host.connect();
    const replies: Reply<object>[] = [];
    const pins = allPins();
    for (let i = 0; i < pins.length; i += 500) {
      const batch = pins
        .slice(i, i + 500)
        .map((p, j) => ask(guesser, (i + j) % 2 ? 'table:spectate' : 'table:join', (i + j) % 2 ? { tableId, pin: p } : { tableId, name: 'Eve', pin: p }));
      replies.push(...(await Promise.all(batch)));
    }
    const t = tally(replies);
    expect(t.ok).toBe(0);
    expect(t.wrong).toBeLessThanOrEqual(5); // the address's free tries; every other guess was refused unseen
    expect(t.wrong + t.waiting).toBe(10_000);
  }, 60_000);

  it('10,000 guesses from 20 sockets on 20 addresses find nothing: the table itself is guarded', async () => {
    const clock = manualClock();
    host = await startHost({ clock });
    const tableId = await pinTable(host, '0042');
    const sockets = await Promise.all(Array.from({ length: 20 }, (_, i) => connectFrom(host!.url, `127.0.0.${i + 2}`, extra)));
    const pins = allPins();
    const replies: Reply<object>[] = [];
    for (let i = 0; i < pins.length; i += 1000) {
      const batch = pins.slice(i, i + 1000).map((p, j) => ask(sockets[(i + j) % 20]!, 'table:join', { tableId, name: 'Eve', pin: p }));
      replies.push(...(await Promise.all(batch)));
    }
    const t = tally(replies);
    expect(t.ok).toBe(0);
    expect(t.wrong).toBeLessThanOrEqual(TABLE_GUESSES.burst + TABLE_GUESSES.reserve); // the table's guesses at once
    expect(t.wrong + t.waiting).toBe(10_000);
  }, 60_000);

  it('a whole day of guessing from 20 addresses gets the table’s daily bound of real tries (under 1 %); the right PIN works after the wait', async () => {
    const clock = manualClock();
    host = await startHost({ clock });
    const tableId = await pinTable(host, '9999');
    const sockets = await Promise.all(Array.from({ length: 20 }, (_, i) => connectFrom(host!.url, `127.0.1.${i + 2}`, extra)));
    const dayEnd = clock.t + 24 * 3_600_000;
    let tried = 0;
    let guess = 0;
    while (clock.t < dayEnd) {
      const r = await ask(sockets[guess % 20]!, 'table:join', { tableId, name: 'Eve', pin: String(guess).padStart(4, '0') });
      expect(r.ok).toBe(false);
      if (!r.ok && r.code === 'WRONG_PIN') {
        tried += 1;
        guess += 1;
      } else if (!r.ok && r.code === 'TOO_MANY_ATTEMPTS') {
        clock.t += Number(/in (\d+) s/.exec(r.message)![1]) * 1000; // the attacker waits exactly as told
      } else throw new Error(`unexpected ${JSON.stringify(r)}`);
    }
    const day = 24 * 3_600_000;
    const bound = TABLE_GUESSES.burst + TABLE_GUESSES.reserve + day / TABLE_GUESSES.refillMs + day / TABLE_GUESSES.reserveRefillMs;
    expect(tried).toBeLessThanOrEqual(bound);
    expect(tried).toBeLessThan(100); // under 1 % of the 10,000 PINs
    // The next wait over, the right PIN gets in (from an address that never guessed).
    clock.t += 3_600_000;
    const friend = new Player(await connectFrom(host.url, '127.0.2.2', extra));
    expect((await friend.join(tableId, 'Friend', { pin: '9999' })).ok).toBe(true);
  }, 60_000);

  it('spectating a PIN table needs the PIN, also once the game is playing', async () => {
    host = await startHost();
    const t = await seatPlayers(host, 3, { pin: '1234' });
    expect(await t.players[0]!.request('table:start')).toEqual({ ok: true });
    const tableId = t.tableId;
    const watcher = new Player(await host.connect());
    expect(await watcher.request('table:spectate', { tableId })).toMatchObject({ ok: false, code: 'PIN_REQUIRED' });
    expect(await watcher.request('table:spectate', { tableId, pin: '0000' })).toMatchObject({ ok: false, code: 'WRONG_PIN' });
    expect(await watcher.request('table:spectate', { tableId, pin: '1234' })).toMatchObject({ ok: true, table: { phase: 'playing' } });
  });
});

describe('seat token guessing', () => {
  it('is limited per address; the rightful player resumes, from elsewhere and from the guessing address', async () => {
    const clock = manualClock();
    host = await startHost({ clock });
    const t = await startedGame(host, 3);
    const thief = await connectFrom(host.url, '127.0.3.2', extra);
    const forged = Array.from({ length: 200 }, (_, i) => `${String(i).padStart(3, '0')}${'A'.repeat(40)}`);
    const replies = await Promise.all(forged.map((token) => ask(thief, 'table:resume', { tableId: t.tableId, token })));
    expect(replies.filter((r) => r.ok)).toEqual([]);
    expect(replies.filter((r) => !r.ok && r.code === 'BAD_TOKEN').length).toBeLessThanOrEqual(5);
    // The player, from their own device, is back at once (from the guessing address too: invites.test.ts).
    const back = new Player(await host.connect());
    expect(await back.request('table:resume', { tableId: t.tableId, token: t.players[1]!.token })).toMatchObject({ ok: true, seat: 1 });
  });
});
