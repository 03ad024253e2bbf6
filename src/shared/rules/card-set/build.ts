// A card-set file made into the engine's CardSet (frozen, with lookups by id). No checks here:
// load.ts checks a file first; the screens build the shipped set the host has checked.
import type { CardId, HistoryId } from '../types';
import type { CardSet, CardSetFile, CharacterDef, HistoryDef } from './types';

export function buildCardSet(file: CardSetFile): CardSet {
  // Sets are shared (the default one by every game): nobody may mutate one. load.ts hands over
  // zod's copies, so the caller's input is left as it was.
  const characters = deepFreeze(file.characters);
  const history = deepFreeze(file.history);
  return Object.freeze({
    id: file.id,
    name: deepFreeze(file.name),
    characters,
    history,
    // Maps, not records: the engine looks cards up on every step and Map lookups are faster.
    characterById: new Map<CardId, CharacterDef>(characters.map((c) => [c.id, c])),
    historyById: new Map<HistoryId, HistoryDef>(history.map((h) => [h.id, h])),
  });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    // Recurse even into already frozen objects: zod's `.readonly()` freezes arrays shallowly.
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
