// Absence and reconnection: a seat whose player is gone past the table's wait goes to a bot at
// the owner's request and is the player's again as they come back (one step: their token);
// players dropped mid-meeting and mid-decision come back to the same seat and the game goes on
// to its end.
import { afterEach, describe, expect, it } from 'vitest';
import type { Resumed, TableInfo } from '../../../../src/shared/protocol';
import { BotRng } from '../../../../src/shared/bots/prng';
import { viewFor } from '../../../../src/shared/rules/view';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { readLines, statesFromDisk } from '../../../kit/host/records';
import { seatPlayers, startedGame } from '../../../kit/host/tables';
import { seatOf } from '../../../../src/shared/ids';

let host: TestHost;
afterEach(async () => host?.dispose());

const seatInfo = (p: Player, seat: number) => {
  const updates = p.inbox.filter((m) => m.event === 'table:updated').map((m) => m.payload as TableInfo);
  return updates.at(-1)?.seats[seat];
};

describe('an absent player', () => {
  it('is replaced by a bot after the grace period, at the owner’s request, and plays the seat again as they come back', async () => {
    const clock = { t: 1_000_000, now: () => clock.t };
    host = await startHost({ clock, graceMs: 60_000 });
    const t = await startedGame(host, 3);
    const [owner, gone, other] = t.players as [Player, Player, Player];

    gone.socket.disconnect();
    await waitFor(() => seatInfo(owner, 1)?.connected === false, 'the owner to see seat 1 gone');
    // Everyone sees how long the grace period still runs.
    expect(seatInfo(owner, 1)?.handoverInMs).toBe(60_000);
    expect(seatInfo(owner, 2)?.handoverInMs).toBeNull();
    expect(await owner.request('seat:giveToBot', { seat: 1 })).toMatchObject({ ok: false, code: 'GRACE_NOT_OVER' });
    expect(await owner.request('seat:giveToBot', { seat: 2 })).toMatchObject({ ok: false, code: 'PLAYER_PRESENT' });
    expect(await other.request('seat:giveToBot', { seat: 1 })).toMatchObject({ ok: false, code: 'NOT_OWNER' });
    clock.t += 60_000;
    expect(await owner.request('seat:giveToBot', { seat: 1 })).toEqual({ ok: true });
    await waitFor(() => seatInfo(owner, 1)?.botPlaying === true, 'seat 1 shown as played by a bot');

    // The others play; the bot plays seat 1 from its view.
    owner.startAutoplay();
    other.startAutoplay();
    await waitFor(
      () => readLines(host.dataDir, t.tableId).filter((l) => (l as { a?: { seat: number }; seq?: number | null }).a?.seat === 1).length >= 3,
      'the bot to move three times',
    );

    // The player comes back on a new connection: their token is their word, the bot hands the
    // seat back at once and there is nothing left to take back.
    const back = new Player(await host.connect(), 9);
    const r = await back.request<Resumed>('table:resume', { tableId: t.tableId, token: gone.token });
    expect(r).toMatchObject({ ok: true, seat: 1 });
    expect(r.ok && r.table.seats[1]?.botPlaying).toBe(false);
    Object.assign(back, { seat: 1, seq: r.ok ? r.lastSeq : 0 });
    await waitFor(() => back.view !== null, 'the returning view');
    expect(await back.request('seat:takeBack')).toMatchObject({ ok: false, code: 'NOT_BOT_CONTROLLED' });
    back.startAutoplay();
    await Promise.all([owner, other, back].map((p) => p.waitOver()));
    for (const p of [owner, other, back]) expect(p.errors).toEqual([]);

    const acts = readLines(host.dataDir, t.tableId).filter((l) => (l as { t: string }).t === 'act') as { a: { seat: number }; seq: number | null }[];
    const seat1 = acts.filter((l) => l.a.seat === 1);
    expect(seat1.some((l) => l.seq === null)).toBe(true); // the bot's moves
    expect(seat1.at(-1)!.seq).not.toBeNull(); // the player's, after coming back
    expect(statesFromDisk(host.dataDir, t.tableId).at(-1)!.over).toBe(true);
  });

  it('who left the lobby past the grace period is replaced by a bot there', async () => {
    const clock = { t: 0, now: () => clock.t };
    host = await startHost({ clock, graceMs: 1000 });
    const t = await seatPlayers(host, 3);
    t.players[2]!.socket.disconnect();
    await waitFor(() => seatInfo(t.players[0]!, 2)?.connected === false, 'seat 2 gone');
    clock.t += 60_000; // the table's wait: a bot after 1 min
    expect(await t.players[0]!.request('seat:giveToBot', { seat: 2 })).toEqual({ ok: true });
    await waitFor(() => seatInfo(t.players[0]!, 2)?.kind === 'bot', 'a bot in seat 2');
    expect(await t.players[0]!.request('table:start')).toEqual({ ok: true });
  });
});

describe('the owner away', () => {
  /** A 3-seat lobby whose owner (seat 0) has been gone past the grace period and the table's dropped-seat time (a minute). */
  async function ownerGone() {
    const clock = { t: 0, now: () => clock.t };
    host = await startHost({ clock, graceMs: 1000 });
    const t = await seatPlayers(host, 3);
    const [owner, guest] = t.players as [Player, Player, Player];
    owner.socket.disconnect();
    await waitFor(() => seatInfo(guest, 0)?.connected === false, 'the owner gone');
    clock.t += 60_000; // the table's wait: a bot after 1 min
    return { t, owner, guest };
  }
  const latest = (p: Player) =>
    p.inbox
      .filter((m) => m.event === 'table:updated')
      .map((m) => m.payload as TableInfo)
      .at(-1)!;

  it('keeps the table when a guest hands the owner’s seat to a bot in the lobby: the owner comes back to it, owner controls and all', async () => {
    const { t, owner, guest } = await ownerGone();
    expect(await guest.request('seat:giveToBot', { seat: 0 })).toEqual({ ok: true });
    await waitFor(() => seatInfo(guest, 0)?.botPlaying === true, 'a bot in the owner’s seat');
    expect(latest(guest).owner).toBe(0); // handing a seat over moves no ownership
    const back = new Player(await host.connect(), 5);
    const r = await back.request<Resumed>('table:resume', { tableId: t.tableId, token: owner.token });
    expect(r).toMatchObject({ ok: true, seat: 0, table: { owner: 0, phase: 'lobby' } });
    expect(r.ok && r.table.seats[0]).toMatchObject({ kind: 'human', name: 'P0', botPlaying: false });
    // The owner's controls are theirs again; the guest's stop with the owner back.
    expect(await guest.request('table:removePlayer', { seat: 2 })).toMatchObject({ ok: false, code: 'NOT_OWNER' });
    expect(await back.request('table:start')).toEqual({ ok: true });
  });

  it('keeps the owner’s seat when a guest hands it over and starts: the owner comes back into the game and plays it at once', async () => {
    const { t, owner, guest } = await ownerGone();
    expect(await guest.request('seat:giveToBot', { seat: 0 })).toEqual({ ok: true });
    expect(await guest.request('table:start')).toEqual({ ok: true });
    const back = new Player(await host.connect(), 5);
    const r = await back.request<Resumed>('table:resume', { tableId: t.tableId, token: owner.token });
    expect(r).toMatchObject({ ok: true, seat: 0, table: { owner: 0, phase: 'playing' } });
    expect(r.ok && r.table.seats[0]?.botPlaying).toBe(false);
    expect(await back.request('table:leave')).toEqual({ ok: true }); // a game left by its owner goes to a bot again...
    expect(latest(guest).owner).toBe(0); // ...and stays the owner's
  });
});

describe('dropped connections', () => {
  it('players dropped mid-meeting and mid-decision come back to their seats and finish the game', async () => {
    host = await startHost();
    const t = await startedGame(host, 4);
    const rng = new BotRng(77);
    const drops = { meeting: 0, decision: 0 };
    const players = await Promise.all(
      t.players.map(async (p, i) => {
        // Each player moves to a connection that reconnects by itself and resumes its seat.
        const q = new Player(await host.connect({ autoReconnect: true }), 500 + i);
        const r = await q.request<Resumed>('table:resume', { tableId: t.tableId, token: p.token });
        if (!r.ok) throw new Error(r.code);
        Object.assign(q, { seat: r.seat, token: p.token, tableId: t.tableId, seq: r.lastSeq });
        q.socket.io.on('reconnect', () => void q.request('table:resume', { tableId: t.tableId, token: q.token }));
        q.socket.on('game:view', (v) => {
          if (v.over || v.toAct?.seat !== q.seat || drops.meeting + drops.decision >= 40) return;
          const decision = v.toAct.kind !== 'play';
          if (decision ? rng.below(2) === 0 : v.meeting.plays.length > 0 && rng.below(8) === 0) {
            drops[decision ? 'decision' : 'meeting']++;
            q.socket.io.engine.close(); // the connection dies under the player's feet
          }
        });
        return q;
      }),
    );
    await waitFor(() => players.every((q) => q.view !== null), 'views after the move');
    for (const q of players) q.startAutoplay();
    await Promise.all(players.map((q) => q.waitOver(30_000)));
    for (const q of players) expect(q.errors).toEqual([]);
    expect(drops.meeting).toBeGreaterThan(0);
    expect(drops.decision).toBeGreaterThan(0);
    const states = statesFromDisk(host.dataDir, t.tableId);
    const final = states.at(-1)!;
    for (const q of players) expect(q.view).toEqual(viewFor(final, seatOf(q.seat)));
  });
});
