// Every card can be read in full: the card sheet (what a tap opens on a phone) and the help
// show each character's whole name and text, and the help each history card's, in English,
// Hungarian and French, with the status mark where the text is reconstructed. Nothing cut.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import defaultSet from '../../../../src/shared/rules/card-set/default-set.json';
import CardSheet from '../../../../src/renderer/src/components/cards/CardSheet.svelte';
import HelpPanel from '../../../../src/renderer/src/components/table/help/HelpPanel.svelte';
import { RULINGS, withCardNames } from '../../../../src/renderer/src/lib/help/rulings';
import { DEFAULT_BOOK } from '../../../../src/shared/card-book';
import { LANGUAGE_CODES, i18n } from '../../../../src/renderer/src/lib/i18n/index.svelte';
import { cardIdOf, seatOf } from '../../../../src/shared/ids';

let app: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (app) void unmount(app);
  app = undefined;
  document.body.innerHTML = '';
  i18n.set('en');
});

const norm = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

describe.each(LANGUAGE_CODES)('in %s', (lang) => {
  it('the card sheet shows the full name and text of every character card', () => {
    i18n.set(lang);
    for (const card of defaultSet.characters) {
      app = mount(CardSheet, {
        target: document.body,
        props: { entries: [{ card: cardIdOf(card.id) }], play: { seat: seatOf(0), play: cardIdOf(card.id) }, reason: null, onplay: () => {}, onclose: () => {} },
      });
      flushSync();
      const sheet = document.querySelector('[data-testid="card-sheet"]')!;
      expect(norm(sheet.querySelector('h2')?.textContent)).toBe(card.name[lang]);
      expect(norm(sheet.querySelector('[data-testid="card-text"]')?.textContent)).toBe(card.text[lang]);
      expect(sheet.textContent).not.toContain('…');
      expect(sheet.querySelector('[data-testid="sheet-play"]')).not.toBeNull();
      if (card.evil) expect(sheet.textContent).toContain('☠');
      const reconstructed = sheet.querySelector('[data-status="reconstructed"]') !== null;
      expect(reconstructed).toBe(card.status === 'reconstructed');
      void unmount(app);
      app = undefined;
    }
  });

  it('the help shows every character and history card and every ruling in full', async () => {
    i18n.set(lang);
    app = mount(HelpPanel, { target: document.body });
    // The rulings arrive a moment after the panel opens (their own chunk).
    await vi.waitFor(() => expect(document.querySelector('[data-testid="help-rulings"]')).not.toBeNull());
    const infos = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="help-cards"] [data-testid="card-info"]'));
    expect(infos.map((e) => e.dataset['card']).sort()).toEqual(defaultSet.characters.map((c) => c.id).sort());
    for (const info of infos) {
      const card = defaultSet.characters.find((c) => c.id === info.dataset['card'])!;
      expect(norm(info.querySelector('h3')?.textContent).replace(/\s*✱$/, '')).toBe(card.name[lang]);
      expect(norm(info.querySelector('[data-testid="card-text"]')?.textContent)).toBe(card.text[lang]);
    }
    for (const h of defaultSet.history) {
      const item = document.querySelector(`[data-history="${h.id}"]`)!;
      expect(norm(item.querySelector('strong')?.textContent).replace(/\s*✱$/, '')).toBe(h.name[lang]);
      expect(norm(item.textContent)).toContain(h.text[lang]);
      expect(item.querySelector('.mark') !== null).toBe(h.status === 'reconstructed');
    }
    const rulings = norm(document.querySelector('[data-testid="help-rulings"]')?.textContent);
    const names = { card: (id: string) => DEFAULT_BOOK.cardName(cardIdOf(id), lang), history: (id: string) => DEFAULT_BOOK.historyName(id, lang) };
    for (const r of RULINGS) expect(rulings).toContain(withCardNames(r.text[lang], names));
    expect(document.body.textContent).not.toContain('…');
  });
});

describe('help search', () => {
  it('keeps only what matches, in the chosen language', async () => {
    i18n.set('fr');
    app = mount(HelpPanel, { target: document.body });
    await vi.waitFor(() => expect(document.querySelector('[data-testid="help-rulings"]')).not.toBeNull());
    const input = document.querySelector<HTMLInputElement>('[data-testid="help-search"]')!;
    input.value = 'dragon';
    input.dispatchEvent(new Event('input'));
    flushSync();
    const cards = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="help-cards"] [data-testid="card-info"]')).map((e) => e.dataset['card']);
    expect(cards).toContain('dragon');
    expect(cards).not.toContain('power-4');
    expect(document.querySelector('[data-history="conversation-with-a-dragon"]')).not.toBeNull();
    input.value = 'zzzz';
    input.dispatchEvent(new Event('input'));
    flushSync();
    expect(document.body.textContent).toContain('Aucun résultat');
  });
});
