// Card identifiers as record-format.md lists them, written out independently of the card-set
// data so tests can check the engine against the format.
import { type CardId, cardIdOf } from '../../../src/shared/ids';

export const ALL_CARDS: readonly CardId[] = [
  ...['power', 'wisdom', 'love'].flatMap((suit) => Array.from({ length: 10 }, (_, i) => `${suit}-${i + 1}`)),
  'king',
  'demon',
  'dragon',
  'sage',
  'fool',
  'angel',
].map(cardIdOf);

export const ALL_HISTORY: readonly string[] = [
  'monster-attack',
  'the-revolt',
  'the-great-reform',
  'the-witch-hunt',
  'the-royal-wedding',
  'the-scandal',
  'the-great-war',
  'the-famine',
  'the-succession',
  'a-time-of-darkness',
  'conversation-with-a-dragon',
  'the-coronation-of-a-king',
];
