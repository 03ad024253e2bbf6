// The page leak scan: the names of the cards a viewer may not see at each version of a table's
// game (hidden-cards.ts, from the host's table file), and the lines of text that name one.
import { execFileSync } from 'node:child_process';

export interface Hidden {
  before: string[][];
  after: string[][];
}

/** The names of the cards `viewer` may not see at each version of a table's game (hidden-cards.ts). */
export function hiddenCards(dataDir: string, tableId: string, viewer: number | 'spectator'): Hidden {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'tests/kit/pages/hidden-cards.ts', dataDir, tableId, String(viewer)], { encoding: 'utf8' });
  return JSON.parse(out) as Hidden;
}

// History titles hold card names ("The Witch Hunt") but name no card.
const HISTORY_TITLES = [
  'Monster Attack',
  'The Revolt',
  'The Great Reform',
  'The Witch Hunt',
  'The Royal Wedding',
  'The Scandal',
  'The Great War',
  'The Famine',
  'The Succession',
  'A Time of Darkness',
  'Conversation with a Dragon',
  'The Coronation of a King',
];

// A history card's condition names the cards it counts ("The Succession — Prince, Queen, and
// Princess: you 0, Bot 2 1 …", "Most of Prince, Queen and Princess"): it names no card in play.
const COUNTED_CARDS = [/Prince, Queen,? and Princess/g];

export interface ShownLine {
  readonly version: number;
  /** The log line's kind ('round' marks a new round's deal), or '' for other text. */
  readonly kind: string;
  readonly text: string;
}

/** Lines naming a hidden card; lines of a version before its new round's deal are judged by `before`. */
export function leaksInLog(lines: readonly ShownLine[], hidden: Hidden): string[] {
  const problems: string[] = [];
  const dealtAt = new Set(lines.filter((l) => l.kind === 'round').map((l) => l.version));
  const seenRound = new Set<number>();
  for (const line of lines) {
    if (line.kind === 'round') seenRound.add(line.version);
    const early = line.version > 0 && dealtAt.has(line.version) && !seenRound.has(line.version);
    const secret = (early ? hidden.before : hidden.after)[line.version] ?? [];
    let text = line.text;
    for (const title of HISTORY_TITLES) text = text.replaceAll(title, '');
    for (const counted of COUNTED_CARDS) text = text.replace(counted, '');
    for (const card of secret) if (new RegExp(`\\b${card}\\b`).test(text)) problems.push(`v${line.version} "${line.text}" names ${card}`);
  }
  return problems;
}
