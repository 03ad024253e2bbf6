// A round's scoring in words (ruling 9), step by step: hands join allies, the Angel's
// discards, the Evil monopoly or the exclusions, each history card with what it counted seat
// by seat and who gains Fame, then each seat's Fame. Every count comes from the event
// (`score.counts` is the engine's own); only the label of what is counted is chosen here.
import type { FameCondition } from '../../../../shared/rules/card-set/types';
import type { Seat } from '../../../../shared/rules/types';
import type { RoundScoreView, VisibleEvent } from '../../../../shared/rules/view';
import { type StoryContext, listOf, voiceOf } from './voice';
import { cardIdOf, seatOf } from '../../../../shared/ids';

type RoundScored = Extract<VisibleEvent, { type: 'roundScored' }>;

/** The lines of a round's scoring, in order. */
export function roundLines(e: RoundScored, ctx: StoryContext): string[] {
  const { t, book, lang, me } = ctx;
  const s = e.score;
  const name = (seat: Seat) => ctx.names[seat] ?? `#${seat + 1}`;
  /** A seat in a list: the reader is "you" there too. */
  const who = (seat: Seat) => (me != null && seat === me ? t('story.you') : name(seat));
  const out: string[] = [t('log.round.ends', { n: s.round + 1 })];
  if (s.purge) {
    const { seat, count } = s.purge;
    const unseen = count - e.purged.length;
    const cards = [...e.purged.map((c) => book.cardName(c, lang)), ...(unseen > 0 ? [t('log.round.fromHand', { n: unseen })] : [])];
    const v = voiceOf(seat, me);
    const angel = book.cardName(cardIdOf('angel'), lang);
    out.push(cards.length > 0 ? t(`log.round.angel.${v}`, { name: name(seat), angel, cards: cards.join(', ') }) : t(`log.round.angelNone.${v}`, { name: name(seat), angel }));
  }
  if (s.evilMonopoly !== null) out.push(t(`log.round.monopoly.${voiceOf(s.evilMonopoly, me)}`, { name: name(s.evilMonopoly) }));
  else {
    for (const seat of s.excluded) out.push(t(`log.round.excluded.${voiceOf(seat, me)}`, { name: name(seat) }));
    s.history.forEach((h, i) => out.push(historyLine(h, s, s.counts[i] ?? [], ctx, who)));
  }
  out.push(t('log.round.fame', { fame: e.fame.map((f, seat) => t('log.round.count', { name: who(seatOf(seat)), n: f })).join(', ') }));
  return out;
}

/** One history card: what it counted for each seat (the excluded marked), then who gains Fame. */
function historyLine(h: string, s: RoundScoreView, counts: readonly number[], ctx: StoryContext, who: (seat: Seat) => string): string {
  const { t, book, lang } = ctx;
  const history = book.historyName(h, lang);
  const condition = book.history(h)?.condition;
  const what = condition ? countedOf(condition, ctx) : null;
  if (what === null) return t('log.round.historyNone', { history });
  const told = counts.map((n, seat) => t(s.seats[seat]?.excluded ? 'log.round.countExcluded' : 'log.round.count', { name: who(seatOf(seat)), n }));
  const winners = s.seats.flatMap((x, seat) => (x.met.includes(h) ? [who(seatOf(seat))] : []));
  const params = { history, counts: t('log.round.counts', { what, counts: told.join(', ') }), names: listOf(lang, winners) };
  return t(winners.length > 0 ? 'log.round.history' : 'log.round.historyNobody', params);
}

/** What a condition counts, in words ("Power", "Total", "Prince, Queen and Princess"); null for none. */
function countedOf(condition: FameCondition, ctx: StoryContext): string | null {
  const { t, book, lang } = ctx;
  switch (condition.kind) {
    case 'mostSuit':
    case 'fewestSuit':
      return t(`suit.${condition.suit}`);
    case 'mostTotal':
    case 'fewestTotal':
      return t('score.total');
    case 'mostEvil':
      return t('score.evil');
    case 'mostOf':
      return listOf(
        lang,
        condition.cards.map((c) => book.cardName(c, lang)),
      );
    case 'none':
      return null;
  }
}
