// The game's events told in plain words, in the reader's language: one line per thing that
// happened, naming who did what to whom. Display only: every fact comes from the (redacted)
// events, nothing is decided here.
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type { Action } from '../../../../shared/rules/actions';
import type { Language, Seat } from '../../../../shared/rules/types';
import type { DecisionKind } from '../../../../shared/rules/state';
import type { MeetingSummaryView, RoundScoreView, VisibleEvent } from '../../../../shared/rules/view';
import type { CardBook } from '../cards';
import type { MessageKey, MessageParams } from '../i18n/index.svelte';

type Translate = (key: MessageKey, params?: MessageParams) => string;

export interface StoryContext {
  /** Display names by seat; yours already marked "(you)". */
  readonly names: readonly string[];
  /** The reader's seat: what others do to it is told to "you" ("Bot 4 stole your Demon"). */
  readonly me?: Seat | null;
  readonly lang: Language;
  readonly book: CardBook;
  readonly t: Translate;
}

export type LineKind = 'round' | 'play' | 'ability' | 'meeting' | 'score' | 'over';

export interface StoryLine {
  /** The version the event produced. */
  readonly version: number;
  readonly kind: LineKind;
  readonly text: string;
}

/** Every line of a log, in order. */
export function storyOf(log: readonly EventBatch[], ctx: StoryContext): StoryLine[] {
  return log.flatMap((batch) => batch.events.flatMap((e) => linesOf(e, ctx).map(([kind, text]) => ({ version: batch.version, kind, text }))));
}

/** The played card that made the winner win, if a card did. */
export function winningCard(m: MeetingSummaryView): string | null {
  return m.plays.find((p) => p.seat === m.winner && !p.faceDown && !p.returned)?.card ?? null;
}

/** The abilities told to their target in the second person. */
const TOLD_TO_YOU = ['steal', 'discardAlly', 'gift', 'returnFaceDown', 'insight', 'mask', 'demonChoice'] as const;
const toldToYou = (kind: string): kind is (typeof TOLD_TO_YOU)[number] => (TOLD_TO_YOU as readonly string[]).includes(kind);

/** The lines of one event. */
export function linesOf(e: VisibleEvent, ctx: StoryContext): [LineKind, string][] {
  const { t, names, book, lang } = ctx;
  const name = (seat: Seat | undefined) => (seat === undefined ? '?' : (names[seat] ?? `#${seat + 1}`));
  const card = (id: string | null | undefined) => (id ? book.cardName(id, lang) : '?');
  const history = (ids: readonly string[]) => ids.map((h) => book.historyName(h, lang)).join(', ');
  switch (e.type) {
    case 'roundStarted': {
      const out: [LineKind, string][] = [['round', t('log.roundStarted', { n: e.round + 1, history: history(e.history) })]];
      if (e.burned) out.push(['round', t('log.burned', { card: card(e.burned) })]);
      out.push(['round', t('log.startSeat', { name: name(e.startSeat), card: card(e.themeCard) })]);
      return out;
    }
    case 'dealt':
      return [['round', t('log.dealt', { n: e.handCounts[0] ?? 0 })]];
    case 'cardPlayed':
      if (!e.faceDown) return [['play', t('log.played', { name: name(e.seat), card: card(e.card) })]];
      return [['play', e.card ? t('log.playedFaceDownOwn', { name: name(e.seat), card: card(e.card) }) : t('log.playedFaceDown', { name: name(e.seat) })]];
    case 'abilityUsed': {
      const params = { name: name(e.seat), target: name(e.choice.target ?? e.faceDownOwner), card: card(e.choice.card) };
      const kind = e.kind === 'return' && e.faceDownOwner !== undefined ? 'returnFaceDown' : e.kind;
      const toYou = ctx.me != null && e.seat !== ctx.me && (e.choice.target ?? e.faceDownOwner) === ctx.me;
      return [['ability', t(toYou && toldToYou(kind) ? `log.abilityToYou.${kind}` : `log.ability.${kind}`, params)]];
    }
    case 'meetingEnded':
      return meetingLines(e.meeting, e.reason, ctx).map((text) => ['meeting', text]);
    case 'roundScored': {
      const s = e.score;
      const out: string[] = [t('log.round.ends', { n: s.round + 1 })];
      if (s.purge) {
        const { seat, count } = s.purge;
        const unseen = count - e.purged.length;
        const cards = [...e.purged.map(card), ...(unseen > 0 ? [t('log.round.fromHand', { n: unseen })] : [])];
        out.push(cards.length > 0 ? t('log.round.angel', { name: name(seat), cards: cards.join(', ') }) : t('log.round.angelNone', { name: name(seat) }));
      }
      if (s.evilMonopoly !== null) out.push(t('log.round.monopoly', { name: name(s.evilMonopoly) }));
      else {
        for (const seat of s.excluded) out.push(t('log.round.excluded', { name: name(seat) }));
        for (const h of s.history) {
          const winners = s.seats.flatMap((x, seat) => (x.met.includes(h) ? [name(seat)] : []));
          const counts = countsFor(h, s.seats, ctx);
          const told = counts ? `${history([h])} (${counts})` : history([h]);
          out.push(winners.length > 0 ? t('log.round.history', { history: told, names: winners.join(', ') }) : t('log.round.historyNobody', { history: told }));
        }
      }
      out.push(t('log.round.fame', { fame: e.fame.map((f, seat) => `${name(seat)} ${f}`).join(', ') }));
      return out.map((text) => ['score', text]);
    }
    case 'gameOver':
      return [['over', t('log.gameOver', { n: e.winners.length, names: e.winners.map(name).join(', ') })]];
  }
}

/** What a history card counts, seat by seat (those not excluded): "Power: Ann 5, Bob 3"; null when the counts do not tell it. */
function countsFor(h: string, seats: RoundScoreView['seats'], ctx: StoryContext): string | null {
  const { t, names, book } = ctx;
  const condition = book.history(h)?.condition;
  let what: string;
  let count: (s: RoundScoreView['seats'][number]) => number;
  switch (condition?.kind) {
    case 'mostSuit':
    case 'fewestSuit': {
      const suit = condition.suit;
      what = t(`suit.${suit}`);
      count = (s) => s[suit];
      break;
    }
    case 'mostTotal':
    case 'fewestTotal':
      what = t('score.total');
      count = (s) => s.total;
      break;
    case 'mostEvil':
      what = t('score.evil');
      count = (s) => s.evil;
      break;
    default:
      return null;
  }
  const counts = seats.flatMap((s, seat) => (s.excluded ? [] : [`${names[seat] ?? `#${seat + 1}`} ${count(s)}`]));
  return counts.length > 0 ? t('log.round.counts', { what, counts: counts.join(', ') }) : null;
}

/** A finished meeting: who won and why, a Halt, then where the cards went. */
export function meetingLines(m: MeetingSummaryView, reason: 'king' | 'highest' | 'lowest' | 'leader', ctx: StoryContext): string[] {
  const { t, names, book, lang } = ctx;
  const winner = names[m.winner] ?? '';
  const best = winningCard(m);
  const out: string[] = [];
  if (m.halted) out.push(t('log.meeting.halted'));
  out.push(t(`log.meeting.${reason}`, { name: winner, card: best ? book.cardName(best, lang) : '' }));
  if (m.burned) out.push(t('log.meeting.burned'));
  else {
    // The Demon went where its player chose (told by that ability's line); the rest to the winner.
    const taken = m.plays.filter((p) => !p.returned).length - (m.demonTo === null ? 0 : 1);
    if (taken > 0) out.push(t('log.meeting.taken', { name: winner, n: taken }));
  }
  return out;
}

/** The last finished meeting in the log (it outlives its round), with its story. */
export function lastMeetingOf(log: readonly EventBatch[]): Extract<VisibleEvent, { type: 'meetingEnded' }> | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const events = log[i]!.events;
    for (let j = events.length - 1; j >= 0; j--) {
      const e = events[j]!;
      if (e.type === 'meetingEnded') return e;
    }
  }
  return null;
}

/**
 * A move in words, as the player would say it: "Play Witch face down", "Steal Witch from Ann".
 * `kind` is what was being decided (the view's `toAct.kind` then): an answer names only the
 * seats and cards the ability takes, so it says what it does only with its ability.
 */
export function actionText(action: Action, kind: 'play' | DecisionKind, ctx: StoryContext): string {
  const { t, names, book, lang } = ctx;
  if ('play' in action) return t(action.faceDown ? 'move.playFaceDown' : 'move.play', { card: book.cardName(action.play, lang) });
  const { target, card, place } = action.choose;
  const name = (seat: Seat | undefined) => (seat === undefined ? '?' : (names[seat] ?? `#${seat + 1}`));
  const params = { name: name(target ?? place), card: card === undefined ? '?' : book.cardName(card, lang) };
  if (kind === 'return' && place !== undefined) return t('move.returnFaceDown', params);
  return t(`move.${kind === 'play' ? 'play' : kind}`, params);
}
