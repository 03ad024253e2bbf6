// Display names of the seats at a table; a seat without a name is called by its number.
import type { SeatInfo, TableInfo } from '../../../../shared/protocol/table-info';
import type { Action, ChooseAction, PlayAction } from '../../../../shared/rules/actions';
import type { CardId, Seat } from '../../../../shared/rules/types';
import type { MessageKey, MessageParams } from '../i18n/index.svelte';
import { seatsOf } from '../../../../shared/ids';

type Translate = (key: MessageKey, params?: MessageParams) => string;

/** A seat's display name: the player's name, else "Bot 3" for a bot, else "Seat 3". */
export function seatName(info: Pick<SeatInfo, 'name' | 'kind'> | undefined, seat: Seat, t: Translate): string {
  if (info?.name) return info.name;
  return t(info?.kind === 'bot' ? 'table.botName' : 'table.seatName', { n: seat + 1 });
}

export function seatNames(table: TableInfo | null, players: number, t: Translate): string[] {
  return seatsOf(players).map((seat) => seatName(table?.seats[seat], seat, t));
}

/** The legal plays by card (a card has at most one legal way to be played). */
export function playsByCard(actions: readonly Action[]): Map<CardId, PlayAction> {
  const out = new Map<CardId, PlayAction>();
  for (const a of actions) if ('play' in a) out.set(a.play, a);
  return out;
}

export function choiceActions(actions: readonly Action[]): ChooseAction[] {
  return actions.filter((a): a is ChooseAction => 'choose' in a);
}
