// Who a sentence is about, as the reader meets it. A sentence about one seat is told to "you"
// when that seat is the reader's; one with a target too has five voices: by name (`other`),
// the reader acting (`you`), the reader as target (`toYou`), a seat acting on itself (`self`),
// the reader on themselves (`yourself`). Each voice is its own message in every language
// (i18n/en.ts `log.*.<voice>`): a translator writes whole sentences, never pieces of one, and
// a name never stands where a pronoun belongs.
import type { Language, Seat } from '../../../../shared/rules/types';
import type { CardBook } from '../cards/card-book';
import type { MessageKey, MessageParams } from '../i18n/index.svelte';

type Translate = (key: MessageKey, params?: MessageParams) => string;

/** Who reads the story, and in what words: what every sentence is told to. */
export interface StoryContext {
  /** Display names by seat (the reader's own is never told: "you" stands for it). */
  readonly names: readonly string[];
  /** The reader's seat, told as "you" ("You masked your ally Witch", "Bot 4 stole your Demon"); none for a spectator. */
  readonly me?: Seat | null;
  readonly lang: Language;
  readonly book: CardBook;
  readonly t: Translate;
}

export type Voice = 'other' | 'you';
export type Voice2 = Voice | 'toYou' | 'self' | 'yourself';

/** The voice of a sentence about `seat`, for the reader at `me` (null: a spectator). */
export function voiceOf(seat: Seat | undefined, me: Seat | null | undefined): Voice {
  return me != null && seat === me ? 'you' : 'other';
}

/** The voice of a sentence where `actor` does something to `target`. */
export function voice2Of(actor: Seat, target: Seat | undefined, me: Seat | null | undefined): Voice2 {
  const mine = me != null && actor === me;
  if (target === actor) return mine ? 'yourself' : 'self';
  if (mine) return 'you';
  return me != null && target === me ? 'toYou' : 'other';
}

/** Names joined as the language joins a list ("Ann, Bob and Cyd"; "Ann, Bob és Cyd"). */
export function listOf(lang: Language, names: readonly string[]): string {
  return new Intl.ListFormat(lang, { type: 'conjunction', style: 'long' }).format(names);
}
