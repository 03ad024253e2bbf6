// Friends get in at a PIN table: typos followed by the right PIN cost the table nothing, so a
// game night's mistyping never locks the right PIN out; and when guessers have locked it, a
// friend who was told the PIN knocks, the owner sees "Dana wants to join" and lets them in with
// one tap. Each device is a client bound to its own loopback address (127.0.x.y).
import { describe, expect, it } from 'vitest';
import type { Knock, Reply, Resumed, Seated, TableInfo } from '../../../../src/shared/protocol';
import { MAX_KNOCKS } from '../../../../src/main/host/table/knocks';
import { type TestHost, ask, manualClock, startHost, waitFor } from '../../../kit/host/host';
import { devicesOf } from '../../../kit/clients/devices';
import { Player } from '../../../kit/clients/player';

let host: TestHost;
const device = devicesOf(() => host);

const code = (r: Reply<object>) => (r.ok ? 'ok' : r.code);
const knocksSeen = (p: Player) =>
  p.inbox
    .filter((m) => m.event === 'table:knocks')
    .map((m) => (m.payload as { knocks: Knock[] }).knocks)
    .at(-1) ?? [];

/** Mum's 6-seat PIN table (from 127.0.0.2), in its lobby. */
async function pinTable(pin: string): Promise<{ tableId: string; mum: Player }> {
  const mum = await device('127.0.0.2', 2);
  const r = await mum.request<Seated>('table:create', { name: 'Family', players: 6, playerName: 'Mum', pin });
  if (!r.ok) throw new Error(r.code);
  mum.seated(r);
  return { tableId: r.tableId, mum };
}

/** Twelve devices (127.0.7.2 …) typing one wrong PIN each. */
async function twelveWrongPins(tableId: string): Promise<Player[]> {
  const typists: Player[] = [];
  for (let i = 0; i < 12; i++) {
    const p = await device(`127.0.7.${i + 2}`);
    const r = await p.join(tableId, `Typo ${i}`, { pin: '1111' });
    expect(['WRONG_PIN', 'TOO_MANY_ATTEMPTS']).toContain(code(r));
    typists.push(p);
  }
  return typists;
}

describe('mistyped PINs at a game night', () => {
  it('twelve friends each mistyping once, then typing the right PIN, all get in; the next friend too', async () => {
    host = await startHost({ clock: manualClock() });
    const { tableId } = await pinTable('2580');
    for (let i = 0; i < 12; i++) {
      const p = await device(`127.0.7.${i + 2}`);
      expect(await p.join(tableId, `Typo ${i}`, { pin: '2508' })).toMatchObject({ ok: false, code: 'WRONG_PIN' });
      expect(await p.join(tableId, `Friend ${i}`, { pin: '2580' })).toMatchObject({ ok: true });
      expect(await p.request('table:leave')).toEqual({ ok: true }); // a seat for the next one
    }
    const late = await device('127.0.8.2');
    expect(await late.join(tableId, 'Late', { pin: '2580' })).toMatchObject({ ok: true });
  });
});

describe('a friend at a PIN table locked by guessers', () => {
  it('knocks; Mum sees "Dana wants to join" and lets her in with one tap: a seat and its own token', async () => {
    host = await startHost({ clock: manualClock() });
    const { tableId, mum } = await pinTable('2580');
    await twelveWrongPins(tableId);
    const dana = await device('127.0.9.2', 9);
    const locked = await dana.join(tableId, 'Dana', { pin: '2580' });
    expect(code(locked)).toBe('TOO_MANY_ATTEMPTS');

    const knocked = await dana.request<{ code: string }>('table:knock', { tableId, name: 'Dana' });
    expect(knocked).toEqual({ ok: true, code: expect.stringMatching(/^[A-Z0-9]{4}$/) });
    await waitFor(() => knocksSeen(mum).length === 1, 'Mum to see the knock');
    const [knock] = knocksSeen(mum);
    expect(knock).toMatchObject({ name: 'Dana', code: knocked.ok && knocked.code }); // the code on Dana's screen
    expect(Object.keys(knock!).sort()).toEqual(['code', 'id', 'name']); // nothing about the device
    expect(await mum.request('table:answerKnock', { id: knock!.id, admit: true })).toEqual({ ok: true });

    await waitFor(() => dana.inbox.some((m) => m.event === 'table:admitted'), 'Dana to be let in');
    const seated = dana.inbox.find((m) => m.event === 'table:admitted')!.payload as Seated;
    expect(seated).toMatchObject({ tableId, seat: 1, token: expect.stringMatching(/^[\w-]{43}$/) });
    expect(seated.table.seats.slice(0, 2).map((s) => [s.kind, s.name])).toEqual([
      ['human', 'Mum'],
      ['human', 'Dana'],
    ]);
    await waitFor(() => knocksSeen(mum).length === 0, 'the knock to leave Mum’s list');
    // The seat is Dana's: she is seated on this connection, and her token brings her back on another.
    expect(await dana.request('table:leave')).toEqual({ ok: true });
    const back = await device('127.0.9.2', 10);
    expect(await back.join(tableId, 'Dana', { pin: '2580' })).toMatchObject({ ok: false, code: 'TOO_MANY_ATTEMPTS' });
    expect(await dana.request('table:knock', { tableId, name: 'Dana' })).toMatchObject({ ok: true });
    await waitFor(() => knocksSeen(mum).length === 1, 'the second knock');
    expect(await mum.request('table:answerKnock', { id: knocksSeen(mum)[0]!.id, admit: true })).toEqual({ ok: true });
    await waitFor(() => dana.inbox.filter((m) => m.event === 'table:admitted').length === 2, 'Dana in again');
    const again = dana.inbox.filter((m) => m.event === 'table:admitted').at(-1)!.payload as Seated;
    dana.socket.disconnect();
    expect(await back.request<Resumed>('table:resume', { tableId, token: again.token })).toMatchObject({ ok: true, seat: again.seat });
  });

  it('is told no when Mum says no; knocks are bounded per table and per device, and only Mum answers them', async () => {
    host = await startHost({ clock: manualClock(), budgets: undefined });
    const { tableId, mum } = await pinTable('2580');
    const guest = await device('127.0.0.3');
    expect(await guest.join(tableId, 'Gus', { pin: '2580' })).toMatchObject({ ok: true });
    await twelveWrongPins(tableId);

    const knockers = await Promise.all(Array.from({ length: MAX_KNOCKS + 1 }, (_, i) => device(`127.0.10.${i + 2}`)));
    const replies = [];
    for (const [i, k] of knockers.entries()) replies.push(await k.request('table:knock', { tableId, name: `K${i}` }));
    expect(replies.slice(0, MAX_KNOCKS).map(code)).toEqual(Array(MAX_KNOCKS).fill('ok'));
    expect(code(replies[MAX_KNOCKS]!)).toBe('TOO_MANY_REQUESTS');
    await waitFor(() => knocksSeen(mum).length === MAX_KNOCKS, 'Mum to see every knock');
    const first = knocksSeen(mum)[0]!;
    expect(await guest.request('table:answerKnock', { id: first.id, admit: true })).toMatchObject({ ok: false, code: 'NOT_OWNER' });
    expect(await mum.request('table:answerKnock', { id: first.id, admit: false })).toEqual({ ok: true });
    await waitFor(() => knockers[0]!.inbox.some((m) => m.event === 'table:turnedAway'), 'the knocker to be told no');
    expect(knockers[0]!.inbox.some((m) => m.event === 'table:admitted')).toBe(false);
    expect(await mum.request('table:answerKnock', { id: first.id, admit: true })).toMatchObject({ ok: false, code: 'KNOCK_GONE' });
    // Turned away, that device may not knock here again for a while, from any connection.
    const again = await device('127.0.10.2');
    const refused = await again.request('table:knock', { tableId, name: 'K0' });
    expect(refused).toMatchObject({ ok: false, code: 'NOT_LET_IN' });
    expect(!refused.ok && refused.retryAfterMs).toBeGreaterThan(9 * 60_000);

    // One device knocking over and over: a few, then one a minute.
    const pest = await device('127.0.11.2');
    const pestReplies = [];
    for (let i = 0; i < 6; i++) pestReplies.push(code(await ask(pest.socket, 'table:knock', { tableId, name: 'Pest' })));
    expect(pestReplies.filter((c) => c === 'TOO_MANY_REQUESTS').length).toBeGreaterThanOrEqual(3);

    // The game starts: whoever still knocks is told no.
    for (const seat of [2, 3, 4, 5]) expect(await mum.request('table:addBot', { seat })).toEqual({ ok: true });
    expect(await mum.request('table:start')).toEqual({ ok: true });
    await waitFor(() => knockers.slice(1, MAX_KNOCKS).every((k) => k.inbox.some((m) => m.event === 'table:turnedAway')), 'the others to be told no');
    expect(latestInfo(mum)?.phase).toBe('playing');
  });
});

const latestInfo = (p: Player) =>
  p.inbox
    .filter((m) => m.event === 'table:updated')
    .map((m) => m.payload as TableInfo)
    .at(-1);
