// A game night at one table: Play again three times in a row keeps the seats and names, and
// the standings (games, wins, Fame per player) add up across the chain of tables, as the
// host's own game results say; a restarted host still has them (shown to the PIN table's
// players, not to passers-by). A PIN table's players get the new table's invite with their new seat.
import { describe, expect, it } from 'vitest';
import type { Seated, Standings, TableInfo } from '../../../../src/shared/protocol';
import { type TestHost, disposedAfterEach, startHost, tempDir, waitFor } from '../../../kit/host/host';
import { Player, resumeSeats } from '../../../kit/clients/player';
import { seatOf } from '../../../../src/shared/ids';

let dataDir: string | undefined;
const hosts = disposedAfterEach(() => dataDir);
const start = async () => {
  const h = await startHost({ dataDir });
  hosts.push(h);
  return h;
};

/** What the standings must be, from each finished game's final Fame and winners as the players saw them. */
function expected(games: { fame: number[]; winners: number[] }[]): Standings {
  const names = ['Ann', 'Bob', null, null];
  return {
    games: games.length,
    players: names.map((name, seat) => ({
      seat: seatOf(seat),
      name,
      games: games.length,
      wins: games.filter((g) => g.winners.includes(seat)).length,
      fame: games.reduce((sum, g) => sum + g.fame[seat]!, 0),
    })),
  };
}

/** Bob takes the seat he was told of at the table that plays again. */
async function follow(bob: Player, after: number): Promise<Seated> {
  await waitFor(() => bob.inbox.slice(after).some((m) => m.event === 'table:rematch'), 'Bob to hear of the new game');
  const told = bob.inbox.slice(after).find((m) => m.event === 'table:rematch')!.payload as Seated;
  bob.view = null;
  const r = await bob.request('table:resume', { tableId: told.tableId, token: told.token });
  if (!r.ok) throw new Error(r.code);
  bob.seated(told);
  return told;
}

describe('a game night', () => {
  it('adds up the standings over three Play agains, gives the invite with each new seat, and keeps them through a restart', async () => {
    dataDir = await tempDir();
    const h1 = await start();
    const ann = new Player(await h1.connect(), 61);
    const created = await ann.request<Seated>('table:create', { name: 'Night', players: 4, playerName: 'Ann', pin: '4711' });
    if (!created.ok) throw new Error(created.code);
    ann.seated(created);
    const bob = new Player(await h1.connect(), 62);
    expect((await bob.join(created.tableId, 'Bob', { pin: '4711' })).ok).toBe(true);
    for (const seat of [2, 3]) expect((await ann.request('table:addBot', { seat, level: 'novice' })).ok).toBe(true);
    for (const p of [ann, bob]) p.startAutoplay();
    expect((await ann.request('table:start')).ok).toBe(true);
    expect(created.table.standings).toBeUndefined(); // nothing played yet

    const games: { fame: number[]; winners: number[] }[] = [];
    let tableId = created.tableId;
    for (let round = 1; round <= 3; round++) {
      await Promise.all([ann, bob].map((p) => p.waitOver(30_000)));
      games.push({ fame: [...ann.view!.fame], winners: [...ann.view!.winners] });
      // The finished table tells everyone the evening so far, its own game included.
      const over = await ann.request<{ tables: TableInfo[] }>('table:list');
      expect(over.ok && over.tables.find((t) => t.id === tableId)?.standings).toEqual(expected(games));

      const heard = bob.inbox.length;
      ann.view = null;
      const again = await ann.request<Seated>('table:rematch');
      if (!again.ok) throw new Error(again.code);
      ann.seated(again);
      expect(again.table.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', null, null]);
      expect(again.table.standings).toEqual(expected(games));
      expect(again.invite, "the new PIN table's invite comes with the seat").toMatch(/\S{8,}/);
      const told = await follow(bob, heard);
      expect(told.invite).toBe(again.invite);
      tableId = again.tableId;
      await waitFor(() => ann.view !== null && bob.view !== null, 'first views of the new game');
    }

    // The fourth game is under way when the host stops; the next host has the evening from the table file.
    for (const p of [ann, bob]) p.stopAutoplay();
    await h1.close();
    const h2 = await start();
    // A PIN table's standings are for those at it: not in the list a passer-by gets, in Ann's once she is back.
    const listed = await new Player(await h2.connect(), 63).request<{ tables: TableInfo[] }>('table:list');
    expect(listed.ok && listed.tables.find((t) => t.id === tableId)).toMatchObject({ id: tableId, hasPin: true });
    expect(listed.ok && listed.tables.find((t) => t.id === tableId)?.standings).toBeUndefined();
    const [ann2, bob2] = await resumeSeats(() => h2.connect(), tableId, [ann.token, bob.token], 64);
    const back = await ann2!.request<{ tables: TableInfo[] }>('table:list');
    expect(back.ok && back.tables.find((t) => t.id === tableId)?.standings).toEqual(expected(games));
    for (const p of [ann2!, bob2!]) p.startAutoplay();
    await Promise.all([ann2!, bob2!].map((p) => p.waitOver(30_000)));
    games.push({ fame: [...ann2!.view!.fame], winners: [...ann2!.view!.winners] });
    const last = await ann2!.request<{ tables: TableInfo[] }>('table:list');
    expect(last.ok && last.tables.find((t) => t.id === tableId)?.standings).toEqual(expected(games));
  }, 90_000);
});
