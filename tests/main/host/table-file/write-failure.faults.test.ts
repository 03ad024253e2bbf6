// The durability promise with the disk misbehaving under a real host and real clients: a move's
// views go out only once its line is flushed; a write the disk refuses (a nearly full disk
// takes half a line, then says ENOSPC) is never acknowledged, leaves no partial line, and makes
// every table wait and say why; once the disk has room the game goes on by itself (a bot's
// stalled turn included) and nothing is lost; a table that cannot be written is not made.
import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Seated, TableInfo } from '../../../../src/shared/protocol';
import { viewFor } from '../../../../src/shared/rules/view';
import { TableFile, tablesDir } from '../../../../src/main/host/table-file/store';
import { type BotPolicy, randomPolicy } from '../../../../src/main/host/seats/bot-seats';
import { type TestHost, startHost, waitFor } from '../../../kit/host/host';
import { Player } from '../../../kit/clients/player';
import { faults, healDisk, holdFlushes } from '../../../kit/host/disk-faults';
import { readLines, statesFromDisk, tableFile } from '../../../kit/host/records';
import { decider, seatPlayers, startedGame } from '../../../kit/host/tables';
import { seatOf } from '../../../../src/shared/ids';

vi.mock('node:fs', async (importActual) => (await import('../../../kit/host/disk-faults')).faultyFs(await importActual()));
vi.mock('node:fs/promises', async (importActual) => (await import('../../../kit/host/disk-faults')).faultyFsPromises(await importActual()));

let host: TestHost | undefined;
afterEach(async () => {
  healDisk();
  await host?.dispose();
  host = undefined;
});

const views = (p: Player) => p.inbox.filter((m) => m.event === 'game:view').length;
const lastInfo = (p: Player) =>
  p.inbox
    .filter((m) => m.event === 'table:updated')
    .map((m) => m.payload as TableInfo)
    .at(-1);
const tableFiles = (dataDir: string) => readdirSync(tablesDir(dataDir)).filter((n) => n.endsWith('.jsonl'));

describe('a move under a slow disk', () => {
  it('is shown to nobody before its line is flushed', async () => {
    host = await startHost();
    const t = await startedGame(host, 3);
    const before = t.players.map(views);
    const actor = decider(t.players);
    const flush = holdFlushes();
    const acted = actor.act(actor.view!.legalActions[0]!);
    await flush.reached; // the line is written, its flush waits
    // A round trip on each connection after the write: a view sent before the flush would
    // have come first on that connection.
    for (const p of t.players) expect(await p.request('table:list')).toMatchObject({ ok: true });
    expect(t.players.map(views)).toEqual(before);
    flush.release();
    expect(await acted).toMatchObject({ ok: true });
    await waitFor(() => t.players.every((p, i) => views(p) > before[i]!), 'the views after the flush');
  });
});

describe('a write the disk refuses', () => {
  it('is not acknowledged, leaves no partial line, and the table waits, says so, and goes on once the disk has room', async () => {
    host = await startHost({ diskRetryMs: { first: 20, max: 100 } });
    const t = await startedGame(host, 3);
    const path = tableFile(host.dataDir, t.tableId);
    const bytes = readFileSync(path);
    const actor = decider(t.players);
    const version = actor.view!.version;

    faults.refuseWrites = true;
    expect(await actor.act(actor.view!.legalActions[0]!)).toMatchObject({ ok: false, code: 'STORAGE_FAILED' });
    expect(faults.refused).toBeGreaterThan(0);
    // Half a line reached the file and was cut off again: the file is as it was.
    expect(readFileSync(path).equals(bytes)).toBe(true);
    // Everyone at the table hears that the disk is full; nobody got a view.
    await waitFor(() => t.players.every((p) => lastInfo(p)?.diskFull === true), 'everyone told the disk is full');
    expect(t.players.every((p) => p.view!.version === version)).toBe(true);

    // A table that cannot be written is not made, and leaves no file behind.
    const files = tableFiles(host.dataDir);
    const newcomer = new Player(await host.connect(), 7);
    expect(await newcomer.request<Seated>('table:create', { name: 'Full', players: 3, playerName: 'Zoe' })).toMatchObject({ ok: false, code: 'STORAGE_FAILED' });
    expect(tableFiles(host.dataDir)).toEqual(files);

    // Room again: the table says so by itself, and the move goes through.
    faults.refuseWrites = false;
    await waitFor(() => t.players.every((p) => lastInfo(p)?.diskFull === undefined), 'everyone told the game goes on');
    expect(await actor.act(actor.view!.legalActions[0]!)).toMatchObject({ ok: true, version: version + 1 });
    expect(statesFromDisk(host.dataDir, t.tableId).at(-1)!.version).toBe(version + 1);
  });

  it("stalls a bot's turn only until the disk has room: the bot moves by itself and nothing is lost", async () => {
    // The disk fills as a bot decides its first move: that move is refused, and nobody else can move.
    let stalledAt = -1;
    const bots = randomPolicy();
    const botPolicy: BotPolicy = (view, seat) => {
      if (stalledAt < 0) {
        stalledAt = view.version;
        faults.refuseWrites = true;
      }
      return bots(view, seat);
    };
    host = await startHost({ botPolicy, diskRetryMs: { first: 20, max: 100 } });
    const ann = new Player(await host.connect(), 3);
    const created = await ann.request<Seated>('table:create', { name: 'Bots', players: 3, playerName: 'Ann' });
    if (!created.ok) throw new Error(created.code);
    ann.seated(created);
    for (const seat of [1, 2]) expect(await ann.request('table:addBot', { seat })).toEqual({ ok: true });
    ann.startAutoplay();
    expect(await ann.request('table:start')).toEqual({ ok: true });
    await waitFor(() => faults.refused > 0, "a bot's move refused");
    await waitFor(() => lastInfo(ann)?.diskFull === true && ann.view?.version === stalledAt, 'Ann told the disk is full, at the bot’s turn');

    faults.refuseWrites = false;
    await waitFor(() => ann.view!.version > stalledAt, 'the bot to move by itself once the disk has room');
    // Ann plays on until her next turn after the bots': what she sees is what the disk holds.
    await waitFor(() => ann.view!.version > stalledAt + 2 || ann.view!.over, 'the game to go on');
    ann.stopAutoplay();
    const onDisk = () => statesFromDisk(host!.dataDir, created.tableId).at(-1)!;
    await waitFor(() => (ann.view!.over || ann.view!.legalActions.length > 0) && ann.view!.version === onDisk().version, "Ann's turn, as on the disk");
    expect(ann.errors).toEqual([]);
    expect(ann.view).toEqual(viewFor(onDisk(), seatOf(0)));
    expect(TableFile.textOf(readFileSync(tableFile(host.dataDir, created.tableId))).tornLine).toBe(false);
  });

  it("stalls a dropped player's hand-over only until the disk has room: the bot takes the seat by itself", async () => {
    // One "second" of the owner's "a bot after 30 s" lasts 5 ms: 150 ms.
    host = await startHost({ secondMs: 5, graceMs: 60_000, diskRetryMs: { first: 20, max: 100 } });
    const t = await seatPlayers(host, 3);
    const [owner, gone] = t.players as [Player, Player];
    expect(await owner.request('table:autoBot', { afterS: 30 })).toEqual({ ok: true });
    expect(await owner.request('table:start')).toEqual({ ok: true });
    await waitFor(() => t.players.every((p) => p.view !== null), 'first views');

    faults.refuseWrites = true;
    gone.socket.disconnect();
    await waitFor(() => faults.refused > 0, 'the hand-over refused');
    await waitFor(() => lastInfo(owner)?.diskFull === true, 'the owner told the disk is full');
    expect(lastInfo(owner)?.seats[1]?.botPlaying).toBe(false);

    faults.refuseWrites = false;
    await waitFor(() => lastInfo(owner)?.seats[1]?.botPlaying === true, 'a bot in seat 1 once the disk has room');
    expect(readLines(host.dataDir, t.tableId)).toContainEqual({ t: 'control', seat: 1, bot: true });
  });
});
