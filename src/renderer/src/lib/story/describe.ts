// The game's events told in plain words, in the reader's language: one line per thing that
// happened, naming who did what to whom. Display only: every fact comes from the (redacted)
// events, nothing is decided here.
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type { Seat } from '../../../../shared/rules/types';
import type { MeetingSummaryView, VisibleEvent } from '../../../../shared/rules/view';
import type { MessageKey } from '../i18n/index.svelte';
import { roundLines } from './round-lines';
import { type StoryContext, listOf, voice2Of, voiceOf } from './voice';
import { type CardId, cardIdOf } from '../../../../shared/ids';

// Who the story is told to is the voice's (round-lines.ts reads it too, and describe.ts reads round-lines.ts).
export type { StoryContext } from './voice';

export type LineKind = 'round' | 'play' | 'ability' | 'meeting' | 'score' | 'over';

export interface StoryLine {
  /** The version the event produced. */
  readonly version: number;
  readonly kind: LineKind;
  readonly text: string;
}

/** Every line of a log, in order. */
export function storyOf(log: readonly EventBatch[], ctx: StoryContext): StoryLine[] {
  return log.flatMap((batch) => batchLines(batch, ctx));
}

/** The lines of one batch of events, each with the version they produced. */
export function batchLines(batch: EventBatch, ctx: StoryContext): StoryLine[] {
  return batch.events.flatMap((e) => linesOf(e, ctx).map(([kind, text]) => ({ version: batch.version, kind, text })));
}

/** The played card that made the winner win, if a card did. */
export function winningCard(m: MeetingSummaryView): CardId | null {
  return m.plays.find((p) => p.seat === m.winner && !p.faceDown && !p.returned)?.card ?? null;
}

/** The abilities with a target: told in five voices (voice.ts); the others in two. */
const TARGETED = ['steal', 'discardAlly', 'gift', 'returnFaceDown', 'insight', 'mask', 'demonChoice'] as const;
const targeted = (kind: string): kind is (typeof TARGETED)[number] => (TARGETED as readonly string[]).includes(kind);

/** The lines of one event. */
export function linesOf(e: VisibleEvent, ctx: StoryContext): [LineKind, string][] {
  const { t, names, book, lang, me } = ctx;
  const name = (seat: Seat | undefined) => (seat === undefined ? '?' : (names[seat] ?? `#${seat + 1}`));
  const card = (id: CardId | null | undefined) => (id ? book.cardName(id, lang) : '?');
  const history = (ids: readonly string[]) => ids.map((h) => book.historyName(h, lang)).join(', ');
  switch (e.type) {
    case 'roundStarted': {
      const out: [LineKind, string][] = [['round', t('log.roundStarted', { n: e.round + 1, history: history(e.history) })]];
      if (e.burned) out.push(['round', t('log.burned', { card: card(e.burned) })]);
      out.push(['round', t(`log.startSeat.${voiceOf(e.startSeat, me)}`, { name: name(e.startSeat), card: card(e.themeCard) })]);
      return out;
    }
    case 'dealt':
      return [['round', t('log.dealt', { n: e.handCounts[0] ?? 0 })]];
    case 'cardPlayed': {
      const v = voiceOf(e.seat, me);
      const key = !e.faceDown ? `log.played.${v}` : e.card ? `log.playedFaceDownCard.${v}` : `log.playedFaceDown.${v}`;
      return [['play', t(key as MessageKey, { name: name(e.seat), card: card(e.card) })]];
    }
    case 'abilityUsed': {
      const target = e.choice.target ?? e.faceDownOwner;
      // The ability's own card names itself where the choice names none (the Demon given away).
      const params = { name: name(e.seat), target: name(target), card: card(e.choice.card ?? (e.kind === 'demonChoice' ? e.source : undefined)) };
      const kind = e.kind === 'return' && e.faceDownOwner !== undefined ? 'returnFaceDown' : e.kind;
      if (targeted(kind)) return [['ability', t(`log.ability.${kind}.${voice2Of(e.seat, target, me)}`, params)]];
      return [['ability', t(`log.ability.${kind}.${voiceOf(e.seat, me)}`, params)]];
    }
    case 'meetingEnded':
      return meetingLines(e.meeting, e.reason, ctx).map((text) => ['meeting', text]);
    case 'roundScored':
      return roundLines(e, ctx).map((text) => ['score', text]);
    case 'gameOver': {
      if (me == null || !e.winners.includes(me)) return [['over', t('log.gameOver.other', { n: e.winners.length, names: listOf(lang, e.winners.map(name)) })]];
      const others = e.winners.filter((s) => s !== me);
      return [['over', others.length === 0 ? t('log.gameOver.you') : t('log.gameOver.youShare', { n: others.length, names: listOf(lang, others.map(name)) })]];
    }
  }
}

/** A finished meeting: who won and why, a Halt, then where the cards went. */
export function meetingLines(m: MeetingSummaryView, reason: 'king' | 'highest' | 'lowest' | 'leader', ctx: StoryContext): string[] {
  const { t, names, book, lang, me } = ctx;
  const winner = names[m.winner] ?? '';
  const v = voiceOf(m.winner, me);
  const best = winningCard(m);
  const out: string[] = [];
  if (m.halted) out.push(t('log.meeting.halted'));
  out.push(t(`log.meeting.${reason}.${v}`, { name: winner, card: best ? book.cardName(best, lang) : '', king: book.cardName(cardIdOf('king'), lang) }));
  if (m.burned) out.push(t('log.meeting.burned', { dragon: book.cardName(cardIdOf('dragon'), lang) }));
  else {
    // The Demon went where its player chose (told by that ability's line); the rest to the winner.
    const taken = m.plays.filter((p) => !p.returned).length - (m.demonTo === null ? 0 : 1);
    if (taken > 0) out.push(t(`log.meeting.taken.${v}`, { name: winner, n: taken }));
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
