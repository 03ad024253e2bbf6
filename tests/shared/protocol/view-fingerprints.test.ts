// What every viewer is sent stays byte for byte what it was (tests/kit/game/view-fingerprints.ts):
// a quarter of the 480 recorded games here, all of them in `npm run test:soak`.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FINGERPRINT_GAMES, type GameFingerprint, fingerprintGame } from '../../kit/game/view-fingerprints';

const recorded = JSON.parse(readFileSync(new URL('../../fixtures/view-fingerprints.json', import.meta.url), 'utf8')) as GameFingerprint[];

it('records all the seeded games', () => {
  expect(recorded).toHaveLength(FINGERPRINT_GAMES);
});

it('sends every viewer the same views and events as recorded, over every fourth seeded game', () => {
  for (let game = 0; game < FINGERPRINT_GAMES; game += 4) {
    expect(fingerprintGame(game), `game ${game}`).toEqual(recorded[game]);
  }
});
