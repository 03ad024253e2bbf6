// A player's moves on a touch phone, found in one round trip a look: the page waits for its next
// move itself (look-loop.ts) and gives a point to tap only where the
// control is on top (touch-taps.ts). A hand card is played as a player does on a phone: a tap opens its
// card sheet, a tap on the sheet's Play button plays it. (In-page code, as text.)
import type { Page } from '@playwright/test';
import { lookLoop } from './look-loop';
import { POINT_ON_TOP } from './touch-taps';

export type TouchMove = 'sheet-play' | 'close' | 'summary' | 'confirm' | 'answer' | 'play';

/** What the page answers when it looks for its next move. */
export type TouchLook<X> =
  | { readonly over: true }
  | { readonly timeout: true; readonly shows: string }
  | { readonly covered: string }
  | { readonly move: TouchMove; readonly x: number; readonly y: number; readonly version: string; readonly extra: X | null; readonly atPrompt?: unknown };

export interface LookOptions {
  /** The version a Play or a Confirm was sent in: the next move must come with a newer view (or after `retryMs`, when the tap sent nothing). */
  after: string | null;
  /** At a 'play' move in a view newer than this one, `extra` is evaluated first (before anything scrolls) and returned with the move. */
  seen?: string | null;
  extra?: string;
  /** At an 'answer' or 'confirm' move, evaluated first (before anything scrolls) and returned as `atPrompt`. */
  atPrompt?: string;
  retryMs?: number;
  timeoutMs?: number;
}

const LOOK = ({ after, seen = null, extra = 'null', atPrompt = 'null', retryMs = 1000, timeoutMs = 20_000 }: LookOptions): string =>
  lookLoop(
    `() => {
    const after = ${JSON.stringify(after)};
    const seen = ${JSON.stringify(seen)};
    if (document.querySelector('[data-testid="game-over"]')) return { over: true };
    const table = document.querySelector('[data-testid="table"]');
    if (!table || table.getAttribute('aria-busy') === 'true') return null;
    const version = table.dataset.version;
    if (after !== null && version === after && performance.now() - started < ${retryMs}) return null;
    const dialog = document.querySelector('[role="dialog"]');
    const sheetPlay = document.querySelector('[data-testid="card-sheet"] [data-testid="sheet-play"]');
    const summary = document.querySelector('[data-testid="summary-continue"]');
    const confirm = document.querySelector('[data-testid="choice-confirm"]');
    const option = document.querySelector('[data-testid="hand-card-legal"][data-legal="true"], [data-testid="choice-option"]');
    // A card sheet left open without its Play button: the card can no longer be played (the view moved on); it is closed.
    const [move, el] = shown(sheetPlay) ? ['sheet-play', sheetPlay] : dialog ? ['close', dialog.querySelector('button[aria-label="Close"]')] : shown(summary) ? ['summary', summary] : shown(confirm) ? ['confirm', confirm] : option ? [option.dataset.testid === 'choice-option' ? 'answer' : 'play', option] : [null, null];
    if (el === null || el.disabled) return null;
    const extra = move === 'play' && version !== seen ? (${extra}) : null;
    const atPrompt = move === 'answer' || move === 'confirm' ? (${atPrompt}) : null;
    const at = ${POINT_ON_TOP}(el);
    if (!('x' in at)) return { covered: move + ' under ' + (at.top ? at.top.outerHTML.slice(0, 160) : 'nothing (off screen)') };
    return { move, x: at.x, y: at.y, version, extra, atPrompt };
  }`,
    retryMs,
    timeoutMs,
  );

/** Waits in the page for its next move: the game over, a move to tap (with `extra` at a newly seen play view), what covers it, or a timeout with the turn banner. */
export function nextTouchMove<X>(page: Page, options: LookOptions): Promise<TouchLook<X>> {
  return page.evaluate<TouchLook<X>>(LOOK(options));
}

/** After a tap on `move` in `version`: the version the next move must be newer than (a Play or a Confirm sends), else null. */
export const sentIn = (move: TouchMove, version: string): string | null => (move === 'sheet-play' || move === 'confirm' ? version : null);
