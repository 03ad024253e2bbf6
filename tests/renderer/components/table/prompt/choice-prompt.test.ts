// The Return prompt names a face-down card of the meeting by whose it is (ruling 14), in every
// language, and answers with the place, never a card id. Options are sorted, all reachable by
// keys (handed over by the table's key map), and an answer waits for its Confirm.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount } from 'svelte';
import ChoicePrompt from '../../../../../src/renderer/src/components/table/prompt/ChoicePrompt.svelte';
import { i18n } from '../../../../../src/renderer/src/lib/i18n/index.svelte';
import { DEFAULT_BOOK } from '../../../../../src/shared/card-book';
import { clearPage } from '../../../../kit/dom/page';
import { cardIdOf, seatOf } from '../../../../../src/shared/ids';
import type { ChooseAction } from '../../../../../src/shared/rules/actions';
import { type PlainAction, act } from '../../../../kit/game/deal';

/** An answer as the prompt is given it, written with plain numbers and strings. */
const chosen = (a: PlainAction): ChooseAction => act(a) as ChooseAction;

describe('ChoicePrompt', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(() => (app = clearPage(app)));
  /** A key as the table's key map hands it to the prompt on show. */
  const press = (key: string): boolean => (app as unknown as { press: (key: string) => boolean }).press(key);

  it('offers a face-down card as "seat N’s face-down card" and answers with its place', () => {
    const onchoose = vi.fn();
    const choices = [
      { seat: 3, choose: { card: 'power-2' } },
      { seat: 3, choose: { place: 2 } },
    ].map(chosen);
    app = mount(ChoicePrompt, { target: document.body, props: { kind: 'return', choices, names: ['Ann', 'Bob', 'Cy', 'Dee'], me: seatOf(3), masked: [], onchoose } });
    flushSync();
    const option = document.querySelector<HTMLButtonElement>('[data-place="2"]')!;
    // Its name is the card back's; the caption under the back says whose it is (hidden from readers, who hear the name).
    expect(option.hasAttribute('aria-label')).toBe(false);
    expect(option.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('Cy’s face-down card');
    expect(option.querySelector('.caption')!.textContent).toBe('Cy');
    expect(option.outerHTML).not.toMatch(/data-card/);
    for (const [lang, text] of [
      ['hu', 'Cy lefordított kártyája'],
      ['fr', 'Carte face cachée de Cy'],
    ] as const) {
      i18n.set(lang);
      flushSync();
      expect(document.querySelector('[data-place="2"] [role="img"]')!.getAttribute('aria-label')).toBe(text);
    }
    document.querySelector<HTMLButtonElement>('[data-place="2"]')!.click();
    flushSync();
    confirm();
    expect(onchoose).toHaveBeenCalledWith({ seat: 3, choose: { place: 2 } });
    press('1');
    flushSync();
    confirm();
    expect(onchoose).toHaveBeenLastCalledWith({ seat: 3, choose: { card: 'power-2' } });
  });

  it('says the picked answer as the move it makes before its Confirm, you named as yourself', () => {
    i18n.set('en');
    const choices = [
      { seat: 0, choose: { target: 1, card: 'love-6' } },
      { seat: 0, choose: { target: 0, card: 'power-4' } },
    ].map(chosen);
    app = mount(ChoicePrompt, { target: document.body, props: { kind: 'steal', choices, names: ['Ann', 'Bob', 'Cy'], me: seatOf(0), masked: [], onchoose: vi.fn() } });
    flushSync();
    document.querySelector<HTMLButtonElement>('[data-target="1"]')!.click();
    flushSync();
    document.querySelector<HTMLElement>('[data-testid="choice-option"]')!.click();
    flushSync();
    expect(document.querySelector('.chosen')!.textContent).toBe(`Your answer: Steal ${DEFAULT_BOOK.cardName(cardIdOf('love-6'), 'en')} from Bob. Confirm to send it.`);
    document.querySelector<HTMLButtonElement>('[data-testid="choice-change"]')!.click();
    document.querySelector<HTMLButtonElement>('.back')!.click();
    flushSync();
    document.querySelector<HTMLButtonElement>('[data-target="0"]')!.click();
    flushSync();
    document.querySelector<HTMLElement>('[data-testid="choice-option"]')!.click();
    flushSync();
    expect(document.querySelector('.chosen')!.textContent).toBe(`Your answer: Steal ${DEFAULT_BOOK.cardName(cardIdOf('power-4'), 'en')} from Ann (you). Confirm to send it.`);
  });

  const confirm = (): void => document.querySelector<HTMLButtonElement>('[data-testid="choice-confirm"]')!.click();
  const recall = (ids: string[]) => ids.map((card) => chosen({ seat: 0, choose: { card } }));
  const TEN = ['love-3', 'power-9', 'wisdom-1', 'power-2', 'king', 'love-10', 'wisdom-7', 'power-5', 'sage', 'love-6'];

  it('sorts the options by suit and strength and numbers the first nine', () => {
    app = mount(ChoicePrompt, { target: document.body, props: { kind: 'recall', choices: recall(TEN), names: ['Ann', 'Bob'], me: seatOf(0), masked: [], onchoose: vi.fn() } });
    flushSync();
    const options = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="choice-option"]'));
    expect(options.map((o) => o.dataset['card'])).toEqual(['power-2', 'power-5', 'power-9', 'wisdom-1', 'wisdom-7', 'love-3', 'love-6', 'love-10', 'king', 'sage']);
    expect(options.map((o) => o.querySelector('kbd')?.textContent ?? null)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', null]);
  });

  it('reaches every option with the arrow keys, beyond nine, and holds the answer for its Confirm until changed', () => {
    const onchoose = vi.fn();
    app = mount(ChoicePrompt, { target: document.body, props: { kind: 'recall', choices: recall(TEN), names: ['Ann', 'Bob'], me: seatOf(0), masked: [], onchoose } });
    flushSync();
    const options = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="choice-option"]'));
    options[0]!.focus();
    options[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
    expect(document.activeElement).toBe(options[9]);
    options[9]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(document.activeElement).toBe(options[0]);
    options[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(document.activeElement).toBe(options[9]);
    options[9]!.click();
    flushSync();
    expect(onchoose).not.toHaveBeenCalled();
    expect(options[9]!.getAttribute('aria-pressed')).toBe('true');
    // Taken back: Esc, then another answer, confirmed.
    press('Escape');
    flushSync();
    expect(document.querySelector('[data-testid="choice-confirm"]')).toBeNull();
    press('4');
    flushSync();
    expect(document.querySelector('[data-testid="choice-prompt"]')!.textContent).toContain('Your answer: Take Witch back into your hand.');
    confirm();
    expect(onchoose).toHaveBeenCalledTimes(1);
    expect(onchoose).toHaveBeenCalledWith({ seat: 0, choose: { card: 'wisdom-1' } });
  });

  it('sends at once when confirmations are turned off', () => {
    const onchoose = vi.fn();
    app = mount(ChoicePrompt, { target: document.body, props: { kind: 'recall', choices: recall(TEN), names: ['Ann', 'Bob'], me: seatOf(0), masked: [], onchoose } });
    flushSync();
    document.querySelector<HTMLInputElement>('[data-testid="skip-confirm"]')!.click();
    flushSync();
    press('2');
    expect(onchoose).toHaveBeenCalledWith({ seat: 0, choose: { card: 'power-5' } });
    document.querySelector<HTMLInputElement>('[data-testid="skip-confirm"]')!.click();
  });
});
