// Loads a card-set file (docs/rules.md): shape check with the zod schema, then the cross-checks the
// engine relies on. A set is loaded whole or not at all: every problem is collected and reported,
// because a table loading a corrected set should see all its mistakes at once.
import { err, ok, type Result } from '../result';
import { LANGUAGES, STRENGTH_SUITS, type CardId, type Localized, type Timing } from '../types';
import { buildCardSet } from './build';
import { cardSetFileSchema } from './schema';
import type { CardSet, CardSetFile, EffectKind } from './types';

export interface CardSetError {
  readonly code: 'CARD_SET_INVALID';
  /** One line naming the problem(s), for a dialog or the CLI. */
  readonly message: string;
  /** Every problem found, each starting with where it is, e.g. `characters[12] (power-3): …`. */
  readonly problems: readonly string[];
}

const CHARACTER_COUNT = 36;
const HISTORY_COUNT = 12;
const EVIL_COUNT = 4;
const MAX_STRENGTH = 10;

/**
 * When each effect must act for the engine to apply it (the rulebook's "Card details").
 * `null`: 'none' does nothing, so its timing is only a label — except on Evil cards, see below.
 */
const EFFECT_TIMING: Readonly<Record<EffectKind, Timing | null>> = {
  none: null,
  countsAs: 'roundEnd',
  purgeEvil: 'roundEnd',
  reversal: 'meetingEnd',
  winMeeting: 'meetingEnd',
  demonChoice: 'meetingEnd',
  burn: 'meetingEnd',
  steal: 'played',
  halt: 'played',
  recall: 'played',
  return: 'played',
  discardAlly: 'played',
  insight: 'played',
  gift: 'played',
  mask: 'played',
};

/** History effects the engine supports at most once per set (it looks the card up by effect). */
const UNIQUE_HISTORY_EFFECTS = ['recallPrevious', 'revealAnother'] as const;

export function loadCardSet(input: unknown): Result<CardSet, CardSetError> {
  const parsed = cardSetFileSchema.safeParse(input);
  if (!parsed.success) {
    return invalid(parsed.error.issues.map((issue) => `${where(issue.path, input)}: ${issue.message}`));
  }
  const problems = crossCheck(parsed.data);
  return problems.length > 0 ? invalid(problems) : ok(buildCardSet(parsed.data));
}

/** Same as `loadCardSet`, from the text of a file; a JSON syntax error is a problem like any other. */
export function parseCardSetJson(text: string): Result<CardSet, CardSetError> {
  let data: unknown;
  try {
    // Editors on Windows may save a byte-order mark, which JSON.parse refuses.
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return invalid([`not valid JSON: ${e instanceof Error ? e.message : String(e)}`]);
  }
  return loadCardSet(data);
}

function invalid(problems: readonly string[]): Result<CardSet, CardSetError> {
  const shown = problems.slice(0, 3).join('; ');
  const more = problems.length > 3 ? `; and ${problems.length - 3} more` : '';
  const count = problems.length === 1 ? '' : `${problems.length} problems: `;
  return err({ code: 'CARD_SET_INVALID', message: `Invalid card set: ${count}${shown}${more}`, problems });
}

/** A zod issue path as `characters[3] (power-4).effect.count`, naming the card when it has an id. */
function where(path: readonly PropertyKey[], input: unknown): string {
  let out = '';
  let node: unknown = input;
  path.forEach((key, i) => {
    out += typeof key === 'number' ? `[${key}]` : `${out === '' ? '' : '.'}${String(key)}`;
    node = typeof node === 'object' && node !== null ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    const id = typeof node === 'object' && node !== null ? (node as { id?: unknown }).id : undefined;
    if (i === 1 && (path[0] === 'characters' || path[0] === 'history') && typeof id === 'string') out += ` (${id})`;
  });
  return out === '' ? '(file)' : out;
}

function crossCheck(file: CardSetFile): string[] {
  const problems: string[] = [];
  const checkText = (at: string, field: string, text: Localized): void => {
    for (const lang of LANGUAGES) if (text[lang].trim() === '') problems.push(`${at}: ${field}.${lang} is empty`);
  };
  checkText('(file)', 'name', file.name);

  // Characters: ids, strength against suit, timing against effect, texts.
  const characterAt = placesOf(file.characters, 'characters', CHARACTER_COUNT, problems);
  file.characters.forEach((c, i) => {
    const at = `characters[${i}] (${c.id})`;

    if (c.suit === 'wild') {
      if (c.strength !== null) problems.push(`${at}: a wild card has strength null, not ${c.strength}`);
    } else if (c.strength === null || c.strength < 1 || c.strength > MAX_STRENGTH) {
      problems.push(`${at}: a ${c.suit} card needs a strength from 1 to ${MAX_STRENGTH}, not ${c.strength}`);
    }

    // An Evil card with no ability still acts at round end: that is when it excludes its holder.
    const required = c.effect.kind === 'none' && c.evil ? 'roundEnd' : EFFECT_TIMING[c.effect.kind];
    if (required !== null && c.timing !== required) {
      const what = c.effect.kind === 'none' ? 'an Evil card with effect none' : `effect ${c.effect.kind}`;
      problems.push(`${at}: ${what} requires timing ${required}, not ${c.timing}`);
    }
    checkText(at, 'name', c.name);
    checkText(at, 'text', c.text);
  });

  // Each strength suit has strengths 1..10 exactly once.
  for (const suit of STRENGTH_SUITS) {
    for (let s = 1; s <= MAX_STRENGTH; s++) {
      const ids = file.characters.filter((c) => c.suit === suit && c.strength === s).map((c) => c.id);
      if (ids.length === 0) problems.push(`characters: no ${suit} card of strength ${s}`);
      if (ids.length > 1) problems.push(`characters: ${ids.length} ${suit} cards of strength ${s} (${ids.join(', ')})`);
    }
  }

  const evil = file.characters.filter((c) => c.evil).map((c) => c.id);
  if (evil.length !== EVIL_COUNT) {
    // Ruling 9c (all four Evil cards in one hand) is written for exactly four.
    problems.push(`characters: expected ${EVIL_COUNT} Evil cards, found ${evil.length} (${evil.join(', ') || 'none'})`);
  }

  // History cards: ids, themes, condition cards, texts.
  const historyAt = placesOf(file.history, 'history', HISTORY_COUNT, problems);
  const themeOf = new Map<CardId, string>();
  file.history.forEach((h, i) => {
    const at = `history[${i}] (${h.id})`;

    if (!characterAt.has(h.theme)) problems.push(`${at}: theme ${h.theme} is not a character card id`);
    // The theme card's holder starts the round: two cards with one theme would be ambiguous.
    const sameTheme = themeOf.get(h.theme);
    if (sameTheme !== undefined) problems.push(`${at}: theme ${h.theme} is already the theme of ${sameTheme}`);
    else themeOf.set(h.theme, at);

    if (h.condition.kind === 'mostOf') {
      const cards = h.condition.cards;
      cards.forEach((card, j) => {
        if (!characterAt.has(card)) problems.push(`${at}: condition mostOf lists ${card}, which is not a character card id`);
        if (cards.indexOf(card) !== j) problems.push(`${at}: condition mostOf lists ${card} twice`);
      });
    }
    checkText(at, 'name', h.name);
    checkText(at, 'text', h.text);
  });
  for (const kind of UNIQUE_HISTORY_EFFECTS) {
    const ids = file.history.filter((h) => h.effect.kind === kind).map((h) => h.id);
    if (ids.length > 1) problems.push(`history: at most one card may have effect ${kind}, found ${ids.length} (${ids.join(', ')})`);
  }
  return problems;
}

/** Where each id of a list first stands (`characters[3] (power-4)`); a wrong count and repeated ids are problems. */
function placesOf(items: readonly { readonly id: string }[], list: string, count: number, problems: string[]): Map<string, string> {
  if (items.length !== count) problems.push(`${list}: expected ${count} cards, found ${items.length}`);
  const placeOf = new Map<string, string>();
  items.forEach((item, i) => {
    const at = `${list}[${i}] (${item.id})`;
    const first = placeOf.get(item.id);
    if (first !== undefined) problems.push(`${at}: duplicate id, already used by ${first}`);
    else placeOf.set(item.id, at);
  });
  return placeOf;
}
