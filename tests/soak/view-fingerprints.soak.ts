// All 480 seeded games of tests/kit/game/view-fingerprints.ts against their recorded digests.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FINGERPRINT_GAMES, type GameFingerprint, fingerprintGame } from '../kit/game/view-fingerprints';

const recorded = JSON.parse(readFileSync(new URL('../fixtures/view-fingerprints.json', import.meta.url), 'utf8')) as GameFingerprint[];

it('sends every viewer the same views and events as recorded, over all 480 seeded games', () => {
  const differ = [];
  for (let game = 0; game < FINGERPRINT_GAMES; game++) {
    if (JSON.stringify(fingerprintGame(game)) !== JSON.stringify(recorded[game])) differ.push(game);
  }
  expect(differ).toEqual([]);
});
