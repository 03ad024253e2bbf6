// A move in words, the one way an action is said: the Master's hint at the table, the replay
// viewer's analysis, and the answer a decision prompt asks you to confirm.
import type { Action } from '../../../../shared/rules/actions';
import type { DecisionKind } from '../../../../shared/rules/state';
import type { Seat } from '../../../../shared/rules/types';
import type { StoryContext } from '../story/describe';
import { cardIdOf } from '../../../../shared/ids';

/**
 * A move in words, as the player would say it: "Play Witch face down", "Steal Witch from Ann".
 * `kind` is what was being decided (the view's `toAct.kind` then): an answer names only the
 * seats and cards the ability takes, so it says what it does only with its ability.
 */
export function actionText(action: Action, kind: 'play' | DecisionKind, ctx: Pick<StoryContext, 'names' | 'book' | 'lang' | 't'>): string {
  const { t, names, book, lang } = ctx;
  if ('play' in action) return t(action.faceDown ? 'move.playFaceDown' : 'move.play', { card: book.cardName(action.play, lang) });
  const { target, card, place } = action.choose;
  const name = (seat: Seat | undefined) => (seat === undefined ? '?' : (names[seat] ?? `#${seat + 1}`));
  const params = { name: name(target ?? place), card: card === undefined ? '?' : book.cardName(card, lang), demon: book.cardName(cardIdOf('demon'), lang) };
  if (kind === 'return' && place !== undefined) return t('move.returnFaceDown', params);
  return t(`move.${kind === 'play' ? 'play' : kind}`, params);
}
