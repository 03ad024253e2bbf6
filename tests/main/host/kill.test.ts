// The host process killed with SIGKILL at random points of a game, and started again on the
// same data directory: the table is exactly at its last applied action (a replay of the record
// on disk), nothing acknowledged is lost, players resume with their tokens and finish the game.
// Then Ctrl-C stops the host cleanly.
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { BotRng } from '../../../src/shared/bots/prng';
import type { TableInfo } from '../../../src/shared/protocol';
import { viewFor } from '../../../src/shared/rules/view';
import { connectTo, tempDir, waitFor } from '../../kit/host/host';
import { HostProcess } from '../../kit/host/host-process';
import { Player, resumeSeats } from '../../kit/clients/player';
import { replayedState, statesFromDisk } from '../../kit/host/records';
import { seatOf } from '../../../src/shared/ids';

let dataDir = '';
let proc: HostProcess | null = null;
const sockets: Player[] = [];
afterEach(async () => {
  for (const p of sockets) p.socket.disconnect();
  await proc?.stop('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

const player = async (url: string, seed: number) => {
  const p = new Player(await connectTo(url), seed);
  sockets.push(p);
  return p;
};

/** Highest version any player was told was applied (acknowledged intents and views). */
const acknowledged = (players: Player[]) =>
  Math.max(
    0,
    ...players.flatMap((p) => p.inbox.filter((m) => m.event === 'reply:game:act' && (m.payload as { ok: boolean }).ok).map((m) => (m.payload as { version: number }).version)),
  );
const seen = (players: Player[]) => Math.max(0, ...players.map((p) => p.view?.version ?? 0));

describe('a host killed with SIGKILL', () => {
  it('restarts at its last applied action, every time, and the game finishes', async () => {
    dataDir = await tempDir();
    proc = await HostProcess.start(dataDir, ['--seats', '4']);
    const lobby = await player(proc.url, 0);
    const listed = (await lobby.request<{ tables: TableInfo[] }>('table:list')) as { tables: TableInfo[] };
    const tableId = listed.tables[0]!.id; // the default table
    let players: Player[] = [];
    for (let i = 0; i < 4; i++) {
      const p = await player(proc.url, 10 + i);
      expect(await p.join(tableId, `P${i}`)).toMatchObject({ ok: true, seat: i });
      players.push(p);
    }
    expect(await players[0]!.request('table:start')).toEqual({ ok: true });
    const tokens = players.map((p) => p.token);

    const rng = new BotRng(4242);
    let killAt = 0;
    for (let kill = 0; kill < 4; kill++) {
      killAt += 5 + rng.below(50);
      // Kill while the game runs at full speed: intents are in flight when the process dies.
      const target = killAt;
      const delayMs = rng.below(3);
      const pid = proc.pid;
      let armed = true;
      for (const p of players) {
        p.socket.on('game:view', (v) => {
          // A short game can end before the target: then the kill comes at its end (the
          // host would otherwise never die and the test would wait for nothing).
          if ((v.version < target && !v.over) || !armed) return;
          armed = false;
          setTimeout(() => process.kill(pid, 'SIGKILL'), delayMs);
        });
        p.startAutoplay();
      }
      expect(await proc.exited()).toBeNull(); // ended by the signal
      for (const p of players) p.stopAutoplay();

      const restored = replayedState(dataDir, tableId);
      expect(restored.version).toBeGreaterThanOrEqual(acknowledged(players)); // nothing acknowledged lost
      expect(restored.version).toBeLessThanOrEqual(seen(players) + 1); // at most the one in flight
      if (restored.over) {
        // A short game ended before the target and the kill came at its end: the record is
        // whole, nothing is left to resume. A fresh host starts on the same data.
        proc = await HostProcess.start(dataDir, ['--seats', '4']);
        players = [];
        break;
      }

      const restarted = await HostProcess.start(dataDir, ['--seats', '4']);
      proc = restarted;
      const next = await resumeSeats(() => connectTo(restarted.url), tableId, tokens, 20 + kill * 4);
      sockets.push(...next);
      await waitFor(() => next.every((p) => p.view !== null), 'views after the restart');
      for (const p of next) expect(p.view).toEqual(viewFor(restored, seatOf(p.seat)));
      players = next;
    }

    // The last run plays to the end (unless the game ended already).
    for (const p of players) p.startAutoplay();
    await Promise.all(players.map((p) => p.waitOver(30_000)));
    for (const p of players) expect(p.errors).toEqual([]);
    const states = statesFromDisk(dataDir, tableId);
    expect(states.at(-1)!.over).toBe(true);
    for (const p of players) expect(p.view).toEqual(viewFor(states.at(-1)!, seatOf(p.seat)));

    // Ctrl-C: a clean stop.
    const running = proc;
    proc = null;
    expect(await running.stop('SIGINT')).toBe(0);
    expect(running.stdout).toContain('stopped');
  }, 60_000);
});
