// Whether the game-over screen shows its result at a glance: the winner line, and each row's
// place, name and Final Fame, inside the window and on top at their centres (elementFromPoint:
// not under the story, the buttons, or cut by the ranking's sideways scroll), with no page or
// table scrolling. Listed as problems; [] when all is well. (In-page code, as text.)

export const RESULT_HIDDEN = `(() => {
  const out = [];
  const w = window.innerWidth;
  const h = window.innerHeight;
  const over = document.querySelector('[data-testid="game-over"]');
  if (!over) return ['no game-over screen'];
  const box = (r) => Math.round(r.left) + ',' + Math.round(r.top) + '–' + Math.round(r.right) + ',' + Math.round(r.bottom);
  const seen = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return out.push(what + ' has no size');
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) return out.push(what + ' outside the window at ' + box(r) + ' in ' + w + '×' + h);
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!hit || !el.contains(hit)) out.push(what + ' at ' + box(r) + ' is under ' + (hit ? hit.tagName.toLowerCase() + '.' + String(hit.className).split(' ')[0] + (hit.closest('[data-testid]') ? ' in ' + hit.closest('[data-testid]').dataset.testid : '') : 'nothing'));
  };
  seen(over.querySelector('[data-testid="winners"]'), 'the winner line');
  const rows = over.querySelectorAll('[data-testid="ranking"] tbody tr');
  if (rows.length === 0) out.push('no ranking rows');
  for (const row of rows) {
    const name = row.querySelector('th[scope="row"]');
    seen(name, 'the name ' + name.textContent.trim());
    seen(row.querySelector('.total'), 'the Final Fame of ' + name.textContent.trim());
  }
  const table = document.querySelector('[data-testid="table"]');
  if (table && table.scrollHeight > table.clientHeight + 2) out.push('the table scrolls: ' + table.scrollHeight + ' > ' + table.clientHeight);
  const page = document.scrollingElement;
  if (page.scrollHeight > page.clientHeight + 1) out.push('the page scrolls: ' + page.scrollHeight + ' > ' + page.clientHeight);
  return out;
})()`;

/**
 * Whether the last round's summary, opened from the game-over screen, can be read and closed
 * where it stands, and the winner seen: the summary's title and its Close, and the winner
 * line, inside the window and on top at their centres (not under the game-over panel, nor under
 * its buttons), with nothing scrolled first. Listed as problems; [] when all is well, or when no
 * summary is on show. (In-page code, as text.)
 */
export const LAST_SUMMARY_HIDDEN = `(() => {
  const summary = document.querySelector('[data-testid="round-summary"]');
  if (!summary) return [];
  const out = [];
  const w = window.innerWidth;
  const h = window.innerHeight;
  const box = (r) => Math.round(r.left) + ',' + Math.round(r.top) + '–' + Math.round(r.right) + ',' + Math.round(r.bottom);
  for (const [el, what] of [[summary.querySelector('h2'), 'the summary title'], [summary.querySelector('[data-testid="summary-continue"]'), 'the Continue'], [document.querySelector('[data-testid="winners"]'), 'the winner line']]) {
    if (!el) { out.push(what + ' missing'); continue; }
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) { out.push(what + ' has no size'); continue; }
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) { out.push(what + ' outside the window at ' + box(r) + ' in ' + w + '×' + h); continue; }
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!hit || !el.contains(hit)) out.push(what + ' at ' + box(r) + ' is under ' + (hit ? hit.tagName.toLowerCase() + '.' + String(hit.className).split(' ')[0] + (hit.closest('[data-testid]') ? ' in ' + hit.closest('[data-testid]').dataset.testid : '') : 'nothing'));
  }
  return out;
})()`;
