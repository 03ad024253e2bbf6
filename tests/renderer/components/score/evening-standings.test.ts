// The evening's standings one glance away: beside the game from the second game of a table that
// played again (who has won how many, best first; the whole table a tap away), and in the table
// room of such a table. A first game, and the final ranking (which has them in full), show none.
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync, mount } from 'svelte';
import type { Standings } from '../../../../src/shared/protocol/standings';
import type { GameState } from '../../../../src/shared/rules';
import GameScreen from '../../../../src/renderer/src/screens/GameScreen.svelte';
import TableRoom from '../../../../src/renderer/src/screens/TableRoom.svelte';
import { connectionContext } from '../../../../src/renderer/src/lib/connection/context';
import { FakeClient, tableInfo } from '../../../kit/dom/fake-client.svelte';
import { playUntil, startGame } from '../../../kit/game/playout';
import { viewFor } from '../../../../src/shared/rules/view';
import { clearPage } from '../../../kit/dom/page';
import { seatOf } from '../../../../src/shared/ids';

let app: ReturnType<typeof mount> | undefined;
afterEach(() => (app = clearPage(app)));

/** Two games played: Bob won both, Ada has the most Fame; seat 2's bot, seat 3's bot. */
const TWO_GAMES: Standings = {
  games: 2,
  players: [
    { seat: seatOf(0), name: 'Ada', games: 2, wins: 0, fame: 21 },
    { seat: seatOf(1), name: 'Bob', games: 2, wins: 2, fame: 18 },
    { seat: seatOf(2), name: null, games: 2, wins: 0, fame: 9 },
    { seat: seatOf(3), name: null, games: 2, wins: 0, fame: 12 },
  ],
};

function game(state: GameState, standings?: Standings): FakeClient {
  const client = new FakeClient();
  client.table = { ...tableInfo(state.players), ...(standings ? { standings } : {}) };
  client.seat = seatOf(0);
  client.view = viewFor(state, seatOf(0));
  app = mount(GameScreen, { target: document.body, props: { view: client.view }, context: connectionContext(client.connection) });
  flushSync();
  return client;
}

const panel = (): HTMLDetailsElement | null => document.querySelector<HTMLDetailsElement>('[data-testid="evening"]');
const rows = (root: ParentNode): string[][] =>
  Array.from(root.querySelectorAll<HTMLElement>('[data-testid="standing"]')).map((tr) => [tr.dataset['name']!, tr.dataset['games']!, tr.dataset['wins']!, tr.dataset['fame']!]);

describe('the evening beside the game', () => {
  it('says who has won how many, best first, and opens the whole standings with your row marked', () => {
    game(startGame(4), TWO_GAMES);
    const shown = panel()!;
    expect(shown.dataset['games']).toBe('2');
    const summary = shown.querySelector<HTMLElement>('[data-testid="evening-summary"]')!;
    expect(summary.textContent).toContain('Tonight: 2 games');
    // Wins first, then Fame: Bob, Ada, then the bots by Fame.
    expect(summary.textContent).toContain('Wins: Bob 2 · Ada 0 · Bot 4 0 · Bot 3 0');
    expect(shown.open).toBe(false);
    summary.click();
    flushSync();
    expect(shown.open).toBe(true);
    expect(rows(shown)).toEqual([
      ['Bob', '2', '2', '18'],
      ['Ada', '2', '0', '21'],
      ['', '2', '0', '12'],
      ['', '2', '0', '9'],
    ]);
    expect(shown.querySelector('tr.me')?.getAttribute('data-name')).toBe('Ada');
  });

  it('is not there at a table’s first game', () => {
    game(startGame(4));
    expect(panel()).toBeNull();
  });

  it('makes way for the final ranking at the game’s end', () => {
    game(
      playUntil(4, (s) => s.over),
      TWO_GAMES,
    );
    expect(panel()).toBeNull();
    expect(document.querySelector('[data-testid="game-over"] [data-testid="standings"]')).not.toBeNull();
  }, 20_000);
});

describe('the evening in the table room', () => {
  function room(standings?: Standings): void {
    const client = new FakeClient();
    client.table = { ...tableInfo(4, 'lobby'), ...(standings ? { standings } : {}) };
    client.seat = seatOf(1);
    app = mount(TableRoom, { target: document.body, props: { origin: 'http://127.0.0.1:7420' }, context: connectionContext(client.connection) });
    flushSync();
  }

  it('shows the standings so far at a table that played again', () => {
    room(TWO_GAMES);
    const standings = document.querySelector<HTMLElement>('[data-testid="table-room"] [data-testid="standings"]')!;
    expect(standings.dataset['games']).toBe('2');
    expect(rows(standings).map((r) => r[0])).toEqual(['Bob', 'Ada', '', '']);
    expect(standings.querySelector('tr.me')?.getAttribute('data-name')).toBe('Bob');
  });

  it('shows none before a table’s first game', () => {
    room();
    expect(document.querySelector('[data-testid="standings"]')).toBeNull();
  });
});
