// What a phone's page weighs and how soon it answers a tap, read the same way by the game night
// (tests/e2e/evening.spec.ts) and the evening benchmark (bench/evening.ts). The weight: DOM
// nodes (live, or detached but still held), JS heap used and listeners, after garbage
// collection (CDP). A tap's time: from the touch event's time stamp to the task after the
// painted frame where the change shows; its baseline, a bare button (no framework) whose tap
// changes its own text, timed the same way in the same page. (In-page code, as text.)
import type { CDPSession, Page } from '@playwright/test';

export interface Weight {
  nodes: number;
  heapMB: number;
  listeners: number;
  layoutObjects: number;
}

/** The page's weight after garbage collection (the session needs Performance.enable). */
export async function weigh(cdp: CDPSession): Promise<Weight> {
  // Twice: objects freed by the first collection's finalizers go in the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = (name: string) => metrics.find((x) => x.name === name)?.value ?? NaN;
  return { nodes: m('Nodes'), heapMB: m('JSHeapUsedSize') / 1e6, listeners: m('JSEventListeners'), layoutObjects: m('LayoutObjects') };
}

/** In-page: a promise (window.__tapped) of the time from the next touch to the painted frame after `done()` holds. */
export const AFTER_TAP = (done: string) => `window.__tapped = new Promise((resolve) => {
  let start = null;
  addEventListener('touchstart', (e) => { start = e.timeStamp; }, { capture: true, once: true });
  const check = () => {
    if (start === null || !(${done})) return false;
    observer.disconnect();
    clearInterval(poll);
    // The frame where the change is drawn, then the task after its paint.
    requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => resolve(performance.now() - start); ch.port2.postMessage(0); });
    return true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  const poll = setInterval(check, 50);
}), true`;

/** In-page: a bare button over the page's corner, whose tap changes its own text (the baseline); its centre. */
export const BARE_BUTTON = `(() => {
  const b = document.createElement('button');
  b.id = 'bench-bare';
  b.textContent = 'tap';
  b.style.cssText = 'position:fixed;left:0;top:0;width:48px;height:48px;z-index:2147483647';
  b.addEventListener('click', () => { b.textContent = 'tapped'; });
  document.body.append(b);
  ${AFTER_TAP("b.textContent === 'tapped'")};
  const r = b.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
})()`;

/** Taps at (x, y) and resolves with the time AFTER_TAP set up measured. */
export async function tapTimed(page: Page, x: number, y: number): Promise<number> {
  await page.touchscreen.tap(x, y);
  return page.evaluate<number>('window.__tapped');
}

/**
 * A card's play tapped on the card sheet's Play at (x, y), timed until the card has left the
 * hand; a bare button's tap just before it, timed the same way. Both times, in ms.
 */
export async function timedSheetPlay(page: Page, x: number, y: number): Promise<{ play: number; bare: number }> {
  const at = await page.evaluate<{ x: number; y: number }>(BARE_BUTTON);
  const bare = await tapTimed(page, at.x, at.y);
  await page.evaluate("document.getElementById('bench-bare').remove()");
  const card = await page.evaluate<string | null>(`document.querySelector('[data-testid="card-sheet"] [data-card]')?.dataset.card ?? null`);
  if (card === null) throw new Error('the card sheet names no card');
  await page.evaluate(AFTER_TAP(`document.querySelector('[data-testid="hand"] [data-card="${card}"]') === null`));
  return { play: await tapTimed(page, x, y), bare };
}

/** The q-quantile of `xs` (nearest rank). */
export const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};
