// Quick reactions over real sockets: a seated player's reaction reaches everyone at the table
// (the sender, the other players, a watching board) and nobody elsewhere; spectators and
// connections without a seat cannot send; anything but the fixed ids is refused; a seat may send
// three at once, then one every 1.5 s; and nothing of a reaction goes into the table file or the
// game record. Each connection's own flood limit counts reactions like any other request.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { REACTIONS, type SeatReaction } from '../../../../src/shared/protocol/reactions';
import { type TestHost, manualClock, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { recordFromDisk, tableFile } from '../../../kit/host/records';
import { seatPlayers, settle, startedGame } from '../../../kit/host/tables';

let host: TestHost;
afterEach(async () => host?.dispose());

const heard = (p: Player): SeatReaction[] => p.inbox.filter((m) => m.event === 'table:reaction').map((m) => m.payload as SeatReaction);

async function watcher(h: TestHost, tableId: string): Promise<Player> {
  const board = new Player(await h.connect());
  expect(await board.request('table:spectate', { tableId })).toMatchObject({ ok: true });
  return board;
}

describe('quick reactions', () => {
  it('reach every player and watcher at the table, the sender too, and nobody at another table or in the lobby', async () => {
    const clock = manualClock();
    host = await startHost({ clock });
    const here = await startedGame(host, 3);
    const board = await watcher(host, here.tableId);
    const elsewhere = await seatPlayers(host, 3);
    const otherBoard = await watcher(host, elsewhere.tableId);
    const lobby = new Player(await host.connect());
    expect(await lobby.request('table:list')).toMatchObject({ ok: true });

    expect(await here.players[1]!.request('table:react', { reaction: 'bravo' })).toEqual({ ok: true });
    const everyone = [...here.players, board];
    await waitFor(() => everyone.every((p) => heard(p).length === 1), 'the reaction at every screen of the table');
    for (const p of everyone) expect(heard(p)).toEqual([{ seat: 1, reaction: 'bravo', at: clock.t }]);
    await settle();
    for (const p of [...elsewhere.players, otherBoard, lobby]) expect(heard(p)).toEqual([]);
  });

  it('cannot be sent by a spectator, a board, or a connection that holds no seat; nobody hears a refused one', async () => {
    host = await startHost();
    const t = await seatPlayers(host, 3);
    const board = await watcher(host, t.tableId);
    const stranger = new Player(await host.connect());
    expect(await board.request('table:react', { reaction: 'haha' })).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(await stranger.request('table:react', { reaction: 'haha' })).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    // Someone who typed a wrong PIN at a PIN table is not seated either.
    const pinned = await seatPlayers(host, 3, { pin: '4321' });
    const guesser = new Player(await host.connect());
    expect(await guesser.join(pinned.tableId, 'Eve', { pin: '0000' })).toMatchObject({ ok: false, code: 'WRONG_PIN' });
    expect(await guesser.request('table:react', { reaction: 'haha' })).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    await settle();
    for (const p of [...t.players, board, ...pinned.players]) expect(heard(p)).toEqual([]);
  });

  it('take only the fixed ids: anything else is refused as BAD_REQUEST and told to nobody', async () => {
    host = await startHost();
    const t = await seatPlayers(host, 3);
    const sender = t.players[0]!;
    const bad: unknown[] = [
      { reaction: 'lol' },
      { reaction: '👍' },
      { reaction: '<img src=x onerror=alert(1)>' },
      { reaction: 'NICE' },
      { reaction: 3 },
      { reaction: 'nice', text: 'hello' },
      { reaction: 'nice', seat: 2 },
      {},
      null,
      'nice',
    ];
    for (const payload of bad) expect(await sender.request('table:react', payload), JSON.stringify(payload)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    for (const reaction of REACTIONS.slice(0, 3)) expect(await sender.request('table:react', { reaction })).toEqual({ ok: true });
    await waitFor(() => heard(t.players[2]!).length === 3, 'the three good ones');
    await settle();
    expect(heard(t.players[2]!).map((r) => r.reaction)).toEqual(REACTIONS.slice(0, 3));
  });

  it('a seat sends three at once, then one every 1.5 s; another seat keeps its own pace', async () => {
    const clock = manualClock();
    host = await startHost({ clock });
    const t = await seatPlayers(host, 3);
    const [ann, bob] = t.players as [Player, Player];
    for (let i = 0; i < 3; i++) expect(await ann.request('table:react', { reaction: 'haha' })).toEqual({ ok: true });
    const held = await ann.request('table:react', { reaction: 'haha' });
    expect(held).toMatchObject({ ok: false, code: 'TOO_MANY_REACTIONS', retryAfterMs: 1500 });
    expect(await bob.request('table:react', { reaction: 'wow' })).toEqual({ ok: true });
    clock.t += 1000;
    expect(await ann.request('table:react', { reaction: 'haha' })).toMatchObject({ ok: false, code: 'TOO_MANY_REACTIONS' });
    clock.t += 500;
    expect(await ann.request('table:react', { reaction: 'nice' })).toEqual({ ok: true });
    expect(await ann.request('table:react', { reaction: 'nice' })).toMatchObject({ ok: false, code: 'TOO_MANY_REACTIONS' });
    // A button held for a minute, sending ten a second: about 40 reactions told, not 600 (one
    // either way for the bucket's arithmetic in floating point).
    let told = 0;
    for (let i = 0; i < 600; i++) {
      clock.t += 100;
      if ((await ann.request('table:react', { reaction: 'ouch' })).ok) told++;
    }
    expect(told).toBeGreaterThanOrEqual(39);
    expect(told).toBeLessThanOrEqual(40);
    await waitFor(() => heard(bob).filter((r) => r.seat === 0).length === 3 + 1 + told, "every accepted one of Ann's");
    await settle();
    expect(heard(bob).filter((r) => r.seat === 0)).toHaveLength(3 + 1 + told);
  });

  it('leave the table file and the game record as they were', async () => {
    host = await startHost();
    const t = await startedGame(host, 3);
    const file = tableFile(host.dataDir, t.tableId);
    const before = readFileSync(file, 'utf8');
    const recordBefore = recordFromDisk(host.dataDir, t.tableId).record;
    for (const [i, p] of t.players.entries()) expect(await p.request('table:react', { reaction: REACTIONS[i]! })).toEqual({ ok: true });
    await waitFor(() => heard(t.players[0]!).length === 3, 'the reactions');
    // The game goes on: the next move is written as before, with nothing of the reactions.
    const mover = t.players.find((p) => (p.view?.legalActions.length ?? 0) > 0)!;
    expect((await mover.act(mover.view!.legalActions[0]!)).ok).toBe(true);
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length).trim().split('\n')).toHaveLength(1);
    for (const word of ['reaction', ...REACTIONS.slice(0, 3)]) expect(after).not.toContain(`"${word}"`);
    expect(recordFromDisk(host.dataDir, t.tableId).record.actions).toEqual([...recordBefore.actions, expect.anything()]);
  });

  it("count against the connection's flood limit like any other request", async () => {
    // A clock that stands still: neither bucket refills while the test runs, however slow the machine.
    host = await startHost({ clock: manualClock(), rateLimit: { burst: 20, perSecond: 1 } });
    const t = await seatPlayers(host, 3);
    const [flood, other] = t.players as [Player, Player];
    // Three answered and told, within both limits…
    for (let i = 0; i < 3; i++) expect(await flood.request('table:react', { reaction: 'nice' })).toEqual({ ok: true });
    await waitFor(() => heard(other).length === 3, 'the first three reactions');
    // …then a script sends without waiting: its connection is cut, as for any other flood (the
    // reactions arriving with the one that emptied the bucket may go unanswered: it is cut first).
    for (let i = 0; i < 200; i++) flood.socket.emit('table:react', { reaction: 'nice' }, () => {});
    await waitFor(() => !flood.socket.connected, 'the flood to be cut');
    expect(flood.inbox.some((m) => m.event === 'game:error' && (m.payload as { code: string }).code === 'RATE_LIMITED')).toBe(true);
    await settle();
    expect(heard(other)).toHaveLength(3);
  });
});
