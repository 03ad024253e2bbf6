// The replay viewer reads like the game: the players by name (a bot by its seat), the Master's
// answer told as moves ("Steal Demon from Ann: 33 %"), and a second decision asked about while
// the first is still being worked out is asked too, each answer kept with its decision.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushSync, mount, tick } from 'svelte';
import ReplayViewer from '../../../src/renderer/src/screens/ReplayViewer.svelte';
import { connectionContext } from '../../../src/renderer/src/lib/connection/context';
import type { ReplayAnalysis, ReplayStepView, ReplayViewer as Viewer } from '../../../src/shared/protocol/events';
import { type GameState, type Seat, applyAction, currentDecider, legalActions, viewFor } from '../../../src/shared/rules';
import { DEFAULT_BOOK } from '../../../src/shared/card-book';
import { actionText } from '../../../src/renderer/src/lib/table/action-text';
import { t } from '../../../src/renderer/src/lib/i18n/index.svelte';
import { startGame } from '../../kit/game/playout';
import { FakeClient } from '../../kit/dom/fake-client.svelte';
import { clearPage } from '../../kit/dom/page';
import { pacing } from '../../../src/renderer/src/lib/story/speed.svelte';
import { cardIdOf, seatOf } from '../../../src/shared/ids';

let app: ReturnType<typeof mount> | undefined;
// Instant, as a replay is stepped through: no card flies in (happy-dom cancels flights as rejections).
beforeEach(() => pacing.set('instant'));
afterEach(() => {
  app = clearPage(app);
  pacing.set('normal');
});

/** A seeded game's first states, as the host's replay gives them. */
function played(actions: number): { states: GameState[]; actors: Seat[] } {
  const states = [startGame(4, 'replay-viewer')];
  const actors: Seat[] = [];
  for (let i = 0; i < actions; i++) {
    const s = states.at(-1)!;
    const seat = currentDecider(s)!;
    const next = applyAction(s, legalActions(s, seat)[0]!);
    if (!next.ok) throw new Error(next.error.message);
    actors.push(seat);
    states.push(next.value.state);
  }
  return { states, actors };
}
const { states, actors } = played(40);
const session = {
  last: states.length - 1,
  actors,
  decisions: (seat: number) => actors.flatMap((s, v) => (s === seat ? [v] : [])),
  step: (version: number, as: Viewer): ReplayStepView => ({ view: viewFor(states[version]!, as === 'all' ? 'spectator' : as), hands: null }),
};

const settle = async () => {
  for (let i = 0; i < 5; i++) {
    await tick();
    await new Promise((r) => setTimeout(r, 0));
  }
  flushSync();
};

function viewer(answers: (version: number) => Promise<ReplayAnalysis | null>): FakeClient {
  const client = new FakeClient();
  client.replayStep = (version: number, as: unknown) => Promise.resolve(session.step(version, as as Viewer));
  client.replayLog = () => Promise.resolve([]);
  client.replayAnalyse = (version: number) => {
    client.calls.push({ method: 'replayAnalyse', args: [version] });
    return answers(version);
  };
  const props = { opened: { players: 4, last: session.last, actors: session.actors, failure: null, names: ['Ann', 'Bob', null, 'Dee'] }, onclose: () => {} };
  app = mount(ReplayViewer, { target: document.body, props, context: connectionContext(client.connection) });
  return client;
}

async function showAs(seat: number, version: number): Promise<void> {
  const select = document.querySelector<HTMLSelectElement>('[data-testid="replay-viewer"]')!;
  select.value = String(seat);
  select.dispatchEvent(new Event('change', { bubbles: true }));
  const range = document.querySelector<HTMLInputElement>('input[type="range"]')!;
  range.value = String(version);
  range.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
}

describe('the replay viewer', () => {
  it('names the players (a bot by its seat) and tells the Master’s answer as moves with their chances', async () => {
    const demon = 'demon';
    const steal: ReplayAnalysis = {
      kind: 'steal',
      master: { seat: seatOf(1), choose: { target: seatOf(0), card: cardIdOf(demon) } },
      masterWin: 0.33,
      played: { seat: seatOf(1), play: cardIdOf('x') },
      playedWin: 0.41,
      worlds: 50,
    };
    const face: ReplayAnalysis = { ...steal, played: { seat: seatOf(1), choose: { target: seatOf(3), card: cardIdOf('king') } } };
    viewer(() => Promise.resolve(face));
    await settle();
    const seats = [...document.querySelectorAll('[data-testid="replay-seat"] h3')].map((h) => h.textContent?.split('·')[0]?.trim());
    expect(seats).toEqual(['Ann', 'Bob', 'Bot 3', 'Dee']);
    expect([...document.querySelectorAll('[data-testid="replay-viewer"] option')].map((o) => o.textContent)).toContain('Ann');

    const decision = session.decisions(1)[0]!;
    await showAs(1, decision);
    expect(document.querySelector('[data-testid="replay-decision"]')?.textContent).toContain('Bob decides here.');
    document.querySelector<HTMLButtonElement>('[data-testid="replay-analyse"]')!.click();
    await settle();
    expect(document.querySelector('[data-testid="replay-master"]')?.textContent).toBe(`The Master · Steal ${DEFAULT_BOOK.cardName(cardIdOf(demon), 'en')} from Ann: 33 %`);
    expect(document.querySelector('[data-testid="replay-played"]')?.textContent).toBe(`Played · Steal ${DEFAULT_BOOK.cardName(cardIdOf('king'), 'en')} from Dee: 41 %`);
  });

  it('asks about a second decision while the first is still being worked out, and keeps each answer with its decision', async () => {
    const pending = new Map<number, (a: ReplayAnalysis) => void>();
    const client = viewer((version) => new Promise((resolve) => pending.set(version, resolve)));
    await settle();
    const [first, second] = session.decisions(2);
    await showAs(2, first!);
    document.querySelector<HTMLButtonElement>('[data-testid="replay-analyse"]')!.click();
    await settle();
    expect(document.querySelector('[role="status"]')?.textContent).toBe('The Master is thinking…');
    await showAs(2, second!);
    const ask = document.querySelector<HTMLButtonElement>('[data-testid="replay-analyse"]')!;
    expect(ask.disabled, 'another decision may be asked about at once').toBe(false);
    ask.click();
    await settle();
    expect(document.querySelector('[role="status"]')?.textContent).toBe(t('replay.waiting'));
    expect(client.calls.filter((c) => c.method === 'replayAnalyse').map((c) => c.args[0])).toEqual([first, second]);
    const answer = (card: string): ReplayAnalysis => ({
      kind: 'play',
      master: { seat: seatOf(2), play: cardIdOf(card) },
      masterWin: 0.5,
      played: { seat: seatOf(2), play: cardIdOf(card), faceDown: true },
      playedWin: 0.25,
      worlds: 50,
    });
    pending.get(first!)!(answer('king'));
    pending.get(second!)!(answer('dragon'));
    await settle();
    expect(document.querySelector('[data-testid="replay-played"]')?.textContent).toBe(`Played · Play ${DEFAULT_BOOK.cardName(cardIdOf('dragon'), 'en')} face down: 25 %`);
    await showAs(2, first!);
    expect(document.querySelector('[data-testid="replay-master"]')?.textContent).toBe(`The Master · Play ${DEFAULT_BOOK.cardName(cardIdOf('king'), 'en')}: 50 %`);
  });
});

describe('the replay’s hands', () => {
  it('open a card of a seat’s hand in the card sheet, and the arrow keys wait while it is read', async () => {
    viewer(() => Promise.resolve(null));
    await showAs(1, 3);
    const card = document.querySelector<HTMLElement>('[data-testid="replay-seat"] .hand button[data-card]');
    expect(card, 'a hand card is a button').not.toBeNull();
    card!.click();
    flushSync();
    const sheet = document.querySelector<HTMLElement>('[data-testid="card-sheet"]')!;
    expect(sheet.textContent).toContain(DEFAULT_BOOK.cardName(cardIdOf(card!.dataset['card']!), 'en'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    await settle();
    expect(document.querySelector('[data-testid="replay"]')?.getAttribute('data-version')).toBe('3');
    sheet.querySelector<HTMLElement>('button[aria-label="Close"]')!.click();
    flushSync();
    expect(document.querySelector('[data-testid="card-sheet"]')).toBeNull();
  });
});

describe('the replay viewer’s allies', () => {
  it('names each ally whole, as a chip a tap opens (a stack of mini cards cut them to "Barb…")', async () => {
    viewer(() => Promise.resolve(null));
    await showAs(0, session.last);
    const allies = [...document.querySelectorAll<HTMLElement>('[data-testid="ally-group"] button[data-card]')];
    expect(allies.length, 'allies taken by the 40th action').toBeGreaterThan(0);
    for (const chip of allies) expect(chip.querySelector('.name')?.textContent).toBe(DEFAULT_BOOK.cardName(cardIdOf(chip.dataset['card']!), 'en'));
    allies[0]!.click();
    flushSync();
    expect(document.querySelector('[data-testid="card-sheet"]')?.textContent).toContain(DEFAULT_BOOK.cardName(cardIdOf(allies[0]!.dataset['card']!), 'en'));
  });
});

describe('actionText', () => {
  const ctx = { names: ['Ann', 'Bob', 'Bot 3'], lang: 'en' as const, book: DEFAULT_BOOK, t };
  const name = (id: string) => DEFAULT_BOOK.cardName(cardIdOf(id), 'en');
  it('tells every kind of move as the player would say it', () => {
    expect(actionText({ seat: seatOf(0), play: cardIdOf('power-4'), faceDown: true }, 'play', ctx)).toBe(`Play ${name('power-4')} face down`);
    expect(actionText({ seat: seatOf(0), choose: { target: seatOf(1), card: cardIdOf('love-6') } }, 'discardAlly', ctx)).toBe(`Discard Bob's ally ${name('love-6')}`);
    expect(actionText({ seat: seatOf(0), choose: { target: seatOf(2), card: cardIdOf('love-6') } }, 'gift', ctx)).toBe(`Give ${name('love-6')} to Bot 3`);
    expect(actionText({ seat: seatOf(0), choose: { place: seatOf(1) } }, 'return', ctx)).toBe("Send Bob's face-down card back");
    expect(actionText({ seat: seatOf(0), choose: { target: seatOf(1) } }, 'insight', ctx)).toBe("Look at Bob's hand");
    expect(actionText({ seat: seatOf(0), choose: { target: seatOf(0) } }, 'demonChoice', ctx)).toBe('Give the Demon to Ann');
  });
});
