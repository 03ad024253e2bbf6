// What every viewer is sent over whole seeded games, reduced to one digest per game: at every
// step, each seat's and the spectator's view and that step's events, serialised exactly as the
// host sends them (readyViews). Refactors of the host, the protocol or the engine must leave
// these digests unchanged (tests/fixtures/view-fingerprints.json); a deliberate change of what
// is sent regenerates the fixture with `npx tsx scripts/view-fingerprints.ts --write`.
import { createHash } from 'node:crypto';
import { readyViews } from '../../../src/main/host/table/ready-views';
import { BotRng } from '../../../src/shared/bots/prng';
import { DEFAULT_OPTIONS } from '../../../src/shared/rules/types';
import type { Viewer } from '../../../src/shared/rules/view';
import { playout } from './playout';
import { seatsOf } from '../../../src/shared/ids';

/** 480 games: 120 for each table size from 3 to 6. */
export const FINGERPRINT_GAMES = 480;

export interface GameFingerprint {
  readonly seed: string;
  readonly players: number;
  readonly steps: number;
  readonly digest: string;
}

export function fingerprintGame(game: number): GameFingerprint {
  const players = 3 + (game % 4);
  const seed = `fingerprint-${game}`;
  const viewers: Viewer[] = [...seatsOf(players), 'spectator'];
  const hash = createHash('sha256');
  let steps = 0;
  for (const step of playout({ players, options: DEFAULT_OPTIONS, seed }, new BotRng(0xf1e1d + game))) {
    for (const ready of readyViews(step.state, viewers, step.events)) {
      hash.update(String(ready.viewer)).update('\n').update(ready.json.text).update('\n');
      if (ready.latest) hash.update(ready.latest.text).update('\n');
    }
    steps++;
  }
  return { seed, players, steps, digest: hash.digest('hex') };
}
