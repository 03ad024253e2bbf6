// A full disk under the real `chronicle host` (full-disk-run.ts): over repeated runs, each
// filling a 1 MB filesystem mid-game, killing the host and starting it again, no acknowledged
// move is lost and the game goes on by itself once space comes back. `npm run test:soak` runs
// 20 (scripts/soak.js).
import { afterEach, describe, expect, it } from 'vitest';
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
});
