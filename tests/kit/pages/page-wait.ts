// Waiting inside the page, in one round trip: the page looks again at every DOM change and focus
// move (and every 200 ms, for what changes by style alone) until what it sees holds, instead of
// a Playwright assertion asking it again and again from node. The caller asserts on the state
// returned, so a failure says what the page showed. (In-page code, as text: no DOM types here,
// and the page's CSP forbids eval of functions.)
import type { Page } from '@playwright/test';

/** The state the page ended on, and whether `holds` was true of it (false: `timeoutMs` ran out). */
export interface Waited<T> {
  readonly ok: boolean;
  readonly state: T;
}

/**
 * Evaluates `state` (an expression) in the page until `holds` (an expression over `s`, that
 * state, and `since()`, the milliseconds since the wait began) is true, or `timeoutMs` runs out;
 * resolves with the last state seen.
 */
export function untilInPage<T>(page: Page, state: string, holds: string, timeoutMs = 5000): Promise<Waited<T>> {
  return page.evaluate<Waited<T>>(`new Promise((resolve) => {
    const started = performance.now();
    const since = () => performance.now() - started;
    const look = () => (${state});
    const holds = (s) => (${holds});
    let last = look();
    if (holds(last)) return resolve({ ok: true, state: last });
    const check = () => {
      last = look();
      if (holds(last)) done(true);
    };
    const observer = new MutationObserver(check);
    const every = setInterval(check, 200);
    const timer = setTimeout(() => done(false), ${timeoutMs});
    document.addEventListener('focusin', check, true);
    document.addEventListener('focusout', check, true);
    function done(ok) {
      observer.disconnect();
      clearInterval(every);
      clearTimeout(timer);
      document.removeEventListener('focusin', check, true);
      document.removeEventListener('focusout', check, true);
      resolve({ ok, state: ok ? last : look() });
    }
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  })`);
}
