// Why a card of your hand cannot be played now, in words (said aloud and shown on screen).
// Read from the view only: its legal plays tell which rule holds.
import type { CardId, Seat } from '../../../shared/rules/types';
import type { PlayerView } from '../../../shared/rules/view';
import { DEFAULT_BOOK } from './cards';
import { i18n, t } from './i18n/index.svelte';
import { playsByCard } from './seats';

export function whyNotPlayable(view: PlayerView, me: Seat, id: CardId): string {
  const card = DEFAULT_BOOK.cardName(id, i18n.lang);
  if (view.over) return t('error.gameOver');
  if (!view.toAct || view.toAct.seat !== me) return t('reason.notYourTurn', { card });
  if (view.toAct.kind !== 'play') return t('reason.decideFirst', { card });
  const legal = [...playsByCard(view.legalActions).keys()];
  if (legal.length === 1 && legal[0] === view.themeCard && view.meeting.plays.length === 0) {
    return t('reason.themeMustOpen', { card, theme: DEFAULT_BOOK.cardName(view.themeCard, i18n.lang) });
  }
  const lead = view.meeting.leadSuit;
  if (lead && legal.every((c) => DEFAULT_BOOK.suit(c) === lead || DEFAULT_BOOK.suit(c) === 'wild')) {
    return t('reason.mustFollow', { card, suit: t(`suit.${lead}`) });
  }
  return t('reason.illegal', { card });
}
