// Whether your hand is in view as it stands: every card of it inside the window, with a size,
// and on top at a point of its visible part (a fanned card's left edge, where its corner is:
// the card to its right covers the rest). Listed as problems; [] when all is well. (In-page
// code, as text: no DOM types here, and the page's CSP forbids eval of functions.)

export const HAND_OUT_OF_VIEW = `(() => {
  const out = [];
  const w = window.innerWidth;
  const h = window.innerHeight;
  const cards = [...document.querySelectorAll('[data-testid="hand"] [data-card]')];
  // An empty hand (the round's last meeting) has nothing to show.
  if (cards.length === 0) return [];
  const box = (r) => Math.round(r.left) + ',' + Math.round(r.top) + '–' + Math.round(r.right) + ',' + Math.round(r.bottom);
  for (const card of cards) {
    const r = card.getBoundingClientRect();
    const what = 'the hand card ' + card.dataset.card;
    if (r.width < 1 || r.height < 1) { out.push(what + ' is not shown'); continue; }
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) { out.push(what + ' outside the window at ' + box(r) + ' in ' + w + '×' + h); continue; }
    const hit = document.elementFromPoint(r.left + Math.min(8, r.width / 2), r.top + Math.min(12, r.height / 2));
    if (!hit || !card.contains(hit)) out.push(what + ' at ' + box(r) + ' is under ' + (hit ? hit.tagName.toLowerCase() + '.' + String(hit.className).split(' ')[0] : 'nothing'));
  }
  return out;
})()`;

// Whether your hand, in view beside a prompt, is drawn at full size: each card's ability line
// shown (a hand drawn at the meeting's size keeps only the corner and the name). Nothing to say
// where the hand has stepped aside for the prompt (hand-aside), or is empty. Listed as problems.
export const HAND_NOT_FULL = `(() => {
  if (document.querySelector('[data-testid="hand-aside"]')) return [];
  const cards = [...document.querySelectorAll('[data-testid="hand"] [data-card]')];
  const out = [];
  for (const card of cards) {
    const text = card.querySelector('[data-testid="card-short"]');
    const r = text ? text.getBoundingClientRect() : null;
    if (!r || r.height < 1 || getComputedStyle(text).display === 'none') out.push('the hand card ' + card.dataset.card + ' is drawn without its ability line (' + Math.round(card.getBoundingClientRect().width) + ' px wide)');
  }
  return out;
})()`;
