// Whether a card's words are shown whole: a card's name (on the table's cards, in the meeting,
// in a prompt) and a history card's title and condition never break a word across two lines
// (each word's text is one box: Range.getClientRects), nor run past their box (cut or
// ellipsized: scrollWidth); a card's corner (strength, suit symbol and letter, "Sz" in
// Hungarian) inside the card. Only what is shown, a corner only on a card inside the window. Listed as problems; [] when all is well.
// (In-page code, as text: no DOM types here, and the page's CSP forbids eval of functions.)

export const WORDS_CUT = `(() => {
  const out = [];
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && el.getBoundingClientRect().width > 1;
  const words = (el, what) => {
    const text = el.firstChild;
    if (!text || text.nodeType !== 3) return;
    const value = text.nodeValue;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(value))) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push(what + ': "' + m[0] + '" broken over ' + lines.size + ' lines');
    }
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') out.push(what + ': "' + value.trim() + '" cut (' + el.scrollWidth + ' > ' + el.clientWidth + ' px)');
  };
  for (const name of document.querySelectorAll('[data-card] .name')) if (shown(name)) words(name, 'a card name');
  for (const el of document.querySelectorAll('[data-testid="history-card"] strong, [data-testid="history-card"] .cond > span')) if (shown(el)) words(el, 'a history card');
  for (const corner of document.querySelectorAll('[data-card] .corner')) {
    if (!shown(corner)) continue;
    const card = corner.closest('[data-card]').getBoundingClientRect();
    // A card scrolled out of its row (off the window) is not looked at.
    if (card.left < 0 || card.right > window.innerWidth || card.top < 0 || card.bottom > window.innerHeight) continue;
    const r = corner.getBoundingClientRect();
    const letter = corner.querySelector('.letter');
    const end = letter ? letter.getBoundingClientRect().right : r.right;
    if (end > card.right - 1.5) out.push('a card corner "' + corner.textContent.trim() + '" cut at the edge of its card (' + Math.round(card.width) + '×' + Math.round(card.height) + ' px, ' + Math.round(end - card.right + 2) + ' px over)');
  }
  return [...new Set(out)];
})()`;
