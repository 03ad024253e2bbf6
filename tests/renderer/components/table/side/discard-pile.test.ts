// The discard pile names its top card whole, as a chip that opens it (a mini card had room for a
// few of its letters), in the reader's language; an empty pile names nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import DiscardPile from '../../../../../src/renderer/src/components/table/side/DiscardPile.svelte';
import { i18n } from '../../../../../src/renderer/src/lib/i18n/index.svelte';
import { DEFAULT_BOOK } from '../../../../../src/shared/card-book';
import { clearPage } from '../../../../kit/dom/page';

describe('DiscardPile', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(() => (app = clearPage(app)));

  it('names its top card whole, in the reader’s language', async () => {
    const longest = [...DEFAULT_BOOK.characters].sort((a, b) => b.name.hu.length - a.name.hu.length)[0]!;
    app = mount(DiscardPile, { target: document.body, props: { top: longest.id, count: 5, burned: null, historyDeckCount: 7 } });
    flushSync();
    const name = () => document.querySelector('[data-testid="discard-top"] button[data-card] .name')?.textContent;
    expect(name()).toBe(longest.name.en);
    await i18n.set('hu');
    flushSync();
    expect(name()).toBe(longest.name.hu);
  });

  it('names nothing when empty', () => {
    app = mount(DiscardPile, { target: document.body, props: { top: null, count: 0, burned: null, historyDeckCount: 7 } });
    flushSync();
    expect(document.querySelector('[data-testid="discard-top"]')).toBeNull();
    expect(document.querySelector('[data-testid="discard"]')?.textContent).toContain('0 cards');
  });
});
