// Checks (or with --write, records) the digests of what every viewer is sent over the 480
// seeded games of tests/kit/game/view-fingerprints.ts against tests/fixtures/view-fingerprints.json.
//   npx tsx scripts/view-fingerprints.ts          # compare, exit 1 on any difference
//   npx tsx scripts/view-fingerprints.ts --write  # record the current digests
import { readFileSync, writeFileSync } from 'node:fs';
import { FINGERPRINT_GAMES, type GameFingerprint, fingerprintGame } from '../tests/kit/game/view-fingerprints';

const FIXTURE = new URL('../tests/fixtures/view-fingerprints.json', import.meta.url);
const started = performance.now();
const games: GameFingerprint[] = [];
for (let game = 0; game < FINGERPRINT_GAMES; game++) games.push(fingerprintGame(game));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const steps = games.reduce((sum, g) => sum + g.steps, 0);

if (process.argv.includes('--write')) {
  writeFileSync(FIXTURE, JSON.stringify(games, null, 1) + '\n');
  console.log(`recorded ${games.length} games, ${steps} steps, in ${seconds} s`);
} else {
  const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as GameFingerprint[];
  const differ = games.filter((g, i) => JSON.stringify(g) !== JSON.stringify(expected[i]));
  console.log(`${games.length} games, ${steps} steps, in ${seconds} s: ${differ.length} differ`);
  for (const g of differ.slice(0, 5)) console.log(`  ${g.seed} (${g.players} players) differs`);
  if (differ.length > 0 || expected.length !== games.length) process.exit(1);
}
