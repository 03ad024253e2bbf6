// Why a card of your hand can't be played, in words (shown under the hand, said aloud, and in
// the card's sheet). The view says why (the engine's own refusal, by card); this only says it.
import type { UnplayableCode } from '../../../../shared/rules/engine';
import type { CardId } from '../../../../shared/rules/types';
import type { PlayerView } from '../../../../shared/rules/view';
import type { StoryContext } from '../story/describe';

export function unplayableText(view: PlayerView, id: CardId, ctx: Pick<StoryContext, 'book' | 'lang' | 't'>): string {
  const { book, lang, t } = ctx;
  const card = book.cardName(id, lang);
  const code: UnplayableCode | undefined = view.unplayable[id];
  // A card the rules allow, chosen while the table cannot take it (a move is on its way).
  if (code === undefined) return t('reason.illegal', { card });
  const words: Record<UnplayableCode, () => string> = {
    GAME_OVER: () => t('error.gameOver'),
    NOT_YOUR_TURN: () => t('reason.notYourTurn', { card }),
    DECISION_PENDING: () => t('reason.decideFirst', { card }),
    THEME_CARD_MUST_OPEN: () => t('reason.themeMustOpen', { card, theme: book.cardName(view.themeCard, lang) }),
    MUST_FOLLOW_SUIT: () => t('reason.mustFollow', { card, suit: view.meeting.leadSuit ? t(`suit.${view.meeting.leadSuit}`) : '' }),
  };
  return words[code]();
}
