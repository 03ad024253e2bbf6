// What every viewer is sent over whole seeded games, reduced to one digest per game: at every
// step, each seat's and the spectator's view and that step's events, as the host hands them to
// Socket.IO (view-sender.ts `outgoing`, for connections that hold the step before), serialised
// as Socket.IO does (JSON.stringify). Refactors of the host, the protocol or the engine must leave
// these digests unchanged (tests/fixtures/view-fingerprints.json); a deliberate change of what
// is sent regenerates the fixture with `npx tsx scripts/view-fingerprints.ts --write`.
import { createHash } from 'node:crypto';
import { outgoing } from '../../../src/main/host/table/view-sender';
import type { GameEventBatch } from '../../../src/shared/protocol/event-log';
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
  const log: GameEventBatch[] = [];
  for (const step of playout({ players, options: DEFAULT_OPTIONS, seed }, new BotRng(0xf1e1d + game))) {
    log.push({ version: step.state.version, events: step.events });
    const out = outgoing(step.state, { seats: Array.from({ length: players }, () => step.state.version - 1), spectators: true }, log);
    for (const viewer of viewers) {
      const message = viewer === 'spectator' ? out.spectators! : out.seats[viewer]!;
      hash.update(String(viewer)).update('\n').update(JSON.stringify(message.view)).update('\n');
      hash.update(JSON.stringify(message.batches)).update('\n');
    }
    steps++;
  }
  return { seed, players, steps, digest: hash.digest('hex') };
}
