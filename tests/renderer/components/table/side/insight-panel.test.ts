// What Insight showed: every card of the target's hand by its whole name (however long, in
// every language), its strength and suit, and a tap opens it in the card sheet.
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import InsightPanel from '../../../../../src/renderer/src/components/table/side/InsightPanel.svelte';
import { cardSheet } from '../../../../../src/renderer/src/lib/cards/card-sheet.svelte';
import { i18n } from '../../../../../src/renderer/src/lib/i18n/index.svelte';
import { DEFAULT_BOOK } from '../../../../../src/shared/card-book';
import type { CardId } from '../../../../../src/shared/rules/types';
import { clearPage } from '../../../../kit/dom/page';
import { seatOf } from '../../../../../src/shared/ids';

describe('InsightPanel', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(() => (app = clearPage(app)));

  // The set's longest names in each language, and an Evil card.
  const longest = (lang: 'en' | 'hu' | 'fr', n: number): CardId[] =>
    DEFAULT_BOOK.characters
      .map((c) => c.id)
      .sort((a, b) => DEFAULT_BOOK.cardName(b, lang).length - DEFAULT_BOOK.cardName(a, lang).length)
      .slice(0, n);

  it('names every card whole, with its strength and suit, in every language', async () => {
    const evil = DEFAULT_BOOK.characters.find((c) => c.evil)!.id;
    for (const lang of ['en', 'hu', 'fr'] as const) {
      app = clearPage(app);
      await i18n.set(lang);
      const cards = [...new Set([...longest(lang, 4), evil])];
      app = mount(InsightPanel, { target: document.body, props: { insight: { target: seatOf(1), cards }, names: ['Ann', 'Bob'] } });
      flushSync();
      const chips = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="insight"] [data-card]')];
      expect(chips.map((c) => c.dataset['card']).sort()).toEqual([...cards].sort());
      for (const chip of chips) {
        const def = DEFAULT_BOOK.card(chip.dataset['card'] as CardId)!;
        expect(chip.querySelector('.name')!.textContent).toBe(def.name[lang]);
        if (def.strength !== null) expect(chip.querySelector('b')!.textContent).toBe(String(def.strength));
        expect(chip.querySelector('[data-suit]')!.getAttribute('data-suit')).toBe(def.suit);
        expect(chip.querySelector('.evil') !== null).toBe(def.evil);
      }
      expect(document.querySelector('[data-testid="insight"]')!.textContent).toContain('Bob');
    }
  });

  it('opens a card in the card sheet on a tap', () => {
    const cards = longest('en', 2);
    app = mount(InsightPanel, { target: document.body, props: { insight: { target: seatOf(0), cards }, names: ['Ann'] } });
    flushSync();
    document.querySelector<HTMLButtonElement>(`[data-card="${cards[1]}"]`)!.click();
    expect(cardSheet.open).toEqual({ entries: [{ card: cards[1] }] });
    cardSheet.close();
  });
});
