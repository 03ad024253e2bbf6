// A full disk under the real `chronicle host` (full-disk-run.ts): over repeated runs, each
// filling a 1 MB filesystem mid-game, killing the host and starting it again, no acknowledged
// move is lost and the game goes on by itself once space comes back. `npm run test:soak` runs
// 20 (scripts/soak.js).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableInfo } from '../../../../src/shared/protocol';
import { tablesDir } from '../../../../src/main/host/table-file/store';
import { startHost } from '../../../kit/host/host';
import { startedGame } from '../../../kit/host/tables';
import { tableFile } from '../../../kit/host/records';
import type { HostProcess } from '../../../kit/host/host-process';
import type { Player } from '../../../kit/clients/player';
import { type FullDiskRun, fullDiskRun } from '../../../kit/host/full-disk-run';
import { mountSmallDisk } from '../../../kit/host/small-disk';
import { games } from '../../../kit/soak';

const RUNS = games(20, 3);
const opened: Player[] = [];
const hosts: HostProcess[] = [];
afterEach(async () => {
  for (const p of opened.splice(0)) p.socket.disconnect();
  for (const h of hosts.splice(0)) await h.stop('SIGKILL');
});

describe('a full disk', () => {
  it(
    `loses no acknowledged move over ${RUNS} kills and restarts, and the game goes on by itself once space comes back`,
    async (ctx) => {
      const disk = await mountSmallDisk('1m');
      if (typeof disk === 'string') {
        console.log(`skipped: ${disk}`);
        return ctx.skip();
      }
      const runs: FullDiskRun[] = [];
      try {
        for (let run = 0; run < RUNS; run++) {
          runs.push(await fullDiskRun(disk, 1000 + run * 37, opened, hosts));
          for (const p of opened.splice(0)) p.socket.disconnect();
          for (const h of hosts.splice(0)) await h.stop('SIGKILL');
          disk.clear();
        }
      } finally {
        await disk.unmount();
      }
      const waits = runs.map((r) => r.goesOnAfterMs);
      console.log(
        `full disk: ${runs.reduce((n, r) => n + r.lost, 0)} acknowledged moves lost over ${RUNS} runs; the game went on ${Math.min(...waits)}–${Math.max(...waits)} ms after space came back`,
      );
      expect(runs.map((r) => r.lost)).toEqual(runs.map(() => 0));
    },
    120_000 + RUNS * 30_000,
  );

  it('leaves a damaged table file as it is when there is no room to mend it at start, and mends it once there is', async (ctx) => {
    const disk = await mountSmallDisk('1m');
    if (typeof disk === 'string') {
      console.log(`skipped: ${disk}`);
      return ctx.skip();
    }
    try {
      const first = await startHost({ dataDir: disk.dir });
      const { tableId, players } = await startedGame(first, 3);
      for (const p of players) p.startAutoplay();
      await new Promise((r) => setTimeout(r, 100));
      for (const p of players) p.stopAutoplay();
      await first.dispose();
      // A line in the middle of the file is damaged: the start cuts the file back to the lines before it, a copy kept aside.
      const path = tableFile(disk.dir, tableId);
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.splice(lines.length - 3, 0, '{"t":"act","a":');
      writeFileSync(path, lines.join('\n'));
      const damaged = readFileSync(path);

      disk.fill();
      const full = await startHost({ dataDir: disk.dir });
      await full.dispose();
      expect(readdirSync(tablesDir(disk.dir)).filter((n) => n.includes(tableId))).toEqual([`${tableId}.jsonl`]); // nothing set aside as broken
      expect(readFileSync(path).equals(damaged)).toBe(true);

      disk.free();
      const roomy = await startHost({ dataDir: disk.dir });
      const lobby = await roomy.connect();
      const listed = (await lobby.emitWithAck('table:list', null)) as { ok: true; tables: TableInfo[] };
      expect(listed.tables.map((t) => t.id)).toContain(tableId);
      expect(readdirSync(tablesDir(disk.dir)).some((n) => n.startsWith(`${tableId}.jsonl.damaged-`))).toBe(true);
      await roomy.dispose();
    } finally {
      await disk.unmount();
    }
  });
});
