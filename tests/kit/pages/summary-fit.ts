// A round summary's Fame rows in its sight as it opens: each seat's row above its fold and the
// window's, not pushed under the scoring steps. Listed as problems; [] when all is well.
// (In-page code, as text: no DOM types here.)

export const FAME_ROWS_HIDDEN = `(() => {
  const summary = document.querySelector('[data-testid="round-summary"]');
  if (!summary) return ['no round summary'];
  const box = summary.getBoundingClientRect();
  const bottom = Math.min(box.bottom, window.innerHeight);
  return [...summary.querySelectorAll('tbody tr')].filter((row) => {
    const r = row.getBoundingClientRect();
    return r.bottom > bottom + 1 || r.top < box.top - 1;
  }).map((row) => row.textContent.replace(/\\s+/g, ' ').trim() + ' at ' + Math.round(row.getBoundingClientRect().top) + ', the summary seen down to ' + Math.round(bottom));
})()`;
