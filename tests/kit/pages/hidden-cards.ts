// For the page leak scan: the English names of the cards a viewer may not see at each version
// of a game on disk (tests/kit/host/leak.ts), run under tsx (Playwright's loader cannot
// import the card set's JSON). `before` judges what a version tells ahead of a new round's
// deal (the round-ending play and meeting): the knowledge of the version before, with the cards
// the winner of that last meeting took face up, and the Angel once its holder discards at the
// round's end (ruling 9 b, told to every seat). Prints JSON: { before: string[][], after: string[][] }.
import { DEFAULT_CARD_SET } from '../../../src/shared/rules/card-set/default-set';
import { hiddenByVersion } from '../host/leak';
import { eventsFromDisk, statesFromDisk } from '../host/records';
import { cardIdOf, seatOf } from '../../../src/shared/ids';

const [dataDir, tableId, viewerArg] = process.argv.slice(2);
if (!dataDir || !tableId || viewerArg === undefined) throw new Error('usage: hidden-cards.ts DATA_DIR TABLE_ID SEAT|spectator');
const viewer = viewerArg === 'spectator' ? 'spectator' : seatOf(Number(viewerArg));
const name = (id: string) => DEFAULT_CARD_SET.characterById.get(cardIdOf(id))!.name.en;

const hidden = hiddenByVersion(statesFromDisk(dataDir, tableId), viewer);
const log = eventsFromDisk(dataDir, tableId);
const before = log.map((batch) => {
  const known = new Set(hidden[Math.max(0, batch.version - 1)]);
  for (const e of batch.events) {
    if (e.type === 'meetingEnded') for (const p of e.meeting.plays) if (!p.returned) known.delete(p.card);
    // Ruling 9 b is told to everyone: who holds the Angel (even from the hand) and discards.
    if (e.type === 'roundScored' && e.score.purge) known.delete(cardIdOf('angel'));
  }
  return [...known].map(name);
});
const after = log.map((batch) => [...hidden[batch.version]!].map(name));
process.stdout.write(JSON.stringify({ before, after }));
