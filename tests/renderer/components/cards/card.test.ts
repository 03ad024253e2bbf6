// Cards show colour AND symbol AND letter, mark reconstructed texts, and take their names
// from the card set in the chosen language.
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import Card from '../../../../src/renderer/src/components/cards/Card.svelte';
import { bookFor, cardBookContext } from '../../../../src/renderer/src/lib/cards/card-book';
import { i18n } from '../../../../src/renderer/src/lib/i18n/index.svelte';
import { CardBook, DEFAULT_BOOK } from '../../../../src/shared/card-book';
import data from '../../../../src/shared/rules/card-set/default-set.json';
import { loadCardSet } from '../../../../src/shared/rules';
import { clearPage } from '../../../kit/dom/page';
import { cardIdOf } from '../../../../src/shared/ids';

describe('Card', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(() => (app = clearPage(app)));

  it('takes its name from the card book its screen chose, not from the shipped set', () => {
    const file = structuredClone(data) as { id: string; characters: { id: string; name: Record<string, string> }[] };
    file.id = 'renamed';
    file.characters.find((c) => c.id === 'power-4')!.name.en = 'Raider';
    const set = loadCardSet(file);
    if (!set.ok) throw new Error(set.error.message);
    i18n.set('en');
    app = mount(Card, { target: document.body, props: { id: cardIdOf('power-4') }, context: cardBookContext(new CardBook(set.value)) });
    flushSync();
    expect(document.body.textContent).toContain('Raider');
    expect(document.body.textContent).not.toContain('Barbarian');
  });

  it('finds the shipped book by its id; a set it does not ship is shown through the shipped one', () => {
    expect(bookFor(DEFAULT_BOOK.id)).toBe(DEFAULT_BOOK);
    expect(bookFor('a-set-from-a-record')).toBe(DEFAULT_BOOK);
  });

  it('changes its name with the language', () => {
    i18n.set('en');
    app = mount(Card, { target: document.body, props: { id: cardIdOf('power-4') } });
    flushSync();
    expect(document.body.textContent).toContain('Barbarian');
    i18n.set('fr');
    flushSync();
    expect(document.body.textContent).toContain('Barbare');
    expect(document.body.textContent).not.toContain('Barbarian');
    i18n.set('hu');
    flushSync();
    expect(document.body.textContent).toContain('Barbár');
  });

  it('shows the suit by symbol and letter, not colour alone', () => {
    app = mount(Card, { target: document.body, props: { id: cardIdOf('love-7') } });
    flushSync();
    const suit = document.querySelector('[data-suit="love"]');
    expect(suit?.querySelector('svg path')).not.toBeNull();
    expect(suit?.textContent).toContain('L');
    expect(document.querySelector('[role="img"]')?.getAttribute('aria-label')).toContain('Love');
  });

  it('marks a reconstructed text and not a printed one', () => {
    app = mount(Card, { target: document.body, props: { id: cardIdOf('power-9') } }); // reconstructed
    flushSync();
    expect(document.querySelector('[data-testid="reconstructed-mark"]')?.getAttribute('title')).toMatch(/Reconstructed/);
    void unmount(app);
    app = mount(Card, { target: document.body, props: { id: cardIdOf('power-4') } }); // printed
    flushSync();
    expect(document.querySelector('[data-testid="reconstructed-mark"]')).toBeNull();
  });
});
