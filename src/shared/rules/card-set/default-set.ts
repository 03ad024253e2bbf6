// The card set shipped with the app (docs/rules.md), validated once at import.
import data from './default-set.json';
import { loadCardSet } from './load';
import type { CardSet } from './types';

const loaded = loadCardSet(data);
if (!loaded.ok) {
  // The shipped file is ours: a problem here is a bug to fix, not user input to report.
  throw new Error(`The default card set is invalid:\n${loaded.error.problems.join('\n')}`);
}

export const DEFAULT_CARD_SET: CardSet = loaded.value;
