// Card names in the story, the help (its rulings too) and the moves come from the card book (the set in play), not
// from the message tables: a set that names its cards otherwise is told in its own names, and no
// message of en/hu/fr spells a character's name, bar the few listed here.
import { describe, expect, it } from 'vitest';
import defaultSet from '../../../../src/shared/rules/card-set/default-set.json';
import { CardBook, DEFAULT_BOOK } from '../../../../src/shared/card-book';
import type { CardSetFile } from '../../../../src/shared/rules/card-set/types';
import { buildCardSet } from '../../../../src/shared/rules/card-set/build';
import type { VisibleEvent } from '../../../../src/shared/rules/view';
import { type MessageKey, type MessageParams, format } from '../../../../src/renderer/src/lib/i18n/index.svelte';
import type { Language } from '../../../../src/shared/rules/types';
import { en } from '../../../../src/renderer/src/lib/i18n/en';
import { hu } from '../../../../src/renderer/src/lib/i18n/hu';
import { fr } from '../../../../src/renderer/src/lib/i18n/fr';
import { linesOf } from '../../../../src/renderer/src/lib/story/describe';
import { actionText } from '../../../../src/renderer/src/lib/table/action-text';
import { RULINGS, withCardNames } from '../../../../src/renderer/src/lib/help/rulings';
import { cardIdOf, seatOf } from '../../../../src/shared/ids';

/** Messages that still name a card themselves (the decision prompt's title and the seat's scoring tag). */
const STILL_NAMED = new Set(['decision.demonChoice', 'decision.short.demonChoice', 'scoring.angel']);

const RENAMED: Record<string, string> = { demon: 'Fiend', dragon: 'Wyrm', king: 'Monarch', angel: 'Seraph' };
const file = JSON.parse(JSON.stringify(defaultSet)) as CardSetFile & { characters: { id: string; name: Record<Language, string> }[] };
for (const c of file.characters) if (RENAMED[c.id]) c.name = { en: RENAMED[c.id]!, hu: RENAMED[c.id]!, fr: RENAMED[c.id]! };
const renamed = new CardBook(buildCardSet(file));
const ctx = (lang: Language, book = renamed) => ({
  names: ['Ann', 'Bob', 'Cyd', 'Dee'],
  me: null,
  lang,
  book,
  t: (key: MessageKey, params?: MessageParams) => format(lang, key, params),
});

const plays = [
  { seat: seatOf(0), card: cardIdOf('power-2'), faceDown: false, returned: false },
  { seat: seatOf(1), card: cardIdOf('king'), faceDown: false, returned: false },
];
const events: VisibleEvent[] = [
  { type: 'abilityUsed', seat: seatOf(2), source: cardIdOf('demon'), kind: 'demonChoice', choice: { target: seatOf(1) } },
  { type: 'meetingEnded', meeting: { leader: seatOf(0), plays, halted: false, winner: seatOf(1), demonTo: null, burned: true }, reason: 'king' },
];
const seats = [0, 1, 2, 3].map(() => ({ power: 0, wisdom: 0, love: 0, total: 0, evil: 0, masked: 0, excluded: false, met: [] as string[], fameGained: 0 }));
const angel: VisibleEvent = {
  type: 'roundScored',
  score: { round: 0, history: ['monster-attack'], excluded: [], evilMonopoly: null, seats, counts: [[0, 0, 0, 0]], purge: { seat: seatOf(1), count: 0 } },
  fame: [0, 0, 0, 0],
  purged: [],
};

describe('card names in messages', () => {
  for (const lang of ['en', 'hu', 'fr'] as const) {
    it(`come from the card book in the story and the moves (${lang})`, () => {
      const told = [...events, angel].flatMap((e) => linesOf(e, ctx(lang)).map(([, text]) => text)).join('\n');
      for (const name of Object.values(RENAMED)) expect(told, `${name} in ${told}`).toContain(name);
      for (const id of Object.keys(RENAMED)) expect(told).not.toContain(DEFAULT_BOOK.cardName(cardIdOf(id), lang));
      expect(actionText({ seat: seatOf(2), choose: { target: seatOf(1) } }, 'demonChoice', ctx(lang))).toContain('Fiend');
      const help = RULINGS.map((r) => withCardNames(r.text[lang], { card: (id) => renamed.cardName(cardIdOf(id), lang), history: (id) => renamed.historyName(id, lang) })).join(
        '\n',
      );
      for (const name of Object.values(RENAMED)) expect(help).toContain(name);
    });
  }

  it('are spelt by no message of the tables, bar the listed ones', () => {
    const spelt: string[] = [];
    for (const [lang, table] of [
      ['en', en],
      ['hu', hu],
      ['fr', fr],
    ] as const) {
      const names = DEFAULT_BOOK.characters.map((c) => c.name[lang]).filter((n) => /^\p{Lu}\p{L}{3,}$/u.test(n));
      const rulings = RULINGS.map((r) => [`ruling ${r.n}`, r.text[lang]] as const);
      for (const [key, text] of [...Object.entries(table as Record<string, string>), ...rulings]) {
        if (STILL_NAMED.has(key)) continue;
        // A name as a word, or with a Hungarian case or possessive ending ("Démont", "Angyalod", "Királlyal").
        const hit = names.find((n) => new RegExp(`(^|[^\\p{L}])(${n}(t|ot|et|a|ja|od|nak|nek|val|vel)?|${n.slice(0, -1)}llyal)(?!\\p{L})`, 'u').test(text));
        if (hit) spelt.push(`${lang} ${key}: ${hit}`);
      }
    }
    expect(spelt).toEqual([]);
  });
});
