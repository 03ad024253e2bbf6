// Whether the pending prompt can be answered as it stands, with no scrolling anywhere: its
// question, each of its options and its Confirm inside the window and on top at their centre
// (elementFromPoint), the prompt not scrolling inside its box, the table not scrolling, and
// nothing else of the table drawn over the prompt. Listed as problems; [] when all is well.
// (In-page code, as text: no DOM types here, and the page's CSP forbids eval of functions.)

export const PROMPT_UNREACHABLE = `(() => {
  const out = [];
  const w = window.innerWidth;
  const h = window.innerHeight;
  const prompt = document.querySelector('[data-testid="choice-prompt"]');
  if (!prompt || prompt.getClientRects().length === 0) return ['no prompt on show'];
  const box = (r) => Math.round(r.left) + ',' + Math.round(r.top) + '–' + Math.round(r.right) + ',' + Math.round(r.bottom);
  const name = (el) => (el.dataset.testid ?? el.className) + (el.dataset.key ? ' ' + el.dataset.key : '');
  if (prompt.scrollHeight > prompt.clientHeight + 2) out.push('the prompt scrolls: ' + prompt.scrollHeight + ' > ' + prompt.clientHeight);
  const table = document.querySelector('[data-testid="table"]');
  if (table && table.scrollHeight > table.clientHeight + 2) out.push('the table scrolls: ' + table.scrollHeight + ' > ' + table.clientHeight);
  const page = document.scrollingElement;
  if (page.scrollHeight > page.clientHeight + 1) {
    // Named by what reaches past the window's foot (the first few, outermost first).
    const past = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().bottom > h + 1).slice(0, 3).map((el) => el.tagName.toLowerCase() + '.' + String(el.className).split(' ')[0] + (el.dataset.testid ? '[' + el.dataset.testid + ']' : ''));
    out.push('the page scrolls: ' + page.scrollHeight + ' > ' + page.clientHeight + ' (' + past.join(', ') + ')');
  }
  const wanted = [...prompt.querySelectorAll('.what, .step, [data-testid="choice-option"], [data-testid="choice-confirm"], [data-testid="choice-change"]')];
  if (!wanted.some((el) => el.dataset.testid === 'choice-option')) out.push('the prompt shows no option');
  for (const el of wanted) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) { out.push(name(el) + ' has no size'); continue; }
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) { out.push(name(el) + ' outside the window at ' + box(r) + ' in ' + w + '×' + h); continue; }
    const p = prompt.getBoundingClientRect();
    if (r.top < p.top - 0.5 || r.bottom > p.bottom + 0.5) { out.push(name(el) + ' cut by the prompt\\'s box at ' + box(r)); continue; }
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!hit || !el.contains(hit)) out.push(name(el) + ' at ' + box(r) + ' is under ' + (hit ? hit.tagName.toLowerCase() + '.' + String(hit.className) : 'nothing'));
  }
  // Nothing of the table is drawn over the prompt (in French the seat, the meeting and the banner once were).
  const p = prompt.getBoundingClientRect();
  // A card's panel lets the pointer through (elementFromPoint misses it), but must not hide the question.
  const tip = document.querySelector('[data-testid="card-tooltip"]');
  if (tip) {
    const t = tip.getBoundingClientRect();
    for (const el of prompt.querySelectorAll('.what, .step')) {
      const r = el.getBoundingClientRect();
      if (r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom) out.push('a card panel at ' + box(t) + ' covers ' + name(el) + ': ' + el.textContent.trim());
    }
  }
  for (const el of document.querySelectorAll('[data-testid="turn-banner"], [data-testid="seat-panel"], [data-testid="meeting-slot"], [data-testid="hand"] [data-card]')) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    if (r.left < p.right - 0.5 && p.left < r.right - 0.5 && r.top < p.bottom - 0.5 && p.top < r.bottom - 0.5) out.push(name(el) + ' at ' + box(r) + ' overlaps the prompt at ' + box(p));
  }
  return out;
})()`;

/** The prompt's kind and how many options it shows (in-page). */
export const PROMPT_KIND = `(() => {
  const prompt = document.querySelector('[data-testid="choice-prompt"]');
  return { kind: prompt?.dataset.kind ?? null, options: prompt?.querySelectorAll('[data-testid="choice-option"]').length ?? 0 };
})()`;
