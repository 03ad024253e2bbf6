// axe-core over the page as it is now: the serious and critical violations, as readable lines.
// label-content-name-mismatch (experimental in axe, serious) is turned on: a card's spoken name
// must hold its visible text. The app has no frames, so axe runs in one go inside the page (its
// legacy mode) instead of opening a blank page to put frame results together at every scan.
// `include`: scan only that part (a dialog, a prompt) when the rest was scanned as it is.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** axe-core's violations on the page (or its `include` part), with label-content-name-mismatch on. */
async function violations(page: Page, include?: string): Promise<AxeResults['violations']> {
  // axe-core's half-megabyte source is put into the page once: the builder would send and run
  // it twice at every scan (about a second each on a loaded machine), while it stays in the
  // page until the next navigation.
  const present = await page.evaluate<boolean>("typeof window.axe?.run === 'function'");
  let builder = new AxeBuilder({ page, ...(present ? { axeSource: 'void 0' } : {}) })
    .setLegacyMode(true)
    // Only violations are read: building the passes and the rules that did not apply too took
    // more than a third of a whole keyboard game's scans.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  return (await builder.analyze()).violations;
}

export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  return (await violations(page, include))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`));
}

/**
 * Every violation axe finds on the page, whatever its impact (a moderate heading-order too), as
 * readable lines, each with its impact. `include`: as for seriousViolations.
 */
export async function allViolations(page: Page, include?: string): Promise<string[]> {
  return (await violations(page, include)).flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? '?'}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`),
  );
}
