// The one card sheet of the table: what a tap, a click or Enter on a card opens (a card in the
// meeting, a history card, the discard pile, a seat's allies, Insight, a hand card on a touch
// screen). One at a time; the game screen draws it and closes it.
import type { CardId, HistoryId } from '../../../../shared/rules/types';

/** One card the sheet shows in full: a character card (masked when it lies face down as an ally) or a history card. */
export type SheetEntry = { readonly card: CardId; readonly masked?: boolean } | { readonly history: HistoryId };

export interface OpenSheet {
  readonly entries: readonly SheetEntry[];
  /** The sheet's title when it shows several cards (a seat's allies); one card is titled by its name. */
  readonly title?: string;
  /** A card of your hand: the sheet offers its play (or says why it cannot be played). */
  readonly hand?: boolean;
  /** Names the dialog for tests and the coach (`card-sheet` unless said). */
  readonly testid?: string;
}

class CardSheetState {
  open = $state<OpenSheet | null>(null);
  show(sheet: OpenSheet): void {
    this.open = sheet;
  }
  close(): void {
    this.open = null;
  }
}

export const cardSheet = new CardSheetState();
