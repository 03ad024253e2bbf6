// Whether every control a finger can reach has a hit area of at least 44×44 CSS px: a square of
// that size holding the control's centre (around it, or moved by up to half its size; inside
// the window) must be the control's own at every point of a 5×5 grid (elementFromPoint), so a
// hit area grown by padding or a ::before counts, and one that a neighbour's overlaps does not.
// Controls: buttons, links, fields, selects, a radio or checkbox's label, anything with a
// button's role; only those shown, enabled, inside the window and on top at their centre (a
// covered or scrolled-away one is no target now). Listed as problems; [] when all is well.
// (In-page code, as text: no DOM types here, and the page's CSP forbids eval of functions.)

/** The smallest hit area, in CSS px, people expect on a touch screen. */
export const MIN_TARGET_PX = 44;

export const SMALL_TARGETS = `(() => {
  const min = ${MIN_TARGET_PX};
  const w = window.innerWidth;
  const h = window.innerHeight;
  const out = [];
  const seen = new Set();
  const candidates = document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="radio"]');
  for (const found of candidates) {
    // A radio or checkbox drawn by its label: the label is what a finger taps.
    const el = found.matches('input[type="radio"], input[type="checkbox"]') && found.closest('label') ? found.closest('label') : found;
    if (seen.has(el)) continue;
    seen.add(el);
    if (found.disabled || found.closest('[inert]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) continue;
    const cx = (r.left + r.right) / 2;
    const cy = (r.top + r.bottom) / 2;
    const own = (x, y) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (el.contains(hit) || (found.labels && [...found.labels].some((l) => l.contains(hit))));
    };
    if (!own(cx, cy)) continue;
    // The square around the centre first, then moved by up to half its size each way (a hit
    // area may reach further to one side, over the gap below a row of tools): one that is all
    // the control's own is enough. Points 1 px inside the square's edges.
    const square = (dx, dy) => {
      const left = Math.min(Math.max(cx - min / 2 + dx, 0), w - min);
      const top = Math.min(Math.max(cy - min / 2 + dy, 0), h - min);
      const misses = [];
      for (let i = 0; i < 5; i++)
        for (let j = 0; j < 5; j++) {
          const x = left + 1 + ((min - 2) * i) / 4;
          const y = top + 1 + ((min - 2) * j) / 4;
          if (!own(x, y)) misses.push([x, y]);
        }
      return misses;
    };
    const SHIFTS = [0, -1, 1, -2, 2, -3, 3, -3.8, 3.8].map((k) => (k * min) / 8);
    // The square with the fewest misses is the one told.
    let misses = null;
    for (const dy of SHIFTS) {
      for (const dx of SHIFTS) {
        const m = square(dx, dy);
        if (misses === null || m.length < misses.length) misses = m;
        if (m.length === 0) break;
      }
      if (misses.length === 0) break;
    }
    if (misses.length === 0) continue;
    const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('title') || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
    const where = el.closest('[data-testid]')?.dataset.testid;
    const [mx, my] = misses[0];
    const other = document.elementFromPoint(mx, my);
    const what = other ? other.tagName.toLowerCase() + (other.className && typeof other.className === 'string' ? '.' + other.className.split(' ')[0] : '') + (other.closest('[data-testid]') ? ' in ' + other.closest('[data-testid]').dataset.testid : '') : 'nothing';
    out.push(el.tagName.toLowerCase() + ' "' + name + '"' + (where ? ' in ' + where : '') + ' drawn ' + Math.round(r.width) + '×' + Math.round(r.height) + ', not its own at ' + misses.length + ' of 25 points of its 44×44 square (at ' + Math.round(mx) + ',' + Math.round(my) + ': ' + what + ')');
  }
  return out;
})()`;
