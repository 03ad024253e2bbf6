// A table read from one seat (or as a spectator), the same way on every screen that shows one:
// the game screen, the shared board and the replay viewer. The seats' names (a seat the page
// knows nothing of is "Seat n", a bot without a name "Bot n"), the words the story is told in,
// the story's lines and the rule facts the view carries. Nothing here decides a rule: the view
// says whether the theme card must open.
import type { CardBook } from '../../../../shared/card-book';
import type { EventBatch } from '../../../../shared/protocol/event-log';
import type { SeatInfo } from '../../../../shared/protocol/table-info';
import type { Seat } from '../../../../shared/rules/types';
import type { PlayerView } from '../../../../shared/rules/view';
import { i18n, t } from '../i18n/index.svelte';
import { seatName } from './seats';
import type { StoryContext, StoryLine } from '../story/describe';
import { ToldLines } from '../story/told-lines';
import { seatsOf } from '../../../../shared/ids';

/** What the page knows of a seat: its player's name, or that a bot plays it. */
export type KnownSeat = Pick<SeatInfo, 'name' | 'kind'>;

export interface TableSource {
  /** The view read; null while there is none yet. */
  readonly view: () => PlayerView | null;
  /** How many seats the table has (known before its first view). */
  readonly players: () => number;
  /** Each seat as the page knows it, by seat; null when it knows none of them. */
  readonly seats: () => readonly (KnownSeat | undefined)[] | null;
  /** The reader's seat (told as "you"); null for a spectator. */
  readonly me: () => Seat | null;
  readonly book: () => CardBook;
  /** The events told as the story's lines. */
  readonly log: () => readonly EventBatch[];
}

export class TableReading {
  readonly #source: TableSource;
  readonly #told = new ToldLines();

  readonly view = $derived.by(() => this.#source.view());
  /** The seats' display names, by seat. */
  readonly names: readonly string[] = $derived.by(() => {
    const seats = this.#source.seats();
    return seatsOf(this.#source.players()).map((seat) => seatName(seats?.[seat], seat, t));
  });
  /** The words the story and the game log are told in. */
  readonly storyContext: StoryContext = $derived.by(() => ({ names: this.names, me: this.#source.me(), lang: i18n.lang, book: this.#source.book(), t }));
  /** The log, told (each batch once). */
  readonly storyLines: readonly StoryLine[] = $derived.by(() => this.#told.of(this.#source.log(), this.storyContext));
  /** The line under the history cards: the theme card must open the round (the engine's word, from the view). */
  readonly themeCardOpens = $derived(this.view?.themeCardMustOpen ?? false);

  constructor(source: TableSource) {
    this.#source = source;
  }
}
