// A game played on one page move by move, at one round trip a look, for specs that do something
// between moves: look at each view it has a move in (at several sizes), reload the page, leave the table.
// As in quick-turns.ts, the page itself waits for what comes next (a DOM observer, no polling
// frames), scrolls the control into view and says where it is only when nothing covers it; the
// click is the browser's own mouse input at that point.
import { type Page, expect } from '@playwright/test';

export type Click = 'summary' | 'confirm' | 'answer' | 'play';

/** What the page answers when it looks. */
type Look =
  | { readonly over: true }
  | { readonly timeout: true; readonly shows: string }
  | { readonly covered: string }
  | { readonly sees: true }
  | { readonly click: Click; readonly x: number; readonly y: number; readonly version: string };

/** After this long a move in the view a play was sent in counts again (a click that sent nothing), and a covered control counts as covered. */
const RETRY_MS = 1000;
/** A page with nothing to do and no new view for this long has stalled. */
const TIMEOUT_MS = 20_000;

/**
 * In-page (a string: the e2e project has no DOM types, and the page's CSP forbids eval of
 * functions): waits until `watch` selects something, the game is over, or the table is not
 * waiting on an answer and offers a move, then resolves with the move's point. `after`: the
 * version a play or a Confirm was sent in; the move must come with a newer view (the answered
 * prompt stays on the page until then).
 */
const LOOK = (after: string | null, watch: string | null): string => `new Promise((resolve) => {
  const after = ${JSON.stringify(after)};
  const started = performance.now();
  const shown = (el) => el !== null && el.getClientRects().length > 0;
  const watch = ${JSON.stringify(watch)};
  const find = () => {
    if (watch !== null && document.querySelector(watch)) return { sees: true };
    if (document.querySelector('[data-testid="game-over"]')) return { over: true };
    const table = document.querySelector('[data-testid="table"]');
    if (!table || table.getAttribute('aria-busy') === 'true') return null;
    const version = table.dataset.version;
    if (after !== null && version === after && performance.now() - started < ${RETRY_MS}) return null;
    const summary = document.querySelector('[data-testid="summary-continue"]');
    const confirm = document.querySelector('[data-testid="choice-confirm"]');
    const option = document.querySelector('[data-testid="hand-card-legal"][data-legal="true"], [data-testid="choice-option"]');
    const [click, el] = shown(summary) ? ['summary', summary] : shown(confirm) ? ['confirm', confirm] : option ? [option.dataset.testid === 'choice-option' ? 'answer' : 'play', option] : [null, null];
    if (el === null || el.disabled) return null;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    if (top === null || !el.contains(top)) return { covered: click + ' under ' + (top ? top.outerHTML.slice(0, 160) : 'nothing (off screen)') };
    return { click, x, y, version };
  };
  let timer = null;
  let retry = null;
  const observer = new MutationObserver(() => check());
  const done = (result) => {
    observer.disconnect();
    clearTimeout(timer);
    clearInterval(retry);
    resolve(result);
  };
  const check = () => {
    const found = find();
    // Something may still be moving off the control (a view landing): covered counts once it stays so.
    if (found !== null && !(found.covered && performance.now() - started < ${RETRY_MS})) done(found);
  };
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  // Once the retry time is up a move in the same view counts again, with or without a change.
  retry = setInterval(check, ${RETRY_MS});
  timer = setTimeout(() => done({ timeout: true, shows: (document.querySelector('[data-testid="turn-banner"]')?.textContent ?? '').trim() }), ${TIMEOUT_MS});
  check();
})`;


export interface MoveHooks {
  /** Every new view in which the page has a move, before the move (it may resize the page: the move is looked for again after it). */
  readonly onView?: (version: string) => Promise<void>;
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
 * and sees no new view for 20 s fails, saying what its turn banner shows.
 */
export async function playMoves(page: Page, hooks: MoveHooks = {}): Promise<{ readonly over: boolean; readonly clicks: number; readonly views: number }> {
  let after: string | null = null;
  let seen: string | null = null;
  let clicks = 0;
  let views = 0;
  let covered = 0;
  for (;;) {
    const found: Look = await page.evaluate<Look>(LOOK(after, hooks.watch?.selector ?? null));
    if ('sees' in found) {
      if (hooks.watch && !(await hooks.watch.seen())) return { over: false, clicks, views };
      continue;
    }
    if ('over' in found) return { over: true, clicks, views };
    if ('timeout' in found) throw new Error(`no move and no new view for ${TIMEOUT_MS / 1000} s after version ${after}; the turn banner says "${found.shows}"`);
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
    if (hooks.beforeMove && !(await hooks.beforeMove(found.click))) return { over: false, clicks, views };
    await page.mouse.click(found.x, found.y);
    clicks += 1;
    // A play or a Confirm sends: its answer comes as a newer view. A closed summary or a picked answer leads to the next click at once.
    after = found.click === 'play' || found.click === 'confirm' ? found.version : null;
    // After a reload the turn may still be this page's: look again from scratch.
    if (await hooks.afterMove?.()) after = null;
  }
}
