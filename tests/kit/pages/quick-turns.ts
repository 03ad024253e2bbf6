// A whole game played on one page by real mouse clicks, at one round trip a look: for specs that
// play many games through several pages at once (a game night). The page itself waits for its
// next move (a DOM observer, no polling frames), scrolls the control into view, and says where
// it is only when nothing covers it; the click is then the browser's own mouse input at that
// point. playWholeGame (solo.ts) does the same through Playwright's locator clicks, which ask
// the page a dozen times a click: with three pages on a two-core machine that was most of a
// game night's minutes.
import { type Page, expect } from '@playwright/test';

/** What the page answers when it looks for its next move. */
type Look =
  | { readonly over: true }
  | { readonly timeout: true; readonly shows: string }
  | { readonly covered: string }
  | { readonly shown: string }
  | { readonly click: 'summary' | 'confirm' | 'answer' | 'play'; readonly x: number; readonly y: number; readonly version: string; readonly again: boolean };

/**
 * In-page (a string: the e2e project has no DOM types): waits until the game is over, or the
 * table is not waiting on an answer and offers a move, then resolves with the move's point.
 * `after`: the version a play or a Confirm was sent in; the move found must come with a newer
 * view (the answered prompt stays on the page until then). After `retryMs` a move in the same
 * view counts again (a click that sent nothing, e.g. a card that moved under the pointer).
 * The round summary last clicked (window.__quickSummary) is waited out the same way: found
 * again after `retryMs` it comes back marked `again`. `watch`: test ids to report as soon as
 * one shows, before any move.
 */
const LOOK = (after: string | null, watch: readonly string[], retryMs: number, timeoutMs: number): string => `new Promise((resolve) => {
  const after = ${JSON.stringify(after)};
  const watch = ${JSON.stringify(watch)};
  const started = performance.now();
  const shown = (el) => el !== null && el.getClientRects().length > 0;
  const find = () => {
    if (document.querySelector('[data-testid="game-over"]')) return { over: true };
    const seen = watch.find((id) => shown(document.querySelector('[data-testid="' + id + '"]')));
    if (seen !== undefined) return { shown: seen };
    const table = document.querySelector('[data-testid="table"]');
    if (!table || table.getAttribute('aria-busy') === 'true') return null;
    const version = table.dataset.version;
    if (after !== null && version === after && performance.now() - started < ${retryMs}) return null;
    const summary = document.querySelector('[data-testid="summary-continue"]');
    const again = summary !== null && summary === window.__quickSummary;
    if (again && shown(summary) && performance.now() - started < ${retryMs}) return null;
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
    if (click === 'summary') window.__quickSummary = summary;
    return { click, x, y, version, again: click === 'summary' && again };
  };
  let observer = null;
  let timer = null;
  const done = (result) => {
    observer?.disconnect();
    clearTimeout(timer);
    clearInterval(retry);
    resolve(result);
  };
  const check = () => {
    const found = find();
    // Something may still be moving off the control (a view landing): covered counts once it stays so.
    if (found !== null && !(found.covered && performance.now() - started < ${retryMs})) done(found);
  };
  observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  // Once the retry time is up a move in the same view counts again, with or without a change.
  const retry = setInterval(check, ${retryMs});
  timer = setTimeout(() => done({ timeout: true, shows: (document.querySelector('[data-testid="turn-banner"]')?.textContent ?? '').trim() }), ${timeoutMs});
  check();
})`;

export interface QuickHooks {
  /** Called once for each round summary, while it is on screen and before it is closed. */
  readonly onSummary?: () => Promise<void>;
  /** By test id: called once, the first time that element shows (while it shows, as far as the page can tell). */
  readonly onShown?: Readonly<Record<string, () => Promise<void>>>;
}

/** Plays the page's moves until its game-over screen shows: a summary closed, an answer and its Confirm, the first legal card. Returns the clicks made. */
export async function playQuickly(page: Page, hooks: QuickHooks = {}): Promise<number> {
  const watch = Object.keys(hooks.onShown ?? {});
  let after: string | null = null;
  let clicks = 0;
  let covered = 0;
  let reclosed = 0;
  for (;;) {
    const look: Look = await page.evaluate<Look>(LOOK(after, watch, 1000, 20_000));
    if ('over' in look) return clicks;
    if ('timeout' in look) throw new Error(`no move and no new view for 20 s after version ${after}; the turn banner says "${look.shows}"`);
    if ('shown' in look) {
      watch.splice(watch.indexOf(look.shown), 1);
      await hooks.onShown![look.shown]!();
      continue;
    }
    if ('covered' in look) {
      // Covered for a second at a time: a control that stays covered fails as it would for a player.
      expect(++covered, `the ${look.covered}`).toBeLessThan(3);
      after = null;
      continue;
    }
    covered = 0;
    if (look.click === 'summary') {
      // A summary still open a second after its Continue was clicked: clicked again, read once.
      reclosed = look.again ? reclosed + 1 : 0;
      expect(reclosed, 'the round summary stays open after Continue').toBeLessThan(3);
      if (!look.again) await hooks.onSummary?.();
    }
    await page.mouse.click(look.x, look.y);
    clicks += 1;
    // A play or a Confirm sends: its answer comes as a newer view. A closed summary or a picked answer leads to the next click at once.
    after = look.click === 'play' || look.click === 'confirm' ? look.version : null;
  }
}
