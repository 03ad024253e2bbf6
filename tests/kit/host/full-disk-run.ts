// One run of the full-disk promise with the real `chronicle host` on a 1 MB filesystem: two
// players and two bots play; the disk fills mid-game; the host is killed (SIGKILL) once the game
// waits, and started again on the still full disk; the players come back; space is freed and
// the game goes on by itself. Says how many acknowledged moves the restart lost (the promise:
// none) and how long the game took to go on after the space came back.
import type { TableInfo } from '../../../src/shared/protocol';
import { BotRng } from '../../../src/shared/bots/prng';
import { viewFor } from '../../../src/shared/rules/view';
import { Player, resumeSeats } from '../clients/player';
import { connectTo, sleep, waitFor } from './host';
import { HostProcess } from './host-process';
import { replayedState } from './records';
import type { SmallDisk } from './small-disk';
import { seatOf } from '../../../src/shared/ids';

export interface FullDiskRun {
  /** Versions acknowledged (a move's answer, or a view) that the restarted host did not have. */
  readonly lost: number;
  /** The highest version acknowledged before the kill, and the one the host resumed at. */
  readonly acknowledged: number;
  readonly resumedAt: number;
  /** Milliseconds from the freed space to the next move everyone sees. */
  readonly goesOnAfterMs: number;
}

const diskFull = (p: Player) =>
  p.inbox
    .filter((m) => m.event === 'table:updated')
    .map((m) => m.payload as TableInfo)
    .at(-1)?.diskFull === true;

/** The highest version any player was told of: a move's acknowledgement or a view. */
const acknowledged = (players: readonly Player[]) =>
  Math.max(
    0,
    ...players.flatMap((p) => [
      ...p.inbox.filter((m) => m.event === 'reply:game:act' && (m.payload as { ok: boolean }).ok).map((m) => (m.payload as { version: number }).version),
      ...p.versions,
    ]),
  );

/** A player who tries again when the table says the disk has room (as a person would, seeing the notice go). */
function playing(p: Player): Player {
  p.socket.on('table:updated', (info) => {
    if (info.diskFull !== true) p.startAutoplay();
  });
  p.startAutoplay();
  return p;
}

export async function fullDiskRun(disk: SmallDisk, seed: number, opened: Player[], hosts: HostProcess[]): Promise<FullDiskRun> {
  const rng = new BotRng(seed);
  const start = () => HostProcess.start(disk.dir, ['--seats', '4']).then((h) => (hosts.push(h), h));
  const join = async (url: string, seedOf: number) => {
    const p = new Player(await connectTo(url), seedOf);
    opened.push(p);
    return p;
  };
  let host = await start();
  const lobby = await join(host.url, seed);
  const listed = await lobby.request<{ tables: TableInfo[] }>('table:list');
  if (!listed.ok) throw new Error(listed.code);
  const tableId = listed.tables[0]!.id;
  const players = [await join(host.url, seed + 1), await join(host.url, seed + 2)];
  for (const [i, p] of players.entries()) if (!(await p.join(tableId, `P${i}`)).ok) throw new Error('join');
  for (const seat of [2, 3]) if (!(await players[0]!.request('table:addBot', { seat })).ok) throw new Error('addBot');
  if (!(await players[0]!.request('table:start')).ok) throw new Error('start');
  const tokens = players.map((p) => p.token);

  // Mid-game, the disk fills; once the table says it waits, the host is killed at once or a moment later.
  const fillAt = 5 + rng.below(30);
  for (const p of players) playing(p);
  await waitFor(() => players.some((p) => (p.view?.version ?? 0) >= fillAt || p.view?.over === true), 'the game under way', 20_000);
  disk.fill();
  const refused = (p: Player) => p.errors.some((e) => e.includes('STORAGE_FAILED'));
  await waitFor(() => players.some((p) => diskFull(p) || refused(p)), 'a move refused for the full disk', 20_000);
  await sleep(rng.below(40));
  process.kill(host.pid, 'SIGKILL');
  await host.exited();
  for (const p of players) p.stopAutoplay();
  const told = acknowledged(players);
  const restored = replayedState(disk.dir, tableId);
  if (told > restored.version) throw new Error(`acknowledged version ${told}, the disk holds ${restored.version}: ${told - restored.version} lost`);
  if (!players.some(diskFull)) throw new Error('nobody was told the disk is full');

  // Started again on the full disk: the game is where the disk has it, and everyone sees that.
  host = await start();
  const back = await resumeSeats(() => connectTo(host.url), tableId, tokens, seed + 10);
  opened.push(...back);
  await waitFor(() => back.every((p) => p.view !== null), 'views after the restart', 20_000);
  for (const p of back) if (JSON.stringify(p.view) !== JSON.stringify(viewFor(restored, seatOf(p.seat)))) throw new Error('a resumed view is not the state on disk');
  for (const p of back) playing(p);
  if (!restored.over) await waitFor(() => back.some(diskFull), 'the restarted table to find the disk full', 20_000);

  // Space comes back: the game goes on by itself.
  const stalledAt = Math.max(...back.map((p) => p.view!.version));
  disk.free();
  const freedAt = Date.now();
  if (!restored.over) await waitFor(() => back.every((p) => p.view!.version > stalledAt), 'the game to go on after space came back', 20_000);
  const goesOnAfterMs = restored.over ? 0 : Date.now() - freedAt;
  for (const p of back) p.stopAutoplay();
  await host.stop('SIGKILL');
  return { lost: Math.max(0, told - restored.version), acknowledged: told, resumedAt: restored.version, goesOnAfterMs };
}
