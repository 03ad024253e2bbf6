// The page waiting for its own next move, shared by the mouse player (moves.ts) and the touch
// player (touch-turns.ts). In-page code, as text: the e2e project has no DOM types and the
// page's CSP forbids eval of functions.

/**
 * A promise (in-page) that runs `find` at every DOM change and every `retryMs` until it returns
 * something: that is the answer, except a `{ covered }` answer (something lies over the
 * control), which counts only once it has lasted `retryMs` (a view landing may still be moving
 * off it). After `timeoutMs` it answers `{ timeout: true, shows }`, the turn banner's words.
 * `find` is a function expression; it may use `started` (when the wait began) and `shown(el)`.
 */
export const lookLoop = (find: string, retryMs: number, timeoutMs: number): string => `new Promise((resolve) => {
  const started = performance.now();
  const shown = (el) => el !== null && el.getClientRects().length > 0;
  const find = ${find};
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
    if (found !== null && !(found.covered && performance.now() - started < ${retryMs})) done(found);
  };
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  // Once the retry time is up a move in the same view counts again, with or without a change.
  retry = setInterval(check, ${retryMs});
  timer = setTimeout(() => done({ timeout: true, shows: (document.querySelector('[data-testid="turn-banner"]')?.textContent ?? '').trim() }), ${timeoutMs});
  check();
})`;
