// The Return prompt names a face-down card of the meeting by whose it is (ruling 14), in every
// language, and answers with the place, never a card id.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount } from 'svelte';
import ChoicePrompt from '../../src/renderer/src/components/ChoicePrompt.svelte';
import { i18n } from '../../src/renderer/src/lib/i18n/index.svelte';
import { clearPage } from './helpers/page';

describe('ChoicePrompt', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(() => (app = clearPage(app)));

  it('offers a face-down card as "seat N’s face-down card" and answers with its place', () => {
    const onchoose = vi.fn();
    const choices = [
      { seat: 3, choose: { card: 'power-2' } },
      { seat: 3, choose: { place: 2 } },
    ];
    app = mount(ChoicePrompt, { target: document.body, props: { kind: 'return', choices, names: ['Ann', 'Bob', 'Cy', 'Dee'], me: 3, masked: [], onchoose } });
    flushSync();
    const option = document.querySelector<HTMLButtonElement>('[data-place="2"]')!;
    expect(option.getAttribute('aria-label')).toBe('Cy’s face-down card');
    expect(option.textContent).toContain('Cy’s face-down card');
    expect(option.outerHTML).not.toMatch(/data-card/);
    for (const [lang, text] of [
      ['hu', 'Cy lefordított kártyája'],
      ['fr', 'Carte face cachée de Cy'],
    ] as const) {
      i18n.set(lang);
      flushSync();
      expect(document.querySelector('[data-place="2"]')!.textContent).toContain(text);
    }
    document.querySelector<HTMLButtonElement>('[data-place="2"]')!.click();
    expect(onchoose).toHaveBeenCalledWith({ seat: 3, choose: { place: 2 } });
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    expect(onchoose).toHaveBeenLastCalledWith({ seat: 3, choose: { card: 'power-2' } });
  });
});
