// Starting a round: history cards, the deal with the five-player burned card, the theme card
// and the start player (rulebook "Game order", ruling 10).
import { setFacts } from './set-facts';
import type { GameEvent } from './events';
import { revealHistory } from './history';
import { DealError } from './deal-error';
import { Rng, Stream } from './rng';
import type { DraftState, RoundDeal } from './state';
import type { CardId } from './types';
import { seatOf } from '../ids';

/** Cards per hand: all 36 dealt, or 35 after the five-player burn. */
export const handSize = (players: number, deckSize: number): number => Math.floor((players === 5 ? deckSize - 1 : deckSize) / players);

export function startRound(d: DraftState, events: GameEvent[] | null): void {
  const preset = d.presetRounds[d.round] ?? null;
  const { revealed, active, onTable } = revealHistory(d, new Rng(d.seedKey, Stream.History, d.round), preset?.history ?? null);
  const themes = active.map((h) => d.cardSet.historyById.get(h)!.theme);
  const { hands, burned } = preset ? checkPreset(d, preset, themes) : deal(d, themes);

  d.deals = [...d.deals, { history: revealed, burned, hands: hands.map((h) => h.slice()) }];
  d.historyRevealed = onTable;
  d.historyActive = active;
  d.themeCard = themes[0]!;
  d.startSeat = seatOf(hands.findIndex((h) => h.includes(d.themeCard)));
  d.burned = burned;
  d.hands = hands;
  d.allies = hands.map(() => []);
  d.masked = [];
  d.discard = burned ? [burned] : [];
  d.meeting = { leader: d.startSeat, plays: [], leadSuit: null, halted: false, demonTo: null };
  d.meetingsPlayed = 0;
  d.insights = hands.map(() => null);
  d.lastMeeting = null; // its cards are dealt again: showing them would leak the new hands

  events?.push({
    type: 'roundStarted',
    round: d.round,
    revealed,
    history: active,
    themeCard: d.themeCard,
    startSeat: d.startSeat,
    burned,
  });
  events?.push({ type: 'dealt', hands: hands.map((h) => h.slice()) });
}

/** Shuffle and deal from the round's own chance stream. */
function deal(d: DraftState, themes: readonly CardId[]): { hands: CardId[][]; burned: CardId | null } {
  const rng = new Rng(d.seedKey, Stream.Deal, d.round);
  let deck = rng.shuffle(setFacts(d.cardSet).ids);
  let burned: CardId | null = null;
  if (d.players === 5) {
    burned = deck.shift()!;
    // A theme card is never burned: burn the next card, shuffle the theme card back (ruling 10).
    while (themes.includes(burned)) {
      const theme = burned;
      burned = deck.shift()!;
      deck = rng.shuffle([...deck, theme]);
    }
  }
  const size = handSize(d.players, d.cardSet.characters.length);
  const hands: CardId[][] = [];
  for (let s = 0; s < d.players; s++) hands.push(deck.slice(s * size, (s + 1) * size));
  return { hands, burned };
}

/** A record's deal for this round, checked against the rules. */
function checkPreset(d: DraftState, preset: RoundDeal, themes: readonly CardId[]): { hands: CardId[][]; burned: CardId | null } {
  const where = `round ${d.round + 1}`;
  if (preset.hands.length !== d.players) throw new DealError(`${where}: ${preset.hands.length} hands for ${d.players} players`);
  const size = handSize(d.players, d.cardSet.characters.length);
  const seen = new Set<CardId>();
  const dealt = [...preset.hands.flat(), ...(preset.burned ? [preset.burned] : [])];
  for (const card of dealt) {
    if (!d.cardSet.characterById.get(card)) throw new DealError(`${where}: unknown card ${card}`);
    if (seen.has(card)) throw new DealError(`${where}: card ${card} is dealt twice`);
    seen.add(card);
  }
  if (preset.hands.some((h) => h.length !== size)) throw new DealError(`${where}: every hand must hold ${size} cards`);
  if ((d.players === 5) !== (preset.burned !== null)) {
    throw new DealError(`${where}: a burned card is dealt exactly in five-player games`);
  }
  if (preset.burned && themes.includes(preset.burned)) {
    throw new DealError(`${where}: the theme card ${preset.burned} cannot be burned`);
  }
  return { hands: preset.hands.map((h) => h.slice()), burned: preset.burned };
}
