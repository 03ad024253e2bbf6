// A whole seeded game's record, as the app saves one, printed as JSON: run under tsx by
// seededRecordFile (records.ts), since the specs' own loader cannot import the engine's card set.
//   node --import tsx tests/kit/pages/seeded-record.ts PLAYERS SEED
import { BotRng } from '../../../src/shared/bots/prng';
import { randomRecord } from '../game/playout';

const [players, seed] = process.argv.slice(2);
process.stdout.write(JSON.stringify(randomRecord({ players: Number(players), seed: seed! }, new BotRng(7))));
