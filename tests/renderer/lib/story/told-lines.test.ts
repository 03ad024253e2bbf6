// The log told once per batch: the same lines as telling the whole log, each batch's lines
// kept until the words change (language, names).
import { describe, expect, it } from 'vitest';
import type { EventBatch } from '../../../../src/shared/protocol/event-log';
import type { VisibleEvent } from '../../../../src/shared/rules/view';
import { DEFAULT_BOOK } from '../../../../src/shared/card-book';
import { type MessageKey, type MessageParams, format } from '../../../../src/renderer/src/lib/i18n/index.svelte';
import { storyOf } from '../../../../src/renderer/src/lib/story/describe';
import { ToldLines } from '../../../../src/renderer/src/lib/story/told-lines';
import { cardIdOf, seatOf } from '../../../../src/shared/ids';

const steal: VisibleEvent = { type: 'abilityUsed', seat: seatOf(3), source: cardIdOf('sage'), kind: 'steal', choice: { target: seatOf(0), card: cardIdOf('demon') } };
const played: VisibleEvent = { type: 'cardPlayed', seat: seatOf(1), card: null, faceDown: true };
const batch = (version: number, ...events: VisibleEvent[]): EventBatch => ({ version, events });
const translators = { en: (key: MessageKey, params?: MessageParams) => format('en', key, params), fr: (key: MessageKey, params?: MessageParams) => format('fr', key, params) };
const ctx = (lang: 'en' | 'fr', names: string[]) => ({ names, me: null, lang, book: DEFAULT_BOOK, t: translators[lang] });

describe('the told lines', () => {
  const first = batch(1, played);
  const second = batch(2, steal, played);

  it('are the lines of the whole log, told again only when the words change', () => {
    const told = new ToldLines();
    const early = told.of([first], ctx('en', ['Ann', 'Bob', 'Cyd', 'Bot 4']));
    expect(early).toEqual(storyOf([first], ctx('en', ['Ann', 'Bob', 'Cyd', 'Bot 4'])));
    // A new view: a batch more, and the names as a new but equal list. The old batch's lines are the same objects.
    const later = told.of([first, second], ctx('en', ['Ann', 'Bob', 'Cyd', 'Bot 4']));
    expect(later).toEqual(storyOf([first, second], ctx('en', ['Ann', 'Bob', 'Cyd', 'Bot 4'])));
    expect(later[0]).toBe(early[0]);
    // Another name, then another language: told afresh.
    const renamed = told.of([first, second], ctx('en', ['Ann', 'Bea', 'Cyd', 'Bot 4']));
    expect(renamed[0]!.text).toBe('Bea played a card face down.');
    const french = told.of([first, second], ctx('fr', ['Ann', 'Bea', 'Cyd', 'Bot 4']));
    expect(french).toEqual(storyOf([first, second], ctx('fr', ['Ann', 'Bea', 'Cyd', 'Bot 4'])));
    expect(french[0]!.text).not.toBe(renamed[0]!.text);
  });
});
