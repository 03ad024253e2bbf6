// Revealing the round's history cards: Coronation's extra card, Conversation with a Dragon's
// recall or redraw, the two-card option, and the reshuffle of an empty deck (rulings 11, 13).
import type { Rng } from './rng';
import type { DraftState } from './state';
import type { HistoryId } from './types';
import { DealError } from './deal-error';

export interface Revealed {
  /** Every card revealed, in order (the record's `history`). */
  revealed: HistoryId[];
  /** Cards whose conditions apply this round, in order: revealed ones, then recalled ones. */
  active: HistoryId[];
  /** Cards lying on the table this round (revealed and not put back). */
  onTable: HistoryId[];
}

/**
 * Reveal this round's history cards. `preset` (from a record) names the cards to reveal in
 * order; otherwise they come from the top of the deck.
 */
export function revealHistory(d: DraftState, rng: Rng, preset: readonly HistoryId[] | null): Revealed {
  const out: Revealed = { revealed: [], active: [], onTable: [] };
  // States share their history piles (they change once a round): copy before editing.
  d.historyDeck = d.historyDeck.slice();
  d.historyUsed = d.historyUsed.slice();
  const byId = d.cardSet.historyById;
  const previous = d.historyPrevious.filter((h) => byId.get(h)!.effect.kind !== 'recallPrevious');
  let toReveal = d.options.twoHistoryCards ? 2 : 1;
  let recalls = false;
  while (toReveal > 0) {
    const card = draw(d, rng, preset, out.revealed.length);
    out.revealed.push(card);
    const effect = byId.get(card)!.effect.kind;
    if (effect === 'recallPrevious' && previous.length === 0) {
      // Nothing to recall (first round): put it back, shuffle, reveal another.
      d.historyDeck.push(card);
      d.historyDeck = rng.shuffle(d.historyDeck);
      continue;
    }
    out.onTable.push(card);
    addActive(out.active, card);
    if (effect === 'recallPrevious') recalls = true;
    if (effect === 'revealAnother') toReveal++;
    toReveal--;
  }
  // In play: the cards revealed, then those a Conversation brings back (record-format.md).
  if (recalls) for (const h of previous) addActive(out.active, h);
  if (preset && preset.length !== out.revealed.length) {
    throw new DealError(`round ${d.round + 1} lists ${preset.length} history cards but ${out.revealed.length} were revealed`);
  }
  return out;
}

const addActive = (active: HistoryId[], card: HistoryId) => {
  if (!active.includes(card)) active.push(card);
};

/** The next history card: the named one from a preset, else the top of the deck. */
function draw(d: DraftState, rng: Rng, preset: readonly HistoryId[] | null, index: number): HistoryId {
  if (d.historyDeck.length === 0) {
    if (d.historyUsed.length === 0) throw new Error('no history card left to reveal');
    d.historyDeck = rng.shuffle(d.historyUsed);
    d.historyUsed = [];
  }
  if (!preset) return d.historyDeck.pop()!;
  const card = preset[index];
  if (card === undefined) throw new DealError(`round ${d.round + 1} lists too few history cards`);
  const at = d.historyDeck.indexOf(card);
  if (at < 0) throw new DealError(`round ${d.round + 1}: history card ${card} is not in the history deck`);
  d.historyDeck.splice(at, 1);
  return card;
}
