// The game-over panel names the winners to each reader: "You won!" to a sole winner (not "You
// won! Ann wins!"), who shared the win with them, or who won, in each language.
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync, mount, unmount } from 'svelte';
import GameOver from '../../../../src/renderer/src/components/score/GameOver.svelte';
import { i18n } from '../../../../src/renderer/src/lib/i18n/index.svelte';
import { clearPage } from '../../../kit/dom/page';
import { seatOf } from '../../../../src/shared/ids';

const names = ['Ann', 'Bob', 'Cyd'];
const noop = () => {};

describe('GameOver', () => {
  let app: ReturnType<typeof mount> | undefined;
  afterEach(() => (app = clearPage(app)));

  const winnersText = (winners: number[], me: number | null): string => {
    const [won, seat] = [winners.map(seatOf), me === null ? null : seatOf(me)];
    if (app) void unmount(app);
    app = mount(GameOver, { target: document.body, props: { winners: won, fame: [3, 3, 1], names, me: seat, rounds: [[1, 1, 0]], onleave: noop, onscore: noop, onsave: noop } });
    flushSync();
    return document.querySelector('[data-testid="winners"]')?.textContent?.trim() ?? '';
  };

  it('tells a sole winner they won, a shared winner with whom, and the others who won', async () => {
    expect(winnersText([0], 0)).toBe('You won!');
    expect(winnersText([0, 1], 0)).toBe('You won, with Bob!');
    expect(winnersText([0], 2)).toBe('Ann wins!');
    expect(winnersText([0, 1], null)).toBe('Ann & Bob win!');
    await i18n.set('fr');
    expect(winnersText([0], 0)).toBe('Vous avez gagné !');
    expect(winnersText([0, 1], 0)).toBe('Vous avez gagné, avec Bob !');
  });
});
