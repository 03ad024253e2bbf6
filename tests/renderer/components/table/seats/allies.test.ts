// A seat's allies as the screens show them, from the view's ally stacks: masked allies (Fool)
// are counted, as one ally each, in the face-down group and in the seat's total, on the board
// and in the replay viewer (AlliesBySuit) as on the game screen (AllyStacks).
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import AlliesBySuit from '../../../../../src/renderer/src/components/table/seats/AlliesBySuit.svelte';
import AllyStacks from '../../../../../src/renderer/src/components/table/seats/AllyStacks.svelte';
import { i18n } from '../../../../../src/renderer/src/lib/i18n/index.svelte';
import { allyStacks } from '../../../../../src/shared/rules';
import { stacked } from '../../../../kit/game/deal';
import { clearPage } from '../../../../kit/dom/page';
import { cardIdOf } from '../../../../../src/shared/ids';

// Seat 0's allies: a Power 2 and a Wisdom card face up, a Love 2 and the Demon masked.
const base = stacked({ players: 4, start: 0, hands: [['power-4']], options: { themeCardOpens: false } });
const state = { ...base, allies: [['power-2', 'wisdom-5', 'love-2', 'demon'].map(cardIdOf), [], [], []], masked: ['love-2', 'demon'].map(cardIdOf) };
const stacks = allyStacks(state, state.allies[0]!);

describe('allies with masked ones', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(() => (app = clearPage(app)));

  it('AlliesBySuit counts the masked allies in their face-down group and in the total', async () => {
    await i18n.set('en');
    for (const chips of [false, true]) {
      app = mount(AlliesBySuit, { target: document.body, props: { stacks, chips } });
      flushSync();
      const masked = document.querySelector('[data-testid="ally-group"][data-suit="masked"]');
      expect(masked?.querySelector('.count')?.textContent?.trim()).toBe('🂠 ×2');
      expect(document.querySelector('.groups')?.getAttribute('aria-label')).toMatch(/\b4\b/);
      app = clearPage(app);
    }
  });

  it('AllyStacks shows the masked stack counting one ally a card, and four allies in all', async () => {
    await i18n.set('en');
    app = mount(AllyStacks, { target: document.body, props: { stacks, onopen: () => {} } });
    flushSync();
    const masked = document.querySelector<HTMLElement>('[data-testid="ally-stack"][data-suit="masked"]');
    expect(masked?.dataset['counts']).toBe('2');
    expect(masked?.querySelector('b')?.textContent).toBe('2');
    expect(document.querySelector('[data-testid="ally-stacks"]')?.getAttribute('title')).toMatch(/^4 allies/);
  });
});
