// A game played on one page move by move, at one round trip a look: the page itself waits for
// what comes next (look-loop.ts: a DOM observer, no polling frames), scrolls the control into
// view and gives a point only where the control itself is on top (touch-taps.ts); the click is
// the browser's own mouse input at that point. Locator clicks ask the page a dozen times a click and wait for two still frames: with
// several pages on a two-core machine that was most of a whole-game spec's time. Hooks let a
// spec look at each view it has a move in (at several sizes), read each round summary, reload
// the page, stop before a move, or deal first with something whenever it shows (a guide).
import { type Page, expect } from '@playwright/test';
import { lookLoop } from './look-loop';
import { POINT_ON_TOP } from './touch-taps';

export type Click = 'summary' | 'confirm' | 'answer' | 'play';

/** What the page answers when it looks. */
type Look =
  | { readonly over: true }
  | { readonly timeout: true; readonly shows: string }
  | { readonly covered: string }
  | { readonly sees: true }
  | { readonly shown: string }
  | { readonly click: Click; readonly x: number; readonly y: number; readonly version: string; readonly again: boolean };

/** After this long a move in the view a play was sent in counts again (a click that sent nothing), and a covered control counts as covered. */
const RETRY_MS = 1000;
/** A page with nothing to do and no new view for this long has stalled. */
const TIMEOUT_MS = 20_000;

/**
 * In-page (a string: the e2e project has no DOM types, and the page's CSP forbids eval of
 * functions): waits until `watch` selects something, the game is over, one of the test ids in
 * `shownIds` shows, or the table is not waiting on an answer and offers a move, then resolves
 * with the move's point. `after`: the version a play or a Confirm was sent in; the move must
 * come with a newer view (the answered prompt stays on the page until then). The round summary
 * last clicked (`clickedSummary`: the one the last look offered) is waited out the same way:
 * found again after RETRY_MS it comes back marked `again`.
 */
const LOOK = (after: string | null, watch: string | null, shownIds: readonly string[], clickedSummary: boolean): string =>
  lookLoop(
    `() => {
    const after = ${JSON.stringify(after)};
    // The summary a look offered counts as clicked only once the click was made (a hook may have run instead).
    if (${clickedSummary}) window.__lastSummary = window.__offeredSummary;
    const watch = ${JSON.stringify(watch)};
    if (watch !== null && document.querySelector(watch)) return { sees: true };
    if (document.querySelector('[data-testid="game-over"]')) return { over: true };
    const id = ${JSON.stringify(shownIds)}.find((id) => shown(document.querySelector('[data-testid="' + id + '"]')));
    if (id !== undefined) return { shown: id };
    const table = document.querySelector('[data-testid="table"]');
    if (!table || table.getAttribute('aria-busy') === 'true') return null;
    const version = table.dataset.version;
    if (after !== null && version === after && performance.now() - started < ${RETRY_MS}) return null;
    const summary = document.querySelector('[data-testid="summary-continue"]');
    const again = summary !== null && summary === window.__lastSummary;
    if (again && shown(summary) && performance.now() - started < ${RETRY_MS}) return null;
    const confirm = document.querySelector('[data-testid="choice-confirm"]');
    const option = document.querySelector('[data-testid="hand-card-legal"][data-legal="true"], [data-testid="choice-option"]');
    const [click, el] = shown(summary) ? ['summary', summary] : shown(confirm) ? ['confirm', confirm] : option ? [option.dataset.testid === 'choice-option' ? 'answer' : 'play', option] : [null, null];
    if (el === null || el.disabled) return null;
    const at = ${POINT_ON_TOP}(el);
    if (!('x' in at)) return { covered: click + ' under ' + (at.top ? at.top.outerHTML.slice(0, 160) : 'nothing (off screen)') };
    if (click === 'summary') window.__offeredSummary = summary;
    return { click, x: at.x, y: at.y, version, again: click === 'summary' && again };
  }`,
    RETRY_MS,
    TIMEOUT_MS,
  );

export interface MoveHooks {
  /** Every new view in which the page has a move, before the move (it may resize the page: the move is looked for again after it). */
  readonly onView?: (version: string) => Promise<void>;
  /** Once for each round summary, while it is on screen and before it is closed. */
  readonly onSummary?: () => Promise<void>;
  /** By test id: called once, the first time that element shows (while it shows, as far as the page can tell). */
  readonly onShown?: Readonly<Record<string, () => Promise<void>>>;
  /** Before each move (what it will click): false stops here, the move not made. */
  readonly beforeMove?: (click: Click) => boolean | Promise<boolean>;
  /** Something to deal with before any move whenever it shows (e.g. a guide to read): its selector, and what to do; false stops. */
  readonly watch?: { readonly selector: string; readonly seen: () => Promise<boolean> };
  /** After each click: true when it reloaded the page (which may have dropped the answer with it). */
  readonly afterMove?: () => Promise<boolean>;
}

/**
 * Plays the page's moves (a summary closed, an answer and its Confirm, the first legal card)
 * until its game-over screen shows, or `beforeMove` stops it. A page that has nothing to do
 * and sees no new view for 20 s fails, saying what its turn banner shows; so does a control
 * that stays covered, or a round summary that stays open after its Continue.
 */
export async function playMoves(page: Page, hooks: MoveHooks = {}): Promise<{ readonly over: boolean; readonly clicks: number; readonly views: number }> {
  const shownIds = Object.keys(hooks.onShown ?? {});
  let after: string | null = null;
  let seen: string | null = null;
  let clicks = 0;
  let views = 0;
  let covered = 0;
  let reclosed = 0;
  let clickedSummary = false;
  for (;;) {
    const found: Look = await page.evaluate<Look>(LOOK(after, hooks.watch?.selector ?? null, shownIds, clickedSummary));
    clickedSummary = false;
    if ('sees' in found) {
      if (hooks.watch && !(await hooks.watch.seen())) return { over: false, clicks, views };
      continue;
    }
    if ('over' in found) return { over: true, clicks, views };
    if ('timeout' in found) throw new Error(`no move and no new view for ${TIMEOUT_MS / 1000} s after version ${after}; the turn banner says "${found.shows}"`);
    if ('shown' in found) {
      shownIds.splice(shownIds.indexOf(found.shown), 1);
      await hooks.onShown![found.shown]!();
      continue;
    }
    if ('covered' in found) {
      // Covered for a second at a time: a control that stays covered fails as it would for a player.
      expect(++covered, `the ${found.covered}`).toBeLessThan(3);
      after = null;
      continue;
    }
    covered = 0;
    if (hooks.onView && found.version !== seen) {
      seen = found.version;
      views += 1;
      await hooks.onView(found.version);
      continue;
    }
    // A summary still open a second after its Continue was clicked: clicked again, read once.
    reclosed = found.again ? reclosed + 1 : 0;
    expect(reclosed, 'the round summary stays open after Continue').toBeLessThan(3);
    if (found.click === 'summary' && !found.again) await hooks.onSummary?.();
    if (hooks.beforeMove && !(await hooks.beforeMove(found.click))) return { over: false, clicks, views };
    await page.mouse.click(found.x, found.y);
    clickedSummary = found.click === 'summary';
    clicks += 1;
    // A play or a Confirm sends: its answer comes as a newer view. A closed summary or a picked answer leads to the next click at once.
    after = found.click === 'play' || found.click === 'confirm' ? found.version : null;
    // After a reload the turn may still be this page's: look again from scratch.
    if (await hooks.afterMove?.()) after = null;
  }
}
